import { useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { apiErrorMessage } from '@crm/session';
import { Button } from '@crm/ui';
import { useAwaitCardOnFile, useConnectCard } from './useConnectCard';

export type StripeElementsCardFormProps = {
  /** The account's publishable key (GET /v1/accounts/info `payments.publishable_key`), never a secret. */
  publishableKey: string;
  /** Where Stripe.js comes from: null for Stripe's own (js.stripe.com); in sandbox mode the sandbox's stand-in (`payments.stripe_js_url`). */
  stripeJsUrl: string | null;
  onSaved: () => Promise<void>;
};

const LOAD_FAILED = 'The card form could not be loaded. Check your connection and reload the page.';

/** Puts a script on the page once and waits for it (the sandbox's Stripe.js, which then stands where loadStripe looks: window.Stripe). */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(LOAD_FAILED)));
    document.head.append(script);
  });
}

/** Stripe.js, loaded once per key and source: Stripe's own from js.stripe.com (as Stripe requires), or the sandbox's first. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string, scriptUrl: string | null): Promise<Stripe | null> {
  const id = `${scriptUrl ?? 'js.stripe.com'} ${key}`;
  let stripe = stripeByKey.get(id);
  if (!stripe) {
    stripe = (scriptUrl && !('Stripe' in window) ? loadScript(scriptUrl) : Promise.resolve()).then(() => loadStripe(key));
    // a failed load is tried again the next time the form is shown
    stripe.catch(() => stripeByKey.delete(id));
    stripeByKey.set(id, stripe);
  }
  return stripe;
}

function ElementsForm({ onSaved }: Pick<StripeElementsCardFormProps, 'onSaved'>) {
  const stripe = useStripe();
  const elements = useElements();
  const connect = useConnectCard();
  const awaitCardOnFile = useAwaitCardOnFile();
  const labelId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
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
        // the bank asks the customer first (3-D Secure): Stripe.js shows its page, then the product waits for Stripe's word
        setProgress('Confirm the card with your bank in the window that opened.');
        const answered = await stripe.handleNextAction({ clientSecret: outcome.clientSecret });
        if (answered.error) return refuse(answered.error.message ?? 'Your bank did not confirm the card.');
        setProgress('Your bank confirmed the card. Saving it…');
        const { brand, last4, exp_month, exp_year } = made.paymentMethod.card ?? {};
        const saved = await awaitCardOnFile({ brand: brand ?? '', last4: last4 ?? '', exp_month: exp_month ?? 0, exp_year: exp_year ?? 0 });
        if (!saved) return setError('Your bank confirmed the card, but saving it is taking longer than usual. Check this page again in a minute.');
      }
      card.clear();
      await onSaved();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setProgress(null);
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
        {progress}
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
  const [stripe] = useState(() => stripeFor(publishableKey, stripeJsUrl).catch(() => (setLoadError(LOAD_FAILED), null)));
  if (loadError) {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {loadError}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <ElementsForm onSaved={onSaved} />
    </Elements>
  );
}
