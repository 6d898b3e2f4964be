import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_RECURRENCES,
  CAMPAIGN_TRIGGER_TYPES,
  TRIGGER_TYPE_LABELS,
  type CampaignChannel,
  type CampaignRecurrence,
  type CampaignTrigger,
  type CampaignTriggerType,
} from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Field, Notice, PageHeader, Pager, Select, Spinner, Table, type TableColumn } from '@crm/ui';
import { adminKeys, campaignTriggersQueryOptions } from '../admin-queries';
import { useListParams } from '../list-params';
import { CampaignTriggerFormDialog } from './CampaignTriggerFormDialog';
import { CHANNEL_LABELS, optionsOf, RECURRENCE_LABELS, SCOPE_LABELS, typeLabel } from './campaign-trigger-labels';

/** Triggers per page. */
export const CAMPAIGN_TRIGGERS_PAGE_SIZE = 25;

const ANY = 'any';
const withAny = <K extends string>(labels: Record<K, string>, any: string) => [{ value: ANY, label: any }, ...optionsOf(labels)];
const oneOf = <K extends string>(values: readonly K[], value: string): K | undefined => (values.includes(value as K) ? (value as K) : undefined);

/**
 * /admin/campaign-triggers (administrators): the company's and the brand's reusable text and
 * e-mail messages, filtered by when they go, how often and how they are sent (in the address), a
 * page at a time; create and edit in a dialog, delete after confirming. The brand's triggers are a
 * System Admin's to change; others see them marked so, without Edit or Delete.
 */
export function CampaignTriggersPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const systemAdmin = Boolean(user?.roles.includes('admin'));
  const { page, values, go } = useListParams(['trigger_type', 'recurrence', 'channel']);
  const query = {
    trigger_type: oneOf<CampaignTriggerType>(CAMPAIGN_TRIGGER_TYPES, values.trigger_type),
    recurrence: oneOf<CampaignRecurrence>(CAMPAIGN_RECURRENCES, values.recurrence),
    channel: oneOf<CampaignChannel>(CAMPAIGN_CHANNELS, values.channel),
    page,
    limit: CAMPAIGN_TRIGGERS_PAGE_SIZE,
  };
  const triggers = useQuery(campaignTriggersQueryOptions(client, query));
  const [editing, setEditing] = useState<CampaignTrigger | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CampaignTrigger | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (trigger: CampaignTrigger) => client.call('deleteCampaignTrigger', { params: { id: trigger.id } }),
    onSuccess: async (_answer, trigger) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.campaignTriggers() });
      setNotice(`${trigger.name} is deleted.`);
      setDeleting(null);
    },
  });
  const mayChange = (trigger: CampaignTrigger) => trigger.scope === 'company' || systemAdmin;

  const columns: TableColumn<CampaignTrigger>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (trigger) => trigger.name },
    { id: 'channel', header: 'Sent as', cell: (trigger) => CHANNEL_LABELS[trigger.channel] },
    { id: 'type', header: 'When', cell: typeLabel },
    { id: 'recurrence', header: 'Recurs', cell: (trigger) => RECURRENCE_LABELS[trigger.recurrence] },
    { id: 'scope', header: 'For', cell: (trigger) => SCOPE_LABELS[trigger.scope] },
    { id: 'status', header: 'Status', cell: (trigger) => (trigger.active ? 'Active' : 'Inactive') },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (trigger) =>
        mayChange(trigger) ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" size="sm" aria-label={`Edit ${trigger.name}`} onClick={() => setEditing(trigger)}>
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Delete ${trigger.name}`}
              onClick={() => {
                remove.reset();
                setDeleting(trigger);
              }}
            >
              Delete
            </Button>
          </div>
        ) : (
          <span className="text-sm text-muted">Kept by a System Admin</span>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <PageHeader title="Campaign triggers" />
          <p className="max-w-prose text-sm text-muted">
            Reusable texts and e-mails: what they say, when they are meant to go and how often. Agents pick an active one when they text or
            e-mail a contact.
          </p>
        </div>
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          New trigger
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="When">
          <Select options={withAny(TRIGGER_TYPE_LABELS, 'Any time')} value={query.trigger_type ?? ANY} onValueChange={(next) => go({ trigger_type: next === ANY ? '' : next })} />
        </Field>
        <Field label="Recurs">
          <Select options={withAny(RECURRENCE_LABELS, 'Any recurrence')} value={query.recurrence ?? ANY} onValueChange={(next) => go({ recurrence: next === ANY ? '' : next })} />
        </Field>
        <Field label="Sent as">
          <Select options={withAny(CHANNEL_LABELS, 'Texts and e-mails')} value={query.channel ?? ANY} onValueChange={(next) => go({ channel: next === ANY ? '' : next })} />
        </Field>
      </div>
      <Notice message={notice} />
      {triggers.isPending ? (
        <Spinner label="Loading the campaign triggers" />
      ) : triggers.isError ? (
        <FormError message={apiErrorMessage(triggers.error)} />
      ) : (
        <>
          <Table
            caption="Campaign triggers"
            captionHidden
            columns={columns}
            rows={triggers.data.data}
            getRowKey={(trigger) => trigger.id}
            empty={<EmptyState title={values.trigger_type || values.recurrence || values.channel ? 'No triggers match these filters' : 'No campaign triggers yet'} />}
          />
          <Pager label="Pages of campaign triggers" page={page} totalPages={triggers.data.meta.total_pages} onPage={(next) => go({ page: next })} />
        </>
      )}
      <CampaignTriggerFormDialog
        trigger={editing}
        brandWide={systemAdmin}
        onClose={() => setEditing(null)}
        onSaved={(trigger, created) => setNotice(`${trigger.name} is ${created ? 'created' : 'saved'}.`)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : ''}
        description="Agents are no longer offered it. What was sent with it stays sent."
        confirmLabel="Delete trigger"
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error) : null}
      />
    </div>
  );
}
