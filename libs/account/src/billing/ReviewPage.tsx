import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, useApiClient } from '@crm/api-client';
import type { PlanQuote } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, buttonClassName, Card, PageHeader, Spinner, toast } from '@crm/ui';
import { formatCents, formatPeriodDate } from '@crm/util';
import { cardLabel, planPrice, quoteActionLabel, quoteSummary } from './billing-format';
import { accountInfoQueryOptions, planQuoteQueryOptions, useRefreshAccount } from './billing-queries';
import { NotConfirmed, useBankConfirmation } from './useBankConfirmation';

export type ReviewPageProps = Record<string, never>;

/** The message of a refused payment: the card's (422 on `card`), a changed quote's (409), or the request's. */
function paymentError(error: unknown): string {
  if (error instanceof NotConfirmed) return error.message;
  if (error instanceof ApiError) {
    const fields = error.fieldErrors();
    if (fields['card']) return fields['card'];
    if (fields['expected_amount_cents']) return fields['expected_amount_cents'];
  }
  return apiErrorMessage(error);
}

/** The toast after confirming: what changed. */
function doneText(quote: PlanQuote): string {
  switch (quote.action) {
    case 'downgrade':
      return `${quote.plan.name} starts on ${formatPeriodDate(quote.paid_until)}.`;
    case 'resume':
    case 'keep':
      return `You stay on ${quote.plan.name}.`;
    default:
      return `You are on ${quote.plan.name}.`;
  }
}

/** The quote's figures: what is charged now (with the credit of an upgrade) and when the change takes effect. */
function QuoteFigures({ quote }: { quote: PlanQuote }) {
  const money = (cents: number) => formatCents(cents, quote.currency);
  return (
    <>
      <dt className="font-medium text-muted">Price</dt>
      <dd>{planPrice(quote.plan)}</dd>
      {quote.current_plan && (
        <>
          <dt className="font-medium text-muted">Your plan now</dt>
          <dd>
            {quote.current_plan.name}, paid until {formatPeriodDate(quote.paid_until)}
          </dd>
        </>
      )}
      {quote.credit_cents > 0 && (
        <>
          <dt className="font-medium text-muted">Credit for unused days</dt>
          <dd>
            -{money(quote.credit_cents)} ({quote.unused_days} of {quote.period_days} days of {quote.current_plan?.name})
          </dd>
        </>
      )}
      <dt className="font-medium text-muted">Takes effect</dt>
      <dd>{quote.effective === 'now' ? 'Now' : quote.effective === 'period_end' ? `On ${formatPeriodDate(quote.paid_until)}, when the paid period ends` : 'Nothing changes'}</dd>
      <dt className="font-medium text-muted">Charged now</dt>
      <dd className="text-lg font-semibold">{quote.amount_due_cents > 0 ? money(quote.amount_due_cents) : 'Nothing'}</dd>
    </>
  );
}

/**
 * /billing/review?plan=<id>: what choosing the plan does, from the server's quote (GET
 * /v1/accounts/plan_quote, the same one the charge uses): a new plan or a longer or dearer one is
 * charged now (less a credit for the unused days), a shorter or cheaper one starts at the period's
 * end, the plan already paid has nothing to pay (no Pay). The button says what it does; Pay sends
 * the amount shown (POST /v1/accounts/update_plan with expected_amount_cents: a changed quote
 * charges nothing) and the api-client sends one Idempotency-Key per click, so a retried request
 * never charges twice. A bank that asks the customer to confirm the payment (3-D Secure) shows its
 * page, and the plan counts as paid once the account says so (Stripe's webhook). Paid, the user
 * goes to /; a change for later goes back to /billing.
 */
