import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, isAbortError, useApiClient } from '@crm/api-client';
import { licenceExhausted, telephonyPlanEndpointTables, type License, type TelephonyKind, type SubscriptionType } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, Checkbox, EmptyState, Field, Input, Notice, Pager, Spinner, Table, type TableColumn } from '@crm/ui';
import { usePageParam } from '../usePageParam';
import { telephonyPlanEndpointName, telephonyLicensesQueryOptions, useRefreshTelephonyPlans } from './telephony-plan-queries';
import { formatUnits } from './telephony-format';

/** What a row's controls hold until it is saved. */
type Draft = { allocation: string; paid: boolean };
/** A row's messages: beside the allocation, beside the paid toggle, and for the row as a whole. */
type RowErrors = Partial<Record<'allocation' | 'paid' | 'base', string>>;

export type LicenseTableProps = {
  product: TelephonyKind;
  subscriptionId: number;
  subscriptionType: SubscriptionType;
  /** `minutes`, `segments`. */
  unit: string;
  /** The payer (or an administrator) changes allocations, one row at a time. */
  editable: boolean;
  /** An administrator also changes the paid state (for the payer it follows the money: a licence is paid when its order is). */
  paidEditable?: boolean;
};

/** A row's id for the elements of its controls. */
const allocationId = (license: License) => `license-${license.id}-allocation`;

/** The messages of a failed save: a 422's beside the fields it names, anything else for the row. */
function errorsOf(error: unknown): RowErrors {
  if (error instanceof ApiError && error.status === 422) {
    const { allocation, paid, ...rest } = error.fieldErrors();
    const base = Object.values(rest)[0];
    return { ...(allocation && { allocation }), ...(paid && { paid }), ...(base && { base }) };
  }
  return { base: apiErrorMessage(error) };
}

/**
 * The licences of a subscription (agent, allocation, used this period, paid), paged on the server.
 * For the payer each row is edited in place: the allocation and the paid toggle are saved together
 * with the row's Save button (or Enter in the allocation), and the server's refusals, such as an
 * allocation beyond what was bought or for a user outside the downline, show beside the field.
 */
export function LicenseTable({ product, subscriptionId, subscriptionType, unit, editable, paidEditable = false }: LicenseTableProps) {
  const client = useApiClient();
  const refresh = useRefreshTelephonyPlans(product);
  const [page, setPage] = usePageParam();
  const query = useQuery({ ...telephonyLicensesQueryOptions(client, product, subscriptionId, page), placeholderData: (previous) => previous });
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);

  const draftOf = (license: License): Draft => drafts[license.id] ?? { allocation: String(license.allocation), paid: license.paid };
  const handleEdit = (license: License, change: Partial<Draft>) =>
    setDrafts((current) => ({ ...current, [license.id]: { ...draftOf(license), ...change } }));
  const showErrors = (license: License, rowErrors: RowErrors) => {
    setErrors((current) => ({ ...current, [license.id]: rowErrors }));
    if (rowErrors.allocation) document.getElementById(allocationId(license))?.focus();
  };

  const handleSave = async (license: License) => {
    const draft = draftOf(license);
    const text = draft.allocation.trim();
    setNotice(null);
    if (text === '') return showErrors(license, { allocation: 'Allocation is required' });
    const parsed = telephonyPlanEndpointTables[product].updateLicense.body.safeParse({ allocation: Number(text), ...(paidEditable && { paid: draft.paid }) });
    if (!parsed.success) {
      const found: RowErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'paid' ? 'paid' : 'allocation';
        found[field] ??= issue.message;
      }
      return showErrors(license, found);
    }
    setSaving((current) => new Set(current).add(license.id));
    try {
      const answer = await client.call(telephonyPlanEndpointName(product, 'updateLicense'), { params: { id: license.id }, body: parsed.data });
      setErrors((current) => ({ ...current, [license.id]: {} }));
      setDrafts(({ [license.id]: _saved, ...rest }) => rest);
      setNotice(
        `Saved the licence of ${answer.data.user.name}: ${formatUnits(answer.data.allocation)} ${unit}, ${answer.data.paid ? 'paid' : 'not paid'}.`,
      );
      await refresh();
    } catch (error) {
      if (!isAbortError(error)) showErrors(license, errorsOf(error));
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(license.id);
        return next;
      });
    }
  };

  const quotaNote = (license: License) => {
    if (license.awaiting_payment || subscriptionType === 'self' || !licenceExhausted(license)) return null;
    return <span className="block text-danger">{license.paid ? 'Allocation used up' : 'Not paid'}</span>;
  };

  const columns: TableColumn<License>[] = [
    { id: 'agent', header: 'Agent', rowHeader: true, cell: (license) => license.user.name },
    {
      id: 'allocation',
      header: `Allocation (${unit})`,
      cell: (license) =>
        editable && !license.awaiting_payment ? (
          <Field label={<span className="sr-only">Allocation of {license.user.name}</span>} error={errors[license.id]?.allocation} className="max-w-64">
            <Input
              id={allocationId(license)}
              inputMode="numeric"
              autoComplete="off"
              value={draftOf(license).allocation}
              onChange={(event) => handleEdit(license, { allocation: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void handleSave(license);
                }
              }}
            />
          </Field>
        ) : (
          formatUnits(license.allocation)
        ),
    },
    {
      id: 'used',
      header: `Used this month (${unit})`,
      align: 'end',
      cell: (license) => (
        <>
          {formatUnits(license.used)}
          {quotaNote(license)}
        </>
      ),
    },
    {
      id: 'paid',
      header: 'Paid',
      cell: (license) =>
        license.awaiting_payment ? (
          <span className="font-medium">Waiting for payment</span>
        ) : editable && paidEditable ? (
          <div className="flex flex-col">
            <Checkbox
              label={<span className="sr-only">Paid licence of {license.user.name}</span>}
              checked={draftOf(license).paid}
              onCheckedChange={(checked) => handleEdit(license, { paid: checked === true })}
            />
            {errors[license.id]?.paid && <p className="text-sm font-medium text-danger">{errors[license.id]?.paid}</p>}
          </div>
        ) : license.paid ? (
          'Yes'
        ) : (
          'No'
        ),
    },
  ];
  if (editable) {
    columns.push({
      id: 'save',
      header: <span className="sr-only">Save</span>,
      cell: (license) =>
        license.awaiting_payment ? null : (
          <div className="flex flex-col gap-1">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={`Save the licence of ${license.user.name}`}
              loading={saving.has(license.id)}
              onClick={() => void handleSave(license)}
            >
              Save
            </Button>
            {errors[license.id]?.base && <FormError message={errors[license.id]?.base} />}
          </div>
        ),
    });
  }

  if (query.isPending) return <Spinner label="Loading the licences" />;
  if (query.isError) return <FormError message={apiErrorMessage(query.error)} />;
  return (
    <div className="flex flex-col gap-3">
      <Table
        caption="Licences"
        captionHidden
        scrollLabel="Licence table"
        columns={columns}
        rows={query.data.data}
        getRowKey={(license) => license.id}
        empty={<EmptyState title="No licences yet" />}
      />
      <Notice message={notice} />
      <Pager label="Pages of the licences" page={page} totalPages={query.data.meta.total_pages} onPage={setPage} />
    </div>
  );
}
