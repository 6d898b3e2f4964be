import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { Plan, TelephonyKind } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Notice, Pager, Spinner, Table, type TableColumn } from '@crm/ui';
import { adminEndpoint, adminPlansQueryOptions, telephonyPlanKeys } from '../admin-queries';
import { ListSearch } from '../ListSearch';
import { useListParams } from '../list-params';
import { PlanFormDialog } from './PlanFormDialog';
import { TelephonyAdminFrame } from './TelephonyAdminFrame';
import { TELEPHONY_LABELS, planPriceText, unitsText } from './telephony-labels';

/** Plans per page. */
export const TELEPHONY_ADMIN_PAGE_SIZE = 25;

export type TelephonyPageProps = { product: TelephonyKind };

/**
 * /admin/{product}/plans: the company's plans of that kind, inactive ones included, searched by
 * name and paged on the server; create and edit in a dialog, delete after confirming (a plan that
 * subscriptions use is made inactive instead).
 */
export function TelephonyPlansPage({ product }: TelephonyPageProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { page, values, go } = useListParams(['q']);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const plans = useQuery(adminPlansQueryOptions(client, product, { q: values.q || undefined, page, limit: TELEPHONY_ADMIN_PAGE_SIZE }));
  const remove = useMutation({
    mutationFn: (plan: Plan) => client.call(adminEndpoint(product, 'deletePlan'), { params: { id: plan.id } }),
    onSuccess: async (_answer, plan) => {
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      setNotice(`${plan.name} is deleted (or inactive, when subscriptions use it).`);
      setDeleting(null);
    },
  });

  const columns: TableColumn<Plan>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (plan) => plan.name },
    { id: 'price', header: 'Price of a licence', cell: planPriceText },
    { id: 'units', header: 'Per licence', cell: (plan) => unitsText(plan.units_per_license, plan.unit) },
    { id: 'enterprise', header: 'Enterprise', cell: (plan) => (plan.enterprise ? 'Yes' : 'No') },
    { id: 'status', header: 'Status', cell: (plan) => (plan.active ? 'Active' : 'Inactive') },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (plan) => (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" aria-label={`Edit ${plan.name}`} onClick={() => setEditing(plan)}>
            Edit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Delete ${plan.name}`}
            onClick={() => {
              remove.reset();
              setDeleting(plan);
            }}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <TelephonyAdminFrame
      product={product}
      section="plans"
      actions={
        <Button
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          New plan
        </Button>
      }
    >
      <ListSearch name={`${TELEPHONY_LABELS[product]} plans`} label="Search by name" value={values.q} onSearch={(q) => go({ q })} />
      <Notice message={notice} />
      {plans.isPending ? (
        <Spinner label="Loading the plans" />
      ) : plans.isError ? (
        <FormError message={apiErrorMessage(plans.error)} />
      ) : (
        <>
          <Table
            caption={`${TELEPHONY_LABELS[product]} plans`}
            captionHidden
            columns={columns}
            rows={plans.data.data}
            getRowKey={(plan) => plan.id}
            empty={<EmptyState title={values.q ? 'No plans match your search' : 'No plans yet'} />}
          />
          <Pager label="Pages of plans" page={page} totalPages={plans.data.meta.total_pages} onPage={(next) => go({ page: next })} />
        </>
      )}
      <PlanFormDialog
        product={product}
        plan={editing}
        onClose={() => setEditing(null)}
        onSaved={(plan, created) => setNotice(`${plan.name} is ${created ? 'created' : 'saved'}.`)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : ''}
        description="A plan that subscriptions use is made inactive instead: they keep it, and it is no longer offered."
        confirmLabel="Delete plan"
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error) : null}
      />
    </TelephonyAdminFrame>
  );
}
