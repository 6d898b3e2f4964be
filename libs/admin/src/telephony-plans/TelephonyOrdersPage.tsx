import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, ORDER_STATUSES, type TelephonyOrder } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Field, Notice, Pager, Select, Spinner, Table, type TableColumn } from '@crm/ui';
import { formatCents, formatDate } from '@crm/util';
import { adminEndpoint, adminOrdersQueryOptions, telephonyPlanKeys } from '../admin-queries';
import { useListParams } from '../list-params';
import { OrderFormDialog } from './OrderFormDialog';
import { TelephonyAdminFrame } from './TelephonyAdminFrame';
import { isRefundable, RefundOrderDialog } from './RefundOrderDialog';
import { TELEPHONY_ADMIN_PAGE_SIZE, type TelephonyPageProps } from './TelephonyPlansPage';
import { TELEPHONY_LABELS, statusLabel } from './telephony-labels';

const STATUS_OPTIONS = [{ value: 'all', label: 'All orders' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))];
const KIND_LABELS: Record<TelephonyOrder['kind'], string> = { subscription: 'Subscription', licenses: 'More licences', admin: 'By an administrator', plan_change: 'Plan change' };
const isStatus = (value: string): value is TelephonyOrder['status'] => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * /admin/{product}/orders: the company's orders of that kind, filtered by status and paged on
 * the server; new orders for a subscription, a pending order cancelled after confirming, and a
 * paid one refunded (in part or whole) to the card it was charged to.
 */
export function TelephonyOrdersPage({ product }: TelephonyPageProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const { page, values, go } = useListParams(['status']);
  const status = isStatus(values.status) ? values.status : undefined;
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<TelephonyOrder | null>(null);
  const [refunding, setRefunding] = useState<TelephonyOrder | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const orders = useQuery(adminOrdersQueryOptions(client, product, { status, page, limit: TELEPHONY_ADMIN_PAGE_SIZE }));
  const cancel = useMutation({
    mutationFn: (order: TelephonyOrder) => client.call(adminEndpoint(product, 'cancelOrder'), { body: { order_id: order.id } }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      setNotice(`Order #${answer.data.id} is cancelled.`);
      setCancelling(null);
    },
  });

  const columns: TableColumn<TelephonyOrder>[] = [
    { id: 'id', header: 'Order', rowHeader: true, cell: (o) => `#${o.id}` },
    { id: 'date', header: 'Date', cell: (o) => formatDate(o.created_at, zone) },
    { id: 'subscription', header: 'Subscription', cell: (o) => `#${o.subscription_id}` },
    { id: 'kind', header: 'Kind', cell: (o) => KIND_LABELS[o.kind] },
    { id: 'user', header: 'Ordered by', cell: (o) => o.user?.name ?? '—' },
    { id: 'quantity', header: 'Licences', align: 'end', cell: (o) => o.quantity.toLocaleString('en-US') },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (o) => (o.refunded_cents ? `${formatCents(o.amount_cents)} (${formatCents(o.refunded_cents)} refunded)` : formatCents(o.amount_cents)),
    },
    { id: 'status', header: 'Status', cell: (o) => statusLabel(o.status) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (o) =>
        o.status === 'pending' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Cancel order #${o.id}`}
            onClick={() => {
              cancel.reset();
              setNotice(null);
              setCancelling(o);
            }}
          >
            Cancel
          </Button>
        ) : isRefundable(o) ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Refund order #${o.id}`}
            onClick={() => {
              setNotice(null);
              setRefunding(o);
            }}
          >
            Refund
          </Button>
        ) : null,
    },
  ];

  return (
    <TelephonyAdminFrame
      product={product}
      section="orders"
      actions={
        <Button
          onClick={() => {
            setNotice(null);
            setCreating(true);
          }}
        >
          New order
        </Button>
      }
    >
      <Field label="Status" className="max-w-xs">
        <Select options={STATUS_OPTIONS} value={status ?? 'all'} onValueChange={(next) => go({ status: next === 'all' ? '' : next })} />
      </Field>
      <Notice message={notice} />
      {orders.isPending ? (
        <Spinner label="Loading the orders" />
      ) : orders.isError ? (
        <FormError message={apiErrorMessage(orders.error)} />
      ) : (
        <>
          <Table
            caption={`${TELEPHONY_LABELS[product]} orders`}
            captionHidden
            columns={columns}
            rows={orders.data.data}
            getRowKey={(o) => o.id}
            empty={<EmptyState title={status ? 'No orders with this status' : 'No orders yet'} />}
          />
          <Pager label="Pages of orders" page={page} totalPages={orders.data.meta.total_pages} onPage={(next) => go({ page: next })} />
        </>
      )}
      <OrderFormDialog
        open={creating}
        product={product}
        onClose={() => setCreating(false)}
        onCreated={(o) => setNotice(`Order #${o.id} of ${formatCents(o.amount_cents)} is ${statusLabel(o.status).toLowerCase()}.`)}
      />
      <RefundOrderDialog
        product={product}
        order={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(o, cents) => setNotice(`${formatCents(cents)} of order #${o.id} is refunded.`)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setCancelling(null);
        }}
        title={cancelling ? `Cancel order #${cancelling.id}?` : ''}
        description="It is not charged."
        confirmLabel="Cancel order"
        cancelLabel="Keep it"
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        pending={cancel.isPending}
        error={cancel.isError ? apiErrorMessage(cancel.error) : null}
      />
    </TelephonyAdminFrame>
  );
}
