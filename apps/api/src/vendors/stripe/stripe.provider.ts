import Stripe from 'stripe';
import type { LocalOrigin } from '../../lib/local-origin';
import { loggedCall, type VendorCallsRepository } from '../kit/vendor-calls.repository';
import { WebhookEventMalformed, WebhookSignatureInvalid } from '../../webhooks/webhook-contract';
import { PaymentDeclined, PaymentRequestInvalid, type CallContext, type PaymentCard, type PaymentEvent, type PaymentsProvider, type VendorObjectKind } from '../payments/payments.provider';
import { SANDBOX_STRIPE_JS_PATH, STRIPE_SANDBOX_PREFIX, type StripeSettings } from './stripe-settings';

/** How far a webhook's signature time may be from now, before or after (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signature's time (`t=` of Stripe-Signature), or null when it has none. */
function signedAt(header: string): number | null {
  const t = header.split(',').find((part) => part.trim().startsWith('t='));
  const value = t ? Number(t.trim().slice(2)) : NaN;
  return Number.isFinite(value) ? value : null;
}

/** What the handlers rely on of an event: an id, a type, a time and its object with an id. */
function malformation(event: Record<string, unknown>): string | null {
  if (typeof event.id !== 'string' || !/^evt_\w{1,255}$/.test(event.id)) return 'The event has no id';
  if (typeof event.type !== 'string' || !/^[\w.]{1,100}$/.test(event.type)) return 'The event has no type';
  if (typeof event.created !== 'number' || !Number.isInteger(event.created)) return 'The event has no time';
  const object = (event.data as { object?: unknown } | null | undefined)?.object;
  if (!object || typeof object !== 'object' || typeof (object as { id?: unknown }).id !== 'string') return 'The event has no object';
  return null;
}
const VENDOR = 'stripe';

/** The events the product acts on, and the object each names (read back from Stripe before it is acted on). */
const READ_BACK: Partial<Record<string, VendorObjectKind>> = {
  'payment_intent.succeeded': 'payment_intent',
  'payment_intent.payment_failed': 'payment_intent',
  'refund.created': 'refund',
  'refund.updated': 'refund',
  'charge.refunded': 'charge',
  'setup_intent.succeeded': 'setup_intent',
};

/** The product's transaction id a payment or refund was made under (its metadata), or null. */
function referenceOf(object: Record<string, unknown>): number | null {
  const id = Number((object.metadata as Record<string, unknown> | null | undefined)?.transaction_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Stripe's object, as read back, in the product's words (PaymentEvent); null when it means nothing to the product. */
async function productEvent(type: string, object: Record<string, unknown>, cardOfMethod: (id: string) => Promise<PaymentCard>): Promise<PaymentEvent | null> {
  const id = typeof object.id === 'string' ? object.id : null;
  const amount = Number(object.amount);
  const currency = String(object.currency ?? '').toLowerCase();
  if (!id) return null;
  switch (type) {
    case 'payment_intent.succeeded':
      return object.status === 'succeeded' && Number.isInteger(amount) ? { kind: 'payment.succeeded', paymentId: id, amountCents: amount, currency, reference: referenceOf(object) } : null;
    case 'payment_intent.payment_failed': {
      if (object.status === 'succeeded') return null;
      const failure = (object.last_payment_error ?? {}) as { code?: string; decline_code?: string; message?: string };
      return {
        kind: 'payment.failed',
        paymentId: id,
        code: failure.decline_code ?? failure.code ?? 'card_declined',
        message: failure.message ?? 'Your card was declined.',
        reference: referenceOf(object),
      };
    }
    case 'refund.created':
    case 'refund.updated':
      if (typeof object.payment_intent !== 'string' || object.status === 'failed' || !Number.isInteger(amount)) return null;
      return { kind: 'refund.made', refundId: id, paymentId: object.payment_intent, amountCents: amount, currency, reference: referenceOf(object) };
    case 'charge.refunded': {
      const refunded = Number(object.amount_refunded ?? 0);
      if (typeof object.payment_intent !== 'string' || !Number.isInteger(refunded)) return null;
      return { kind: 'payment.refunded', paymentId: object.payment_intent, refundedCents: refunded };
    }
    case 'setup_intent.succeeded': {
      const user = Number((object.metadata as Record<string, unknown> | null | undefined)?.user_id);
      if (object.status !== 'succeeded' || typeof object.customer !== 'string' || typeof object.payment_method !== 'string') return null;
      return { kind: 'card.ready', setupId: id, customerId: object.customer, card: await cardOfMethod(object.payment_method), reference: Number.isInteger(user) && user > 0 ? user : null };
    }
    default:
      return null;
  }
}

/**
 * The Stripe SDK's HTTP client with a path prefix: Stripe's `host`/`port`/`protocol` settings
 * cannot carry a path, and the SDK always asks for `/v1/...`; the sandbox serves Stripe's API under
 * /sandbox/stripe/v1/... on this server, so the SDK's own node client is used with the prefix put in
 * front of each path (Stripe's `httpClient` setting).
 */
function prefixedHttpClient(prefix: string): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  const client: Pick<Stripe.HttpClient, 'getClientName' | 'makeRequest'> = {
    getClientName: () => inner.getClientName(),
    makeRequest: (host, port, path, method, headers, requestData, protocol, timeout) =>
      inner.makeRequest(host, port, `${prefix}${path}`, method, headers, requestData, protocol, timeout),
  };
  return client as Stripe.HttpClient;
}

/** The card of a payment method; an answer without one (no card, no last four digits) is the vendor failing, never an empty card to save. */
function cardOf(method: Stripe.PaymentMethod): PaymentCard {
  const card = method.card;
  if (!method.id || !card?.last4) throw new Error('The payment method came back without a card');
  return {
    paymentMethodId: method.id,
    brand: card.brand || 'unknown',
    last4: card.last4,
    expMonth: card.exp_month ?? 0,
    expYear: card.exp_year ?? 0,
  };
}

/** Stripe's errors in the provider's terms: a card refusal, or a request Stripe said no to. Others pass as they are. */
function translate(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.type === 'StripeCardError') {
    const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
    return new PaymentDeclined(error.message, error.code ?? 'card_declined', error.decline_code ?? null, raw?.payment_intent?.id ?? null);
  }
  if (error.type === 'StripeInvalidRequestError') return new PaymentRequestInvalid(error.message, error.code ?? null, error.param ?? null);
  return error;
}

