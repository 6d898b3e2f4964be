import { useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { apiErrorMessage } from '@crm/session';
import { Button } from '@crm/ui';
import { STRIPE_JS_LOAD_FAILED, stripeFor } from './stripe-js';
import { NotConfirmed, useBankConfirmation } from './useBankConfirmation';
import { useConnectCard, useIsCardOnFile } from './useConnectCard';

export type StripeElementsCardFormProps = {
  /** The account's publishable key (GET /v1/accounts/info `payments.publishable_key`), never a secret. */
  publishableKey: string;
  /** Where Stripe.js comes from: null for Stripe's own (js.stripe.com); in sandbox mode the sandbox's stand-in (`payments.stripe_js_url`). */
  stripeJsUrl: string | null;
  onSaved: () => Promise<void>;
};

function ElementsForm({ publishableKey, stripeJsUrl, onSaved }: StripeElementsCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const connect = useConnectCard();
  const isCardOnFile = useIsCardOnFile();
  const bank = useBankConfirmation();
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
    const refuse = (message: string) => {
      setError(message);
      card.focus();
    };
    try {
      const made = await stripe.createPaymentMethod({ type: 'card', card });
      if (made.error) return refuse(made.error.message ?? 'Your card could not be saved.');
      const outcome = await connect(made.paymentMethod.id);
      if (outcome.kind === 'declined') return refuse(outcome.message);
      if (outcome.kind === 'authenticate') {
        // the bank asks the customer first (3-D Secure): its page, then the product waits for Stripe's word
        const { brand = '', last4 = '', exp_month = 0, exp_year = 0 } = made.paymentMethod.card ?? {};
        await bank.confirm({ publishable_key: publishableKey, stripe_js_url: stripeJsUrl }, outcome.clientSecret, 'card', () => isCardOnFile({ brand, last4, exp_month, exp_year }));
      }
      card.clear();
      await onSaved();
    } catch (failure) {
      if (failure instanceof NotConfirmed) refuse(failure.message);
      else setError(apiErrorMessage(failure));
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
          aria-invalid={error ? true : undefined}
          className="rounded border border-border bg-surface px-3 py-2.5 focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-focus"
        >
          <CardElement options={{ hidePostalCode: true }} />
        </div>
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      </div>
      <p role="status" className="text-sm text-muted">
        {bank.progress}
      </p>
      <div>
        <Button type="submit" loading={pending} disabled={!stripe}>
          Save card
        </Button>
      </div>
      <p className="text-sm text-muted">Your card number goes straight to the card processor; this site keeps only its brand and last four digits.</p>
    </form>
  );
}

/**
 * The card form in every mode: Stripe Elements takes the card (in Stripe's own frame with a real
 * key; in sandbox mode in the sandbox's stand-in for Stripe.js, the same calls), Stripe.js makes
 * the payment method, and only its id goes to POST /v1/accounts/connect_card. A decline shows
 * beside the card. A card whose bank asks the customer to authenticate (3-D Secure) opens the
 * bank's page (Stripe.js's handleNextAction); the card counts as saved once the product has
 * Stripe's word for it.
 */
export function StripeElementsCardForm({ publishableKey, stripeJsUrl, onSaved }: StripeElementsCardFormProps) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const [stripe] = useState(() => stripeFor({ publishable_key: publishableKey, stripe_js_url: stripeJsUrl }).catch(() => (setLoadError(STRIPE_JS_LOAD_FAILED), null)));
  if (loadError) {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {loadError}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <ElementsForm publishableKey={publishableKey} stripeJsUrl={stripeJsUrl} onSaved={onSaved} />
    </Elements>
  );
}
