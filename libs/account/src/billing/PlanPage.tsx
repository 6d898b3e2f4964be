import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, buttonClassName, PageHeader, Spinner } from '@crm/ui';
import { formatPeriodDate } from '@crm/util';
import { planPrice } from './billing-format';
import { accountInfoQueryOptions, plansQueryOptions } from './billing-queries';

export type PlanPageProps = Record<string, never>;

/** /billing/plan: choose a plan (GET /v1/plans); Continue goes to /billing/review?plan=<id>. */
export function PlanPage(_props: PlanPageProps) {
  const client = useApiClient();
  const navigate = useNavigate();
  const plans = useQuery(plansQueryOptions(client));
  const info = useQuery(accountInfoQueryOptions(client));
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = info.data?.plan?.id ?? null;
  const scheduled = info.data?.scheduled_plan?.id ?? null;
  const selected = chosen ?? current;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (selected === null) {
      setError('Choose a plan');
      return;
    }
    navigate(`/billing/review?plan=${selected}`);
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title="Choose a plan" />
      {plans.isPending ? (
        <Spinner label="Loading the plans" />
      ) : plans.isError ? (
        <FormError message={apiErrorMessage(plans.error)} />
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Choose a plan">
          <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'plan-error' : undefined}>
            <legend className="sr-only">Plans</legend>
            {plans.data.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer gap-3 rounded border border-border bg-surface p-4 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
              >
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={selected === plan.id}
                  onChange={() => {
                    setChosen(plan.id);
                    setError(null);
                  }}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="flex flex-col gap-1">
                  <span className="font-semibold">
                    {plan.name}: {planPrice(plan)}
                    {plan.id === current ? ' (your plan)' : ''}
                    {plan.id === scheduled ? ` (from ${formatPeriodDate(info.data?.current_period_end)})` : ''}
                  </span>
                  {plan.description && <span className="text-sm text-muted">{plan.description}</span>}
                  {plan.features.length > 0 && (
                    <ul className="list-disc ps-5 text-sm">
                      {plan.features.map((feature) => (
                        <li key={feature}>{feature}</li>
                      ))}
                    </ul>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <p id="plan-error" role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
          <div className="flex gap-2">
            <Button type="submit">Continue</Button>
            <Link to="/billing" className={buttonClassName({ variant: 'secondary' })}>
              Back to billing
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
