import { useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { apiErrorMessage } from '@crm/session';
import { Button } from '@crm/ui';
import { useConnectCard } from './useConnectCard';

export type StripeElementsCardFormProps = {
  /** The account's publishable key (GET /v1/accounts/info `payments.publishable_key`), never a secret. */
  publishableKey: string;
  onSaved: () => Promise<void>;
};

/** Stripe.js, loaded once per key (from js.stripe.com, as Stripe requires). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripeByKey.set(key, stripe);
  }
  return stripe;
}

function ElementsForm({ onSaved }: Pick<StripeElementsCardFormProps, 'onSaved'>) {
  const stripe = useStripe();
  const elements = useElements();
  const connect = useConnectCard();
  const labelId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setError(null);
    setPending(true);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) {
        setError(result.error.message ?? 'Your card could not be saved.');
        return;
      }
      const declined = await connect(result.paymentMethod.id);
      if (declined) {
        setError(declined);
        card.focus();
        return;
      }
      card.clear();
      await onSaved();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Card details">
      <div className="flex flex-col gap-1">
        <span id={labelId} className="text-sm font-medium text-text">
          Card
        </span>
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          className="rounded border border-border bg-surface px-3 py-2.5"
        >
          <CardElement options={{ hidePostalCode: true }} />
        </div>
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      </div>
      <div>
        <Button type="submit" loading={pending} disabled={!stripe}>
          Save card
        </Button>
      </div>
    </form>
  );
}

/**
 * The card form with a real Stripe key (payments mode live or test): Stripe Elements takes the card
 * in Stripe's own frame, Stripe.js makes the payment method, and only its id goes to
 * POST /v1/accounts/connect_card. A decline shows beside the card. (Stripe.js comes from
 * js.stripe.com, so it cannot run offline; in sandbox mode CardPage uses its own form instead.)
 */
export function StripeElementsCardForm({ publishableKey, onSaved }: StripeElementsCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <ElementsForm onSaved={onSaved} />
    </Elements>
  );
}
