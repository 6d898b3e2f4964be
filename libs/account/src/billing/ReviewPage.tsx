import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, useApiClient } from '@crm/api-client';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, buttonClassName, Card, PageHeader, Spinner, toast } from '@crm/ui';
import { formatCents } from '@crm/util';
import { cardLabel, planPrice } from './billing-format';
import { accountInfoQueryOptions, plansQueryOptions, useRefreshAccount } from './billing-queries';

export type ReviewPageProps = Record<string, never>;

/** The message of a refused payment: the card's (422 on `card`), or the request's. */
function paymentError(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors();
    if (fields['card']) return fields['card'];
  }
  return apiErrorMessage(error);
}

/**
 * /billing/review?plan=<id>: the chosen plan with the amount charged now, the card it is charged to,
 * and Pay (POST /v1/accounts/update_plan; the api-client sends one Idempotency-Key per click, so a
 * retried request never charges twice). Paid, the user goes to /.
 */
export function ReviewPage(_props: ReviewPageProps) {
  const client = useApiClient();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [params] = useSearchParams();
  const planId = Number(params.get('plan'));
  const plans = useQuery(plansQueryOptions(client));
  const info = useQuery(accountInfoQueryOptions(client));
  const pay = useMutation({
    mutationFn: (plan_id: number) => client.call('updateAccountPlan', { body: { plan_id } }),
    onSuccess: async (answer) => {
      await refresh();
      toast.success(answer.data.plan ? `You are on ${answer.data.plan.name}.` : 'Your plan is updated.');
      navigate('/', { replace: true });
    },
  });

  if (!Number.isInteger(planId) || planId < 1) return <Navigate to="/billing/plan" replace />;
  if (plans.isPending || info.isPending) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Review your plan" />
        <Spinner label="Loading your plan" />
      </div>
    );
  }
  const loadError = plans.error ?? info.error;
  const plan = plans.data?.find((candidate) => candidate.id === planId);
  const card = info.data?.payment_infos[0] ?? null;

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title="Review your plan" />
      {loadError || !plan || !info.data ? (
        <FormError message={loadError ? apiErrorMessage(loadError) : 'That plan is not available. Choose another one.'} />
      ) : (
        <Card title={plan.name} headingLevel={2} description={plan.description}>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-muted">Price</dt>
            <dd>{planPrice(plan)}</dd>
            <dt className="font-medium text-muted">Charged now</dt>
            <dd className="text-lg font-semibold">{formatCents(plan.amount_cents, plan.currency)}</dd>
            <dt className="font-medium text-muted">Card</dt>
            <dd>
              {card ? cardLabel(card) : 'No card on file'}{' '}
              <Link to={`/billing/update?plan=${plan.id}`} className="text-primary underline">
                {card ? 'Use another card' : 'Add a card'}
              </Link>
            </dd>
          </dl>
          <div className="mt-4 flex flex-col gap-3">
            <FormError message={pay.error ? paymentError(pay.error) : null} />
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={!card} loading={pay.isPending} onClick={() => pay.mutate(plan.id)}>
                {`Pay ${formatCents(plan.amount_cents, plan.currency)}`}
              </Button>
              <Link to="/billing/plan" className={buttonClassName({ variant: 'secondary' })}>
                Choose another plan
              </Link>
            </div>
            {!card && <p className="text-sm text-muted">Add a card to pay for the plan.</p>}
          </div>
        </Card>
      )}
    </div>
  );
}