export function ReviewPage(_props: ReviewPageProps) {
  const client = useApiClient();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [params] = useSearchParams();
  const planId = Number(params.get('plan'));
  const valid = Number.isInteger(planId) && planId > 0;
  const quote = useQuery({ ...planQuoteQueryOptions(client, valid ? planId : 0), enabled: valid });
  const info = useQuery(accountInfoQueryOptions(client));
  const bank = useBankConfirmation();
  const pay = useMutation({
    mutationFn: async (chosen: PlanQuote) => {
      const answer = await client.call('updateAccountPlan', {
        body: { plan_id: chosen.plan.id, ...(chosen.effective === 'now' && { expected_amount_cents: chosen.amount_due_cents }) },
      });
      if (answer.requires_action && info.data) {
        await bank.confirm(info.data.payments, answer.requires_action.client_secret, 'payment', async () => {
          const { data } = await client.call('accountInfo');
          return data['paid_user?'] && data.plan?.id === chosen.plan.id;
        });
      }
      return answer;
    },
    onSuccess: async (_answer, chosen) => {
      await refresh();
      toast.success(doneText(chosen));
      navigate(chosen.effective === 'now' ? '/' : '/billing', { replace: true });
    },
    onError: async (error) => {
      // the quote changed since it was shown: show the new one
      if (error instanceof ApiError && error.status === 409) await refresh();
    },
  });

  if (!valid) return <Navigate to="/billing/plan" replace />;
  if (quote.isPending || info.isPending) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Review your plan" />
        <Spinner label="Loading your plan" />
      </div>
    );
  }
  const loadError = quote.error ?? info.error;
  const card = info.data?.payment_infos[0] ?? null;
  const unknownPlan = loadError instanceof ApiError && loadError.status === 422;

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title="Review your plan" />
      {loadError || !quote.data || !info.data ? (
        <FormError message={unknownPlan || !loadError ? 'That plan is not available. Choose another one.' : apiErrorMessage(loadError)} />
      ) : (
        <Review
          quote={quote.data}
          card={card}
          pay={() => pay.mutate(quote.data)}
          pending={pay.isPending}
          progress={bank.progress}
          error={pay.error ? paymentError(pay.error) : null}
        />
      )}
      {(loadError || !quote.data) && (
        <Link to="/billing/plan" className={buttonClassName({ variant: 'secondary', className: 'self-start' })}>
          Choose another plan
        </Link>
      )}
    </div>
  );
}

type ReviewProps = {
  quote: PlanQuote;
  card: { brand: string; last4: string } | null;
  pay: () => void;
  pending: boolean;
  /** What a payment the bank asks the customer to confirm is waiting for. */
  progress: string | null;
  error: string | null;
};

function Review({ quote, card, pay, pending, progress, error }: ReviewProps) {
  const action = quoteActionLabel(quote);
  const charges = quote.amount_due_cents > 0;
  return (
    <Card title={quote.plan.name} headingLevel={2} description={quote.plan.description}>
      <div className="mb-4 flex flex-col gap-1" data-testid="quote-summary">
        {quoteSummary(quote)
          .filter(Boolean)
          .map((line) => (
            <p key={line}>{line}</p>
          ))}
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        <QuoteFigures quote={quote} />
        {action && (
          <>
            <dt className="font-medium text-muted">Card</dt>
            <dd>
              {card ? cardLabel(card) : 'No card on file'}{' '}
              <Link to={`/billing/update?plan=${quote.plan.id}`} className="text-primary underline">
                {card ? 'Use another card' : 'Add a card'}
              </Link>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 flex flex-col gap-3">
        <FormError message={error} />
        <p role="status" className="text-sm text-muted">
          {progress}
        </p>
        <div className="flex flex-wrap gap-2">
          {action && (
            <Button type="button" disabled={charges && !card} loading={pending} onClick={pay}>
              {action}
            </Button>
          )}
          <Link to="/billing/plan" className={buttonClassName({ variant: action ? 'secondary' : 'primary' })}>
            Choose another plan
          </Link>
          {!action && (
            <Link to="/billing" className={buttonClassName({ variant: 'secondary' })}>
              Back to billing
            </Link>
          )}
        </div>
        {action && charges && !card && <p className="text-sm text-muted">Add a card to pay for the plan.</p>}
      </div>
    </Card>
  );
}
