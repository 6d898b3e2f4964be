import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { apiErrorMessage, FormError } from '@crm/session';
import { buttonClassName, Card, PageHeader, Spinner, toast } from '@crm/ui';
import { cardLabel } from './billing-format';
import { accountInfoQueryOptions, useRefreshAccount } from './billing-queries';

/** Stripe Elements (and Stripe.js) are fetched only when a card is to be entered. */
const StripeElementsCardForm = lazy(() =>
  import('./StripeElementsCardForm').then((module) => ({ default: module.StripeElementsCardForm })),
);

export type CardPageProps = Record<string, never>;

/** /billing/update: the card on file and the form that replaces it. With ?plan=<id> it returns to that plan's review. */
export function CardPage(_props: CardPageProps) {
  const client = useApiClient();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const back = plan && /^\d+$/.test(plan) ? `/billing/review?plan=${plan}` : '/billing';
  const info = useQuery(accountInfoQueryOptions(client));

  const handleSaved = async () => {
    await refresh();
    toast.success('Your card is saved.');
    navigate(back);
  };

  const payments = info.data?.payments;
  const card = info.data?.payment_infos[0] ?? null;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title={card ? 'Update your card' : 'Add a card'} />
      {info.isPending ? (
        <Spinner label="Loading your account" />
      ) : info.isError || !payments ? (
        <FormError message={apiErrorMessage(info.error)} />
      ) : (
        <Card
          title="Card details"
          headingLevel={2}
          description={card ? `On file: ${cardLabel(card)}. A new card replaces it.` : undefined}
        >
          {payments.unavailable ? (
            <p role="status" className="text-sm">
              {payments.unavailable}
            </p>
          ) : (
            <Suspense fallback={<Spinner label="Loading the card form" />}>
              <StripeElementsCardForm publishableKey={payments.publishable_key} stripeJsUrl={payments.stripe_js_url} onSaved={handleSaved} />
            </Suspense>
          )}
        </Card>
      )}
      <div>
        <Link to={back} className={buttonClassName({ variant: 'secondary' })}>
          Back
        </Link>
      </div>
    </div>
  );
}
