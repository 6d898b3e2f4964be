import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError, isAbortError, useApiClient } from '@crm/api-client';
import type { TelephonyKind, TelephonyOrder, Subscription } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, Card, EmptyState, Notice, Pager, Spinner, Table, type TableColumn } from '@crm/ui';
import { formatCents, formatDate } from '@crm/util';
import { accountInfoQueryOptions, useRefreshAccount } from '../billing/billing-queries';
import { NotConfirmed, useBankConfirmation } from '../billing/useBankConfirmation';
import { orderStatusText, orderText } from './telephony-format';
import {
  telephonyPlanEndpointName,
  telephonyOrdersQueryOptions,
  useRefreshTelephonyPlans,
} from './telephony-plan-queries';

export type TelephonyOrdersCardProps = {
  product: TelephonyKind;
  subscription: Subscription;
  zone: string;
};

/** The message of a failed Pay or Cancel: the server's field message (card, order) or what went wrong. */
function failureOf(error: unknown): string {
  if (error instanceof NotConfirmed) return error.message;
  if (error instanceof ApiError && error.status === 422)
    return Object.values(error.fieldErrors())[0] ?? apiErrorMessage(error);
  return apiErrorMessage(error);
}

/**
 * The payer's orders of a subscription (licences, plan changes, the first period), newest first.
 * An order waiting for payment adds nothing until it is paid: its payer pays it here with the card
 * on file (without one, the card prompt links to /billing/update) or cancels it; a scheduled
 * downgrade can be cancelled until the period's end. A bank that asks the payer to confirm the
 * payment (3-D Secure) shows its page, and the order counts as paid once it says so (Stripe's webhook).
 */
export function TelephonyOrdersCard({ product, subscription, zone }: TelephonyOrdersCardProps) {
  const client = useApiClient();
  const { user } = useSession();
  const refresh = useRefreshTelephonyPlans(product);
  const refreshAccount = useRefreshAccount();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    ...telephonyOrdersQueryOptions(client, product, subscription.id, page),
    placeholderData: (previous) => previous,
  });
  const account = useQuery(accountInfoQueryOptions(client));
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const bank = useBankConfirmation();

  const act = async (order: TelephonyOrder, action: 'pay' | 'cancel') => {
    setBusy(order.id);
    setNotice(null);
    setFailure(null);
    try {
      const answer = await client.call(
        telephonyPlanEndpointName(product, action === 'pay' ? 'payOrder' : 'cancelOrder'),
        { params: { id: order.id } },
      );
      if ('requires_action' in answer && answer.requires_action && account.data) {
        await bank.confirm(account.data.payments, answer.requires_action.client_secret, 'payment', async () => {
          const shown = await client.call(telephonyPlanEndpointName(product, 'showOrder'), { params: { id: order.id } });
          if (shown.data.status === 'failed') throw new NotConfirmed('The payment did not go through.');
          return shown.data.status === 'paid';
        });
      }
      setNotice(
        action === 'pay'
          ? `Paid order #${order.id}: ${formatCents(answer.data.amount_cents)}.`
          : `Cancelled order #${order.id}.`,
      );
    } catch (error) {
      if (!isAbortError(error)) setFailure(`Order #${order.id}: ${failureOf(error)}`);
    } finally {
      setBusy(null);
      await Promise.all([refresh(), action === 'pay' ? refreshAccount() : Promise.resolve()]);
    }
  };

  const hasCard = Boolean(account.data?.payment_infos.length);
  const rows = orders.data?.data ?? [];
  const waiting = rows.filter((o) => o.status === 'pending');
  const columns: TableColumn<TelephonyOrder>[] = [
    { id: 'order', header: 'Order', rowHeader: true, cell: (o) => `#${o.id} ${orderText(o)}` },
    { id: 'amount', header: 'Amount', align: 'end', cell: (o) => formatCents(o.amount_cents) },
    { id: 'status', header: 'Status', cell: (o) => orderStatusText(o, subscription, zone) },
    { id: 'placed', header: 'Placed', cell: (o) => formatDate(o.created_at, zone) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (o) =>
        o.status === 'pending' || o.status === 'scheduled' ? (
          <div className="flex flex-wrap gap-2">
            {o.status === 'pending' && o.user?.id === user?.id && hasCard && (
              <Button
                type="button"
                size="sm"
                aria-label={`Pay order #${o.id}`}
                loading={busy === o.id}
                disabled={busy !== null}
                onClick={() => void act(o, 'pay')}
              >
                Pay {formatCents(o.amount_cents)}
              </Button>
            )}
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={`Cancel order #${o.id}`}
              disabled={busy !== null}
              onClick={() => void act(o, 'cancel')}
            >
              Cancel
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <Card
      title="Orders"
      description="An order adds licences or changes the plan only once it is paid."
      headingLevel={2}
    >
      <div className="flex flex-col gap-3">
        {waiting.length > 0 && account.isSuccess && !hasCard && (
          <div
            role="note"
            aria-label="Payment needed"
            className="rounded border border-warning px-3 py-2 text-sm"
          >
            <p className="font-medium">
              {waiting.length === 1 ? 'An order is' : `${waiting.length} orders are`} waiting for
              payment: there is no card on file to charge.
            </p>
            <p>
              <Link to="/billing/update" className="text-primary underline">
                Add a card
              </Link>{' '}
              on the billing page, then come back to pay, or cancel the order.
            </p>
          </div>
        )}
        {orders.isPending ? (
          <Spinner label="Loading the orders" />
        ) : orders.isError ? (
          <FormError message={apiErrorMessage(orders.error)} />
        ) : (
          <Table
            caption="Orders"
            captionHidden
            scrollLabel="Order table"
            columns={columns}
            rows={rows}
            getRowKey={(o) => o.id}
            empty={<EmptyState title="No orders yet" />}
          />
        )}
        <FormError message={failure} />
        <Notice message={bank.progress ?? notice} />
        {orders.data && (
          <Pager
            label="Pages of the orders"
            page={page}
            totalPages={orders.data.meta.total_pages}
            onPage={setPage}
          />
        )}
      </div>
    </Card>
  );
}