const okOf = (result: { lastResponse?: { statusCode?: number; requestId?: string } }) => ({
  status: result.lastResponse?.statusCode ?? 200,
  requestId: result.lastResponse?.requestId ?? null,
});
const errorOf = (error: unknown) =>
  error instanceof Stripe.errors.StripeError
    ? { status: error.statusCode ?? null, requestId: error.requestId ?? null, code: error.code ?? error.type }
    : { status: null, requestId: null, code: error instanceof Error ? error.name : 'error' };

/** The SDK's settings for every call: retries with an Idempotency-Key on each POST (the SDK's own), a time-out. */
const COMMON = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'agent-crm' } } as const;

/**
 * The official SDK as the adapter configures it: for Stripe itself, or (sandbox mode, `origin`
 * given) pointed at `origin`'s /sandbox/stripe. A customer's test of the sandbox builds it here too.
 */
export function stripeClientFor(settings: Pick<StripeSettings, 'secretKey'>, origin?: URL): Stripe {
  if (!origin) return new Stripe(settings.secretKey, COMMON);
  return new Stripe(settings.secretKey, {
    ...COMMON,
    host: origin.hostname,
    port: origin.port || (origin.protocol === 'https:' ? 443 : 80),
    protocol: origin.protocol === 'https:' ? 'https' : 'http',
    httpClient: prefixedHttpClient(STRIPE_SANDBOX_PREFIX),
  });
}

/**
 * The payments adapter on the official `stripe` SDK. With a real key it talks to Stripe; in
 * sandbox mode the same SDK is pointed at this server's /sandbox/stripe (host, port, protocol of
 * the local origin, read when the first call is made, so a test server on a random port works).
 * Every call is recorded in the vendor call log.
 */
