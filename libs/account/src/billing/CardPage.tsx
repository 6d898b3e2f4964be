import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CardTokenError, tokenizeCard, useApiClient } from '@crm/api-client';
import type { PaymentsSetup } from '@crm/contract';
import { apiErrorMessage, FormError, useApiForm } from '@crm/session';
import { Button, buttonClassName, Card, Field, Input, PageHeader, Spinner, toast } from '@crm/ui';
import { detectCardBrand, formatCardNumber, maskCardNumber, parseCardExpiry } from '@crm/util';
import { cardLabel } from './billing-format';
import { accountInfoQueryOptions, useRefreshAccount } from './billing-queries';
import {
  cardFieldOf,
  cardFormSchema,
  type CardField,
  type CardFormInput,
  type CardFormValues,
} from './card-form-schema';
import { useConnectCard } from './useConnectCard';

/** Stripe Elements (and Stripe.js) are fetched only with a real Stripe key. */
const StripeElementsCardForm = lazy(() =>
  import('./StripeElementsCardForm').then((module) => ({ default: module.StripeElementsCardForm })),
);

export type CardPageProps = Record<string, never>;

const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' } as const;
const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];

type SandboxCardFormProps = {
  payments: PaymentsSetup & { tokenize_url: string };
  onSaved: () => Promise<void>;
};

/**
 * The product's own card form (sandbox mode): the card is tokenised in the browser against the
 * vendor's publishable-key endpoint, as Stripe.js does, and only the payment method id goes to
 * POST /v1/accounts/connect_card. A refusal (the vendor's, or the bank's decline that connect_card
 * answers on `card`) shows beside the field it is about, the number unless it names another.
 */
function SandboxCardForm({ payments, onSaved }: SandboxCardFormProps) {
  const connect = useConnectCard();
  const {
    register,
    submit,
    watch,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<CardFormInput, CardFormValues>({
    schema: cardFormSchema,
    defaultValues: { number: '', expiry: '', cvc: '' },
    fields: FIELDS,
    onSubmit: async (values, form) => {
      const expiry = parseCardExpiry(values.expiry);
      if (!expiry) return;
      let paymentMethodId: string;
      try {
        const token = await tokenizeCard(payments, {
          number: values.number,
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: values.cvc,
        });
        paymentMethodId = token.id;
      } catch (error) {
        if (!(error instanceof CardTokenError)) throw error;
        form.setError(cardFieldOf(error.param), { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      const declined = await connect(paymentMethodId);
      if (declined) {
        form.setError('number', { type: 'server', message: declined }, { shouldFocus: true });
        return;
      }
      form.reset({ number: '', expiry: '', cvc: '' });
      await onSaved();
    },
  });
  const number = watch('number') ?? '';
  const brand = detectCardBrand(number);
  const digits = number.replace(/\D/g, '');
  const numberField = register('number');

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Card details">
      <Field
        label="Card number"
        required
        error={errors.number?.message}
        description={
          digits.length > 0 ? (
            <span data-testid="card-preview">
              {brand ? BRAND_NAMES[brand] : 'Card'} {maskCardNumber(formatCardNumber(digits))}
            </span>
          ) : (
            'Visa, Mastercard, American Express or Discover'
          )
        }
      >
        <Input
          {...numberField}
          onChange={(event) => {
            event.target.value = formatCardNumber(event.target.value);
            return numberField.onChange(event);
          }}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
        />
      </Field>
      <div className="flex flex-wrap gap-4">
        <Field label="Expiry (MM/YY)" required error={errors.expiry?.message} className="w-40">
          <Input {...register('expiry')} inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} />
        </Field>
        <Field label="Security code" required error={errors.cvc?.message} className="w-40">
          <Input {...register('cvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
        </Field>
      </div>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={isSubmitting}>
          Save card
        </Button>
      </div>
      <p className="text-sm text-muted">
        Your card number goes straight to the card processor; this site keeps only its brand and last four digits.
      </p>
    </form>
  );
}

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
          ) : payments.mode === 'sandbox' && payments.tokenize_url ? (
            <SandboxCardForm payments={{ ...payments, tokenize_url: payments.tokenize_url }} onSaved={handleSaved} />
          ) : (
            <Suspense fallback={<Spinner label="Loading the card form" />}>
              <StripeElementsCardForm publishableKey={payments.publishable_key} onSaved={handleSaved} />
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
