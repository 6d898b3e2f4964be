import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { Subscription } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, ConfirmDialog, Dialog, DialogClose, EmptyState, Field, Notice, Pager, Select, Spinner, Table, type TableColumn } from '@crm/ui';
import { formatPeriodDate } from '@crm/util';
import { adminEndpoint, adminSubscriptionsQueryOptions, telephonyPlanKeys } from '../admin-queries';
import { ListSearch } from '../ListSearch';
import { useListParams } from '../list-params';
import { TelephonyAdminFrame } from './TelephonyAdminFrame';
import { TELEPHONY_ADMIN_PAGE_SIZE, type TelephonyPageProps } from './TelephonyPlansPage';
import { TELEPHONY_LABELS, statusLabel, subscriptionChoiceLabel, subscriptionOwner, SUBSCRIPTION_TYPE_LABELS } from './telephony-labels';
import { SubscriptionFormDialog } from './SubscriptionFormDialog';

const ACTIVE_OPTIONS = [
  { value: 'all', label: 'All subscriptions' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Not active' },
];

type Change = { kind: 'activate' | 'cancel'; subscription: Subscription };

/**
 * /admin/{product}/subscriptions: the company's subscriptions of that kind, searched, filtered by
 * whether they are active, and paged on the server. New subscriptions for a user or the company;
 * a pending company subscription is activated here; any live one can be cancelled, at once or at
 * the end of its period.
 */
export function TelephonySubscriptionsPage({ product }: TelephonyPageProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { page, values, go } = useListParams(['q', 'active']);
  const [creating, setCreating] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const active = values.active === 'true' || values.active === 'false' ? values.active : undefined;
  const subscriptions = useQuery(
    adminSubscriptionsQueryOptions(client, product, { q: values.q || undefined, active, page, limit: TELEPHONY_ADMIN_PAGE_SIZE }),
  );
  const apply = useMutation({
    mutationFn: async ({ kind, subscription, atPeriodEnd }: Change & { atPeriodEnd?: boolean }) =>
      kind === 'activate'
        ? client.call(adminEndpoint(product, 'activateSubscription'), { body: { subscription_id: subscription.id } })
        : client.call(adminEndpoint(product, 'cancelSubscription'), { body: { subscription_id: subscription.id, at_period_end: atPeriodEnd ?? false } }),
    onSuccess: async (answer, { kind }) => {
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      const label = subscriptionChoiceLabel(answer.data);
      setNotice(
        kind === 'activate'
          ? `${label} is active.`
          : answer.data.cancel_at_period_end
            ? `${label} ends on ${formatPeriodDate(answer.data.current_period_end)}.`
            : `${label} is cancelled.`,
      );
      setChange(null);
    },
  });
  const start = (next: Change) => {
    apply.reset();
    setNotice(null);
    setChange(next);
  };
  const closeChange = (open: boolean) => {
    if (!open && !apply.isPending) setChange(null);
  };

  const columns: TableColumn<Subscription>[] = [
    { id: 'id', header: 'Subscription', rowHeader: true, cell: (s) => `#${s.id} ${s.plan.name}` },
    { id: 'type', header: 'Type', cell: (s) => SUBSCRIPTION_TYPE_LABELS[s.type] },
    { id: 'owner', header: 'For', cell: subscriptionOwner },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => (s.cancel_at_period_end && s.status === 'active' ? 'Active, ends with the period' : statusLabel(s.status)),
    },
    { id: 'licenses', header: 'Licences', align: 'end', cell: (s) => `${s.licenses_count} of ${s.quantity}` },
    { id: 'period', header: 'Paid until', cell: (s) => formatPeriodDate(s.current_period_end) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (s) => (
        <div className="flex flex-wrap justify-end gap-2">
          {s.status === 'pending' && (
            <Button size="sm" aria-label={`Activate subscription #${s.id}`} onClick={() => start({ kind: 'activate', subscription: s })}>
              Activate
            </Button>
          )}
          {(s.status === 'pending' || s.status === 'active') && !s.cancel_at_period_end && (
            <Button variant="secondary" size="sm" aria-label={`Cancel subscription #${s.id}`} onClick={() => start({ kind: 'cancel', subscription: s })}>
              Cancel
            </Button>
          )}
        </div>
      ),
    },
  ];

  const changing = change?.subscription;
  const changeError = apply.isError ? apiErrorMessage(apply.error) : null;
  return (
    <TelephonyAdminFrame
      product={product}
      section="subscriptions"
      actions={
        <Button
          onClick={() => {
            setNotice(null);
            setCreating(true);
          }}
        >
          New subscription
        </Button>
      }
    >
      <div className="flex flex-wrap items-end gap-4">
        <ListSearch name={`${TELEPHONY_LABELS[product]} subscriptions`} label="Search by plan or user" value={values.q} onSearch={(q) => go({ q })} />
        <Field label="Show">
          <Select options={ACTIVE_OPTIONS} value={active ?? 'all'} onValueChange={(next) => go({ active: next === 'all' ? '' : next })} className="min-w-48" />
        </Field>
      </div>
      <Notice message={notice} />
      {subscriptions.isPending ? (
        <Spinner label="Loading the subscriptions" />
      ) : subscriptions.isError ? (
        <FormError message={apiErrorMessage(subscriptions.error)} />
      ) : (
        <>
          <Table
            caption={`${TELEPHONY_LABELS[product]} subscriptions`}
            captionHidden
            columns={columns}
            rows={subscriptions.data.data}
            getRowKey={(s) => s.id}
            empty={<EmptyState title={values.q || active ? 'No subscriptions match' : 'No subscriptions yet'} />}
          />
          <Pager
            label="Pages of subscriptions"
            page={page}
            totalPages={subscriptions.data.meta.total_pages}
            onPage={(next) => go({ page: next })}
          />
        </>
      )}
      <SubscriptionFormDialog
        open={creating}
        product={product}
        onClose={() => setCreating(false)}
        onCreated={(s) => setNotice(`${subscriptionChoiceLabel(s)} is created.`)}
      />
      <ConfirmDialog
        open={change?.kind === 'activate'}
        onOpenChange={closeChange}
        title={changing ? `Activate ${subscriptionChoiceLabel(changing)}?` : ''}
        description="Its period starts today and its licences can be used at once."
        confirmLabel="Activate"
        variant="primary"
        onConfirm={() => change && apply.mutate(change)}
        pending={apply.isPending}
        error={changeError}
      />
      <Dialog
        open={change?.kind === 'cancel'}
        onOpenChange={closeChange}
        size="sm"
        title={changing ? `Cancel ${subscriptionChoiceLabel(changing)}?` : ''}
        description={
          changing?.status === 'active'
            ? `At the end of its period (${formatPeriodDate(changing.current_period_end)}) it stays usable until then; now ends it today. Its pending orders are cancelled.`
            : 'A pending subscription ends now, with its pending orders.'
        }
        footer={
          <>
            <DialogClose>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            {changing?.status === 'active' && (
              <Button variant="secondary" loading={apply.isPending} onClick={() => change && apply.mutate({ ...change, atPeriodEnd: true })}>
                At the period end
              </Button>
            )}
            <Button variant="danger" loading={apply.isPending} onClick={() => change && apply.mutate({ ...change, atPeriodEnd: false })}>
              Cancel now
            </Button>
          </>
        }
      >
        <p role="alert" className="text-sm font-medium text-danger">
          {changeError}
        </p>
      </Dialog>
    </TelephonyAdminFrame>
  );
}