export function createStripePaymentsProvider(settings: StripeSettings, origin: LocalOrigin, calls: VendorCallsRepository): PaymentsProvider {
  const clients = new Map<string, Stripe>();

  function client(): Stripe {
    const url = settings.mode === 'sandbox' ? origin.url() : undefined;
    const key = url?.origin ?? 'live';
    let made = clients.get(key);
    if (!made) clients.set(key, (made = stripeClientFor(settings, url)));
    return made;
  }

  async function call<T extends { lastResponse?: { statusCode?: number; requestId?: string } }>(
    operation: string,
    context: CallContext | undefined,
    run: (stripe: Stripe) => Promise<T>,
  ): Promise<T> {
    try {
      return await loggedCall(calls, { vendor: VENDOR, operation, correlationId: context?.correlationId ?? null }, () => run(client()), {
        ok: okOf,
        error: errorOf,
      });
    } catch (error) {
      throw translate(error);
    }
  }

  async function retrieve(kind: VendorObjectKind, id: string, context?: CallContext): Promise<Record<string, unknown> | null> {
    try {
      const found = await call<Stripe.Response<Stripe.PaymentIntent | Stripe.Refund | Stripe.Charge | Stripe.SetupIntent>>(`${kind}s.retrieve`, context, (stripe) =>
        kind === 'payment_intent'
          ? stripe.paymentIntents.retrieve(id)
          : kind === 'refund'
            ? stripe.refunds.retrieve(id)
            : kind === 'setup_intent'
              ? stripe.setupIntents.retrieve(id)
              : stripe.charges.retrieve(id),
      );
      const { lastResponse: _, ...object } = found as typeof found & { lastResponse?: unknown };
      return object as unknown as Record<string, unknown>;
    } catch (error) {
      if (error instanceof PaymentRequestInvalid && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  return {
    vendor: VENDOR,
    mode: settings.mode,
    publishableKey: settings.publishableKey,
    stripeJsUrl: settings.mode === 'sandbox' ? SANDBOX_STRIPE_JS_PATH : null,
    unavailable: null,

    async createCustomer(input, context) {
      const customer = await call('customers.create', context, (stripe) =>
        stripe.customers.create({ email: input.email, name: input.name, metadata: input.metadata ?? {} }, { idempotencyKey: input.idempotencyKey }),
      );
      return { id: customer.id };
    },

    async saveCard(input, context) {
      const intent = await call('setup_intents.create', context, (stripe) =>
        stripe.setupIntents.create(
          {
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            usage: 'off_session',
            confirm: true,
            metadata: { user_id: String(input.reference) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      // the bank asks the customer first (3-D Secure): Stripe.js shows its page; the card is not saved yet
      if (intent.status === 'requires_action' && intent.client_secret) return { status: 'requires_action', setupId: intent.id, clientSecret: intent.client_secret };
      // a decline is a card error (402, translated above); any other state after a confirmation is Stripe failing us
      if (intent.status !== 'succeeded') throw new Error(`The SetupIntent came back ${String(intent.status)}`);
      await this.makeDefaultCard(input.customerId, input.paymentMethodId, context);
      return { status: 'saved', card: await this.paymentMethod(input.paymentMethodId, context) };
    },

    async makeDefaultCard(customerId, paymentMethodId, context) {
      await call('customers.update', context, (stripe) => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }));
    },

    async paymentMethod(paymentMethodId, context) {
      return cardOf(await call('payment_methods.retrieve', context, (stripe) => stripe.paymentMethods.retrieve(paymentMethodId)));
    },

    async detachCard(paymentMethodId, context) {
      await call('payment_methods.detach', context, (stripe) => stripe.paymentMethods.detach(paymentMethodId));
    },

    async charge(request, context) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('A charge is a positive whole number of cents');
      const intent = await call('payment_intents.create', context, (stripe) =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            description: request.description,
            metadata: request.metadata ?? {},
            off_session: !request.customerPresent,
            confirm: true,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      // the customer's bank asks them first (3-D Secure, on-session only): Stripe.js shows its page
      if (intent.status === 'requires_action' && request.customerPresent && intent.client_secret) {
        return { id: intent.id, amountCents: intent.amount, currency: intent.currency, status: 'requires_action', clientSecret: intent.client_secret };
      }
      if (intent.status !== 'succeeded') {
        const failure = intent.last_payment_error;
        throw new PaymentDeclined(failure?.message ?? 'Your card was declined.', failure?.code ?? 'card_declined', failure?.decline_code ?? null, intent.id);
      }
      return { id: intent.id, amountCents: intent.amount, currency: intent.currency, status: 'succeeded' };
    },

    async refund(request, context) {
      const refund = await call('refunds.create', context, (stripe) =>
        stripe.refunds.create(
          { payment_intent: request.paymentIntentId, ...(request.amountCents !== undefined && { amount: request.amountCents }), metadata: request.metadata ?? {} },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { id: refund.id, paymentIntentId: request.paymentIntentId, amountCents: refund.amount, status: refund.status ?? 'succeeded' };
    },

    retrieve,

    async readEvent(event, context) {
      const kind = READ_BACK[event.type];
      const claimed = (event.payload.data as { object?: { id?: unknown } } | undefined)?.object;
      if (!kind || typeof claimed?.id !== 'string') return null;
      const object = await retrieve(kind, claimed.id, context);
      return object ? productEvent(event.type, object, (id) => this.paymentMethod(id, context)) : null;
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureInvalid('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureInvalid(error instanceof Error ? error.message : 'Invalid signature');
      }
      // the SDK refuses a signature too old, not one from the future: the window holds both ways
      const at = signedAt(signatureHeader);
      if (at === null || at - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureInvalid('Timestamp outside the tolerance zone');
      const payload = event as unknown as Record<string, unknown>;
      const malformed = malformation(payload);
      if (malformed) throw new WebhookEventMalformed(malformed);
      return { id: event.id, type: event.type, created: event.created, payload };
    },
  };
}
