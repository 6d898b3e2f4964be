import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type AccountHistoryEntry, type AccountInfo } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import {
  Button,
  buttonClassName,
  Card,
  ConfirmDialog,
  EmptyState,
  Notice,
  PageHeader,
  Pager,
  Spinner,
  Table,
  type TableColumn,
} from '@crm/ui';
import { formatDate, formatPeriodDate } from '@crm/util';
import {
  accountStatusText,
  cardLabel,
  historyAmount,
  historyKindLabel,
  nextChargeText,
  planPrice,
  scheduledChangeText,
} from './billing-format';
import { usePageParam } from '../usePageParam';
import { accountInfoQueryOptions, historyQueryOptions, useRefreshAccount } from './billing-queries';

export type BillingPageProps = Record<string, never>;

type SummaryProps = { info: AccountInfo };

/** Plan, status, next charge and card on file, with the actions that fit the account's state. */
function Summary({ info }: SummaryProps) {
  const client = useApiClient();
  const refresh = useRefreshAccount();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => client.call('cancelAccountSubscription', { body: {} }),
    onSuccess: async (answer) => {
      setConfirming(false);
      await refresh();
      const end = answer.data.current_period_end;
      setNotice(end ? `Your plan is cancelled. Your account stays paid until ${formatPeriodDate(end)}.` : 'Your plan is cancelled.');
    },
  });
  const card = info.payment_infos[0] ?? null;
  const canCancel = info.status === 'active' && info.plan !== null && !info.cancel_at_period_end;
  const unpaid = !info['paid_user?'];
  const scheduled = scheduledChangeText(info);

  return (
    <Card title="Your plan" headingLevel={2}>
      {unpaid && (
        <p className="mb-4 rounded border border-danger px-3 py-2 text-sm text-danger">
          Your account is unpaid. Choose a plan to use the product; your profile and billing stay open until then.
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted">Plan</dt>
        <dd>{info.plan ? `${info.plan.name} (${planPrice(info.plan)})` : 'No plan'}</dd>
        <dt className="font-medium text-muted">Status</dt>
        <dd>{accountStatusText(info)}</dd>
        {scheduled && (
          <>
            <dt className="font-medium text-muted">Plan change</dt>
            <dd>{scheduled}</dd>
          </>
        )}
        <dt className="font-medium text-muted">Next charge</dt>
        <dd>{nextChargeText(info)}</dd>
        <dt className="font-medium text-muted">Card on file</dt>
        <dd>
          {card
            ? `${cardLabel(card)}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
            : 'No card on file'}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/billing/plan" className={buttonClassName({ variant: unpaid ? 'primary' : 'secondary' })}>
          {info.plan && !unpaid ? 'Change plan' : 'Choose a plan'}
        </Link>
        <Link to="/billing/update" className={buttonClassName({ variant: 'secondary' })}>
          {card ? 'Update card' : 'Add a card'}
        </Link>
        {canCancel && (
          <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      <div className="mt-3">
        <Notice message={notice} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) cancel.reset();
        }}
        title="Cancel your subscription?"
        description={
          info.current_period_end
            ? `Your plan ends with the paid period: the account stays paid until ${formatPeriodDate(info.current_period_end)} and is not charged again.${info.scheduled_plan ? ` The change to ${info.scheduled_plan.name} is dropped.` : ''} Nothing is refunded.`
            : 'Your plan ends with the paid period and is not charged again.'
        }
        confirmLabel="Cancel subscription"
        cancelLabel="Keep my plan"
        onConfirm={() => cancel.mutate()}
        pending={cancel.isPending}
        error={cancel.error ? apiErrorMessage(cancel.error) : undefined}
      />
    </Card>
  );
}

type HistoryProps = { zone: string };

/** The account's history, paged on the server. */
function History({ zone }: HistoryProps) {
  const client = useApiClient();
  const [page, handlePage] = usePageParam();
  const query = useQuery({ ...historyQueryOptions(client, page), placeholderData: (previous) => previous });
  // On a phone (below sm) the Type and Card columns fold into the description, so that the
  // Amount column stays on the screen.
  const wide = 'hidden sm:table-cell';
  const columns: TableColumn<AccountHistoryEntry>[] = [
    { id: 'date', header: 'Date', rowHeader: true, cell: (entry) => formatDate(entry.created_at, zone) },
    { id: 'kind', header: 'Type', cell: historyKindLabel, className: wide },
    {
      id: 'description',
      header: 'Description',
      cell: (entry) => (
        <>
          <span className="block font-medium sm:hidden">{historyKindLabel(entry)}</span>
          {entry.description}
          {entry.card && <span className="block text-muted sm:hidden">{cardLabel(entry.card)}</span>}
          {entry.failure_message && <span className="block text-danger">{entry.failure_message}</span>}
        </>
      ),
    },
    { id: 'card', header: 'Card', cell: (entry) => (entry.card ? cardLabel(entry.card) : ''), className: wide },
    { id: 'amount', header: 'Amount', align: 'end', cell: historyAmount, className: 'whitespace-nowrap' },
  ];

  return (
    <Card title="History" headingLevel={2}>
      {query.isPending ? (
        <Spinner label="Loading the history" />
      ) : query.isError ? (
        <FormError message={apiErrorMessage(query.error)} />
      ) : (
        <div className="flex flex-col gap-3">
          <Table
            caption="Charges, refunds and failed charges"
            captionHidden
            columns={columns}
            rows={query.data.data}
            getRowKey={(entry) => entry.id}
            empty={<EmptyState title="No charges yet" />}
          />
          <Pager label="Pages of the history" page={page} totalPages={query.data.meta.total_pages} onPage={handlePage} />
        </div>
      )}
    </Card>
  );
}

/** /billing: the account's plan, status, next charge, card on file and history (spec part 1 §2, §7 "Account"). */
export function BillingPage(_props: BillingPageProps) {
  const client = useApiClient();
  const { user } = useSession();
  const info = useQuery(accountInfoQueryOptions(client));
  const zone = user ? IANA_TIMEZONES[user.timezone] : 'UTC';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Billing" />
      {info.isPending ? (
        <Spinner label="Loading your account" />
      ) : info.isError ? (
        <FormError message={apiErrorMessage(info.error)} />
      ) : (
        <Summary info={info.data} />
      )}
      <History zone={zone} />
    </div>
  );
}

