import { createHash, randomBytes } from 'node:crypto';
import { sandboxId } from '../../kit/sandbox/ids';
import { STRIPE_SANDBOX_PREFIX } from '../stripe-settings';
import type { StripeObject, StripeSandboxRepository } from './stripe-sandbox.repository';
import { cardBrand, cardMessage, luhnValid, TEST_CARDS, TEST_PAYMENT_METHODS, TEST_TOKENS, type CardBehaviour } from './test-cards';

/** The API version the sandbox's events name (the SDK's own pinned version). */
export const SANDBOX_API_VERSION = '2026-10-28.endive';

/** A parsed form body: Stripe's `card[number]=…&metadata[k]=v&expand[0]=…` as nested objects. */
export type Form = { [key: string]: string | Form | undefined };

/** An error as Stripe answers it: HTTP status and `{ error: { type, code, decline_code, message, param, … } }`. */
export class StripeSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; message: string; param?: string; [extra: string]: unknown },
    /** The request had done its work when this was found (an `expand[]` path refused after a create): its answer is kept like any other. */
    readonly afterWork = false,
  ) {
    super(body.message);
  }
}

/** A Stripe-like id: prefix, underscore, 24 letters and digits. */
export const stripeId = (prefix: string): string => sandboxId(`${prefix}_`);

const now = () => Math.floor(Date.now() / 1000);
const invalid = (message: string, param?: string, code?: string, status = 400) =>
  new StripeSandboxError(status, { type: 'invalid_request_error', message, ...(param && { param }), ...(code && { code }) });
const missing = (kind: string, id: string, param = 'id') =>
  invalid(`No such ${kind}: '${id}'`, param, 'resource_missing', 404);
const required = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
const cardError = (code: string, declineCode: string | null, param: string | undefined, extra: Record<string, unknown> = {}) =>
  new StripeSandboxError(402, {
    type: 'card_error',
    code,
    ...(declineCode && { decline_code: declineCode }),
    message: cardMessage(code, declineCode),
    ...(param && { param }),
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
    ...extra,
  });

const text = (form: Form, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
};
const nested = (form: Form, key: string): Form => {
  const value = form[key];
  return value && typeof value === 'object' ? value : {};
};
const bool = (form: Form, key: string) => text(form, key) === 'true';
const metadataOf = (form: Form): Record<string, string> =>
  Object.fromEntries(Object.entries(nested(form, 'metadata')).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** The expiry Stripe gives a test PaymentMethod or token: December, a year ahead. */
function testExpiry(): { month: number; year: number } {
  return { month: 12, year: new Date().getUTCFullYear() + 1 };
}

/** A list's `limit`: 1 to 100, 10 when not given (Stripe refuses one outside). */
function listLimit(form: Form): number {
  const given = text(form, 'limit');
  if (given === undefined) return 10;
  const limit = Number(given);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit', 'parameter_invalid_integer');
  return limit;
}

/** A list's cursor: `starting_after` or `ending_before` (not both, as Stripe says). */
function listCursor(form: Form): { startingAfter?: string; endingBefore?: string } {
  const startingAfter = text(form, 'starting_after');
  const endingBefore = text(form, 'ending_before');
  if (startingAfter && endingBefore) throw invalid('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  return { ...(startingAfter && { startingAfter }), ...(endingBefore && { endingBefore }) };
}

/**
 * What a request is: its Request-Id and Idempotency-Key (events name them, as Stripe's do), and
 * the key it came with (a publishable key reaches an intent only with its client secret, as Stripe.js does).
 */
export type SandboxRequest = { requestId: string; idempotencyKey: string | null; key?: 'secret' | 'publishable' };

/** What the sandbox knows of a card and does not show: how it behaves, and whether it was set up with authentication (3-D Secure). */
type HiddenCard = { behaviour: CardBehaviour; setUp?: boolean };

/** Stripe's answer to a failed authentication (the customer pressed Fail on the bank's page). */
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/**
 * The part of Stripe's API the payments adapter uses, played in PostgreSQL: customers, card
 * payment methods (tokenised with a publishable key, as Stripe.js does), SetupIntents,
 * off-session PaymentIntents with their charges, refunds, and events. Test cards behave as in
 * Stripe's test mode (test-cards.ts). `emit` sends an event to the product's webhook (a job).
 *
 * `chargeDelayMs` is a test-only latency knob (env STRIPE_SANDBOX_CHARGE_DELAY_MS, 0 by default,
 * refused in production by loadEnv, and the sandbox never runs there): each new PaymentIntent waits
 * this long before it is made, as a slow network or a slow Stripe would, so that a test can kill
 * the worker whose charge is in flight (renewals.kill.test.ts). An idempotent replay is not delayed
 * (the routes answer it before this service is called).
 */
export function createStripeSandboxService(repo: StripeSandboxRepository, emit: (event: StripeObject) => Promise<void>, { chargeDelayMs = 0 }: { chargeDelayMs?: number } = {}) {
  /** An event of `object`'s change, as Stripe writes it. */
  function eventOf(type: string, object: StripeObject, request: SandboxRequest): StripeObject {
    return {
      id: stripeId('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.requestId, idempotency_key: request.idempotencyKey },
      type,
    };
  }

  async function event(type: string, object: StripeObject, request: SandboxRequest): Promise<void> {
    const evt = eventOf(type, object, request);
    await repo.insert(evt);
    await emit(evt);
  }

  /** A card PaymentMethod of a test card: the number is forgotten once brand, last four and a fingerprint are kept. */
  async function makeCard(number: string, expiry: { month: number; year: number }, cvc: string | undefined, form: Form): Promise<StripeObject> {
    const brand = cardBrand(number);
    const behaviour = TEST_CARDS[number] as CardBehaviour;
    const object: StripeObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer: null,
      livemode: false,
      metadata: metadataOf(form),
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: text(nested(form, 'billing_details'), 'name') ?? null, phone: null },
      card: {
        brand,
        display_brand: brand,
        last4: number.slice(-4),
        exp_month: expiry.month,
        exp_year: expiry.year,
        funding: 'credit',
        country: 'US',
        fingerprint: createHash('sha256').update(`sandbox-card:${number}`).digest('base64url').slice(0, 16),
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvc ? 'pass' : null },
        networks: { available: [brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
    };
    await repo.insert(object, { behaviour } satisfies HiddenCard);
    return object;
  }

  async function get(kind: string, id: string, param = 'id') {
    const found = await repo.find(id, kind);
    if (!found) throw missing(kind, id, param);
    return found;
  }

  async function customer(id: string | undefined, param = 'customer') {
    if (!id) throw required(param);
    return (await get('customer', id, param)).data;
  }

  /** A PaymentMethod by id; one of Stripe's test PaymentMethods (pm_card_visa, …) makes a new one of its card. */
  async function paymentMethod(id: string | undefined, param = 'payment_method') {
    if (!id) throw required(param);
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) {
      const made = await makeCard(testCard, testExpiry(), undefined, {});
      return { method: made, behaviour: TEST_CARDS[testCard] as CardBehaviour, setUp: false, fresh: true };
    }
    const found = await get('payment_method', id, param);
    const hidden = found.hidden as HiddenCard | null;
    return { method: found.data, behaviour: hidden?.behaviour ?? { kind: 'ok' as const }, setUp: hidden?.setUp ?? false, fresh: false };
  }

  /** An intent by id; with a publishable key (Stripe.js) only with its client secret, as Stripe answers. */
  async function intent(kind: 'setup_intent' | 'payment_intent', id: string, form: Form, request?: Pick<SandboxRequest, 'key'>): Promise<StripeObject> {
    const { data } = await get(kind, id);
    if (request?.key === 'publishable' && text(form, 'client_secret') !== data.client_secret) throw missing(kind, id);
    return data;
  }

  /** The intent of that id and client secret that waits for the customer to authenticate (3-D Secure), or null. */
  async function waitingIntent(id: string, clientSecret: string): Promise<StripeObject | null> {
    const found = await repo.find(id, id.startsWith('seti_') ? 'setup_intent' : 'payment_intent');
    const waiting = found?.data;
    return waiting && clientSecret && waiting.client_secret === clientSecret && waiting.status === 'requires_action' ? waiting : null;
  }

  /**
   * The next action of an intent that waits for the customer to authenticate: Stripe.js's
   * `use_stripe_sdk` with the bank's page (here the sandbox's own, where the customer completes or
   * fails it), as Stripe answers for a 3-D Secure card.
   */
  const authenticationOf = (object: StripeObject) => ({
    type: 'use_stripe_sdk',
    use_stripe_sdk: {
      type: 'three_d_secure_redirect',
      stripe_js: `${STRIPE_SANDBOX_PREFIX}/3ds/${object.id}?client_secret=${encodeURIComponent(String(object.client_secret))}`,
      source: stripeId('src'),
    },
  });

  async function attach(method: StripeObject, customerId: string, request: SandboxRequest): Promise<StripeObject> {
    if (method.customer === customerId) return method;
    if (method.customer) throw invalid(`The payment method you provided has already been attached to a customer.`, 'payment_method', 'payment_method_unexpected_state');
    const attached = { ...method, customer: customerId };
    await repo.save(attached);
    await event('payment_method.attached', attached, request);
    return attached;
  }

  /**
   * Confirms a PaymentIntent (`base`, as it is before) with its payment method: a charge is made;
   * a card that declines fails it (402 with the failed intent in the error). `write` keeps the
   * intent's new state: inserted when it is made confirmed, saved when an existing one is confirmed.
   */
  async function confirmIntent(
    base: StripeObject,
    resolved: Awaited<ReturnType<typeof paymentMethod>> | null,
    offSession: boolean,
    request: SandboxRequest,
    write: (intent: StripeObject) => Promise<void>,
  ): Promise<StripeObject> {
    if (!resolved) throw required('payment_method');
    const id = base.id;
    const amount = base.amount as number;
    const currency = base.currency as string;
    const customerId = typeof base.customer === 'string' ? base.customer : undefined;
    const { method, behaviour, fresh, setUp } = resolved;
    // a PaymentMethod made for this request (a test one) was never used: only one used before must be the customer's
    if (offSession && customerId && !fresh && method.customer !== customerId) {
      throw invalid(`The provided PaymentMethod ${method.id} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`, 'payment_method', 'payment_method_unexpected_state');
    }
    if (behaviour.kind === 'authenticate' && !offSession) {
      // the customer is present: the payment waits for them to authenticate on the bank's page
      const waiting: StripeObject = { ...base, status: 'requires_action', next_action: authenticationOf(base) };
      await write(waiting);
      await event('payment_intent.requires_action', waiting, request);
      return waiting;
    }
    const unauthenticated = behaviour.kind === 'authenticate' && (behaviour.when === 'always' || !setUp);
    const declined =
      behaviour.kind === 'decline'
        ? behaviour
        : behaviour.kind === 'charge_fails'
          ? { code: 'card_declined', declineCode: behaviour.declineCode }
          : unauthenticated
            ? { code: 'authentication_required', declineCode: 'authentication_required' }
            : null;
    const charge: StripeObject = {
      id: stripeId('ch'),
      object: 'charge',
      created: now(),
      amount,
      amount_captured: declined ? 0 : amount,
      amount_refunded: 0,
      currency,
      customer: customerId ?? null,
      payment_intent: id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: cardDetails(method) },
      description: base.description,
      metadata: base.metadata,
      paid: !declined,
      captured: !declined,
      refunded: false,
      status: declined ? 'failed' : 'succeeded',
      failure_code: declined?.code ?? null,
      failure_message: declined ? cardMessage(declined.code, declined.declineCode) : null,
      outcome: declined
        ? { network_status: 'declined_by_network', reason: declined.declineCode, type: 'issuer_declined', seller_message: 'The bank did not return any further details with this decline.' }
        : { network_status: 'approved_by_network', reason: null, type: 'authorized', seller_message: 'Payment complete.' },
      livemode: false,
    };
    await repo.insert(charge);
    if (declined) {
      const failed: StripeObject = {
        ...base,
        status: 'requires_payment_method',
        payment_method: null,
        latest_charge: charge.id,
        last_payment_error: {
          type: 'card_error',
          code: declined.code,
          decline_code: declined.declineCode,
          message: cardMessage(declined.code, declined.declineCode),
          charge: charge.id,
          payment_method: method,
        },
      };
      await write(failed);
      await event('charge.failed', charge, request);
      await event('payment_intent.payment_failed', failed, request);
      throw cardError(declined.code, declined.declineCode, undefined, { charge: charge.id, payment_intent: failed, payment_method: method });
    }
    const succeeded: StripeObject = { ...base, status: 'succeeded', amount_received: amount, latest_charge: charge.id };
    await write(succeeded);
    await event('charge.succeeded', charge, request);
    await event('payment_intent.succeeded', succeeded, request);
    return succeeded;
  }

  /**
   * Confirms a SetupIntent (`base`, as it is before) with its payment method: a declining card
   * fails it (402 with the failed intent in the error); a 3-D Secure card makes it wait for the
   * customer (`requires_action`); any other succeeds. `write` keeps the intent's new state.
   */
  async function confirmSetup(
    base: StripeObject,
    resolved: Awaited<ReturnType<typeof paymentMethod>> | null,
    request: SandboxRequest,
    write: (intent: StripeObject) => Promise<void>,
  ): Promise<StripeObject> {
    if (!resolved) throw required('payment_method');
    const { method, behaviour } = resolved;
    if (behaviour.kind === 'decline') {
      const failed: StripeObject = {
        ...base,
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: { type: 'card_error', code: behaviour.code, decline_code: behaviour.declineCode, message: cardMessage(behaviour.code, behaviour.declineCode), payment_method: method },
      };
      await write(failed);
      await event('setup_intent.setup_failed', failed, request);
      throw cardError(behaviour.code, behaviour.declineCode, undefined, { setup_intent: failed, payment_method: method });
    }
    if (behaviour.kind === 'authenticate') {
      const waiting: StripeObject = { ...base, payment_method: method.id, status: 'requires_action', next_action: authenticationOf(base) };
      await write(waiting);
      await event('setup_intent.requires_action', waiting, request);
      return waiting;
    }
    return succeedSetup(base, resolved, request, write);
  }

  /** A SetupIntent that succeeded: its card attached to the customer and (a 3-D Secure card) known as set up for later off-session payments. */
  async function succeedSetup(base: StripeObject, resolved: Awaited<ReturnType<typeof paymentMethod>>, request: SandboxRequest, write: (intent: StripeObject) => Promise<void>): Promise<StripeObject> {
    const customerId = typeof base.customer === 'string' ? base.customer : undefined;
    let method = resolved.method;
    if (customerId) method = await attach(method, customerId, request);
    if (resolved.behaviour.kind === 'authenticate') await repo.save(method, { behaviour: resolved.behaviour, setUp: true } satisfies HiddenCard);
    const succeeded: StripeObject = { ...base, payment_method: method.id, status: 'succeeded', next_action: null };
    await write(succeeded);
    await event('setup_intent.succeeded', succeeded, request);
    return succeeded;
  }

  const cardDetails = (method: StripeObject) => {
    const card = method.card as Record<string, unknown>;
    return { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, funding: card.funding, country: card.country, fingerprint: card.fingerprint };
  };

  return {
    async createCustomer(form: Form, request: SandboxRequest): Promise<StripeObject> {
      const object: StripeObject = {
        id: stripeId('cus'),
        object: 'customer',
        created: now(),
        email: text(form, 'email') ?? null,
        name: text(form, 'name') ?? null,
        description: text(form, 'description') ?? null,
        metadata: metadataOf(form),
        invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
        livemode: false,
      };
      await repo.insert(object);
      await event('customer.created', object, request);
      return object;
    },

    retrieveCustomer: async (id: string) => customer(id, 'id'),

    async updateCustomer(id: string, form: Form): Promise<StripeObject> {
      const current = await customer(id, 'id');
      const settings = nested(form, 'invoice_settings');
      const defaultMethod = text(settings, 'default_payment_method');
      if (defaultMethod) {
        const { method } = await paymentMethod(defaultMethod, 'invoice_settings[default_payment_method]');
        if (method.customer !== id) throw invalid(`No such PaymentMethod: '${defaultMethod}' attached to this customer`, 'invoice_settings[default_payment_method]', 'resource_missing');
      }
      const updated: StripeObject = {
        ...current,
        ...(text(form, 'email') !== undefined && { email: text(form, 'email') }),
        ...(text(form, 'name') !== undefined && { name: text(form, 'name') }),
        metadata: { ...(current.metadata as object), ...metadataOf(form) },
        invoice_settings: { ...(current.invoice_settings as object), ...(defaultMethod && { default_payment_method: defaultMethod }) },
      };
      await repo.save(updated);
      return updated;
    },

    /**
     * Tokenises a card (POST /v1/payment_methods with type=card, as Stripe.js sends it with the
     * publishable key). The number is checked (Luhn, test cards only, as test mode does) and then
     * forgotten: the object keeps brand, last four, expiry and a fingerprint.
     */
    async createPaymentMethod(form: Form): Promise<StripeObject> {
      if (text(form, 'type') !== 'card') throw text(form, 'type') ? invalid('Invalid payment method type: only card is supported here', 'type') : required('type');
      const card = nested(form, 'card');
      const token = text(card, 'token');
      if (token !== undefined) {
        const tokenNumber = TEST_TOKENS[token];
        if (!tokenNumber) throw missing('token', token, 'card[token]');
        return makeCard(tokenNumber, testExpiry(), undefined, form);
      }
      const number = (text(card, 'number') ?? '').replace(/[\s-]/g, '');
      if (!number) throw required('card[number]');
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw cardError('incorrect_number', null, 'card[number]');
      const month = Number(text(card, 'exp_month'));
      const rawYear = Number(text(card, 'exp_year'));
      const year = rawYear < 100 ? 2000 + rawYear : rawYear;
      if (!Number.isInteger(month) || month < 1 || month > 12) throw cardError('invalid_expiry_month', null, 'card[exp_month]');
      const today = new Date();
      if (!Number.isInteger(year) || year < today.getUTCFullYear() || year > today.getUTCFullYear() + 50) throw cardError('invalid_expiry_year', null, 'card[exp_year]');
      // a card is good through the last day of its expiry month
      if (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1) throw cardError('invalid_expiry_month', null, 'card[exp_month]');
      const cvc = text(card, 'cvc');
      if (cvc !== undefined && !(cardBrand(number) === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) throw cardError('invalid_cvc', null, 'card[cvc]');
      if (!TEST_CARDS[number]) throw cardError('card_declined', 'test_mode_live_card', undefined);
      return makeCard(number, { month, year }, cvc, form);
    },

    retrievePaymentMethod: async (id: string) => (await paymentMethod(id, 'id')).method,

    async listPaymentMethods(form: Form): Promise<StripeObject> {
      const customerId = text(form, 'customer');
      if (!customerId) throw required('customer');
      await customer(customerId);
      const page = await repo.pageOf(customerId, 'payment_method', { limit: listLimit(form), ...listCursor(form) });
      if (!page) throw missing('payment_method', (text(form, 'starting_after') ?? text(form, 'ending_before')) as string, text(form, 'starting_after') ? 'starting_after' : 'ending_before');
      return { id: '', object: 'list', data: page.data, has_more: page.hasMore, url: '/v1/payment_methods' };
    },

    async attachPaymentMethod(id: string, form: Form, request: SandboxRequest): Promise<StripeObject> {
      const customerId = text(form, 'customer');
      await customer(customerId);
      const { method, behaviour } = await paymentMethod(id, 'id');
      if (behaviour.kind === 'decline') throw cardError(behaviour.code, behaviour.declineCode, undefined, { payment_method: method });
      return attach(method, customerId as string, request);
    },

    async detachPaymentMethod(id: string, request: SandboxRequest): Promise<StripeObject> {
      const { method } = await paymentMethod(id, 'id');
      if (!method.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.', undefined, 'payment_method_unexpected_state');
      const detached = { ...method, customer: null };
      await repo.save(detached);
      await event('payment_method.detached', detached, request);
      return detached;
    },

    /** A SetupIntent, confirmed at once when asked (confirm=true): a declining card fails it with a 402, as Stripe does. */
    async createSetupIntent(form: Form, request: SandboxRequest): Promise<StripeObject> {
      const customerId = text(form, 'customer');
      if (customerId) await customer(customerId);
      const methodId = text(form, 'payment_method');
      const resolved = methodId ? await paymentMethod(methodId) : null;
      const id = stripeId('seti');
      const base: StripeObject = {
        id,
        object: 'setup_intent',
        created: now(),
        customer: customerId ?? null,
        payment_method: resolved?.method.id ?? null,
        payment_method_types: ['card'],
        usage: text(form, 'usage') ?? 'off_session',
        status: methodId ? 'requires_confirmation' : 'requires_payment_method',
        next_action: null,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        description: text(form, 'description') ?? null,
        metadata: metadataOf(form),
        last_setup_error: null,
        cancellation_reason: null,
        livemode: false,
      };
      if (!bool(form, 'confirm')) {
        await repo.insert(base);
        return base;
      }
      return confirmSetup(base, resolved, request, (o) => repo.insert(o));
    },

    /**
     * POST /v1/setup_intents/{id}/confirm (the server's, or Stripe.js's with the publishable key and
     * the client secret): a SetupIntent that waits for confirmation or for a new payment method is
     * confirmed as creating it with confirm=true does; another state is setup_intent_unexpected_state.
     */
    async confirmSetupIntent(id: string, form: Form, request: SandboxRequest): Promise<StripeObject> {
      const found = await intent('setup_intent', id, form, request);
      if (found.status !== 'requires_confirmation' && found.status !== 'requires_payment_method') {
        throw invalid(`You cannot confirm this SetupIntent because it has a status of ${String(found.status)}.`, undefined, 'setup_intent_unexpected_state');
      }
      const methodId = text(form, 'payment_method') ?? (typeof found.payment_method === 'string' ? found.payment_method : undefined);
      const resolved = methodId ? await paymentMethod(methodId) : null;
      return confirmSetup({ ...found, last_setup_error: null }, resolved, request, (o) => repo.save(o));
    },

    retrieveSetupIntent: async (id: string, form: Form, request?: SandboxRequest) => intent('setup_intent', id, form, request),

    /**
     * A PaymentIntent confirmed at once (confirm=true, off_session=true: the adapter's only use):
     * a charge is made; a card that declines answers 402 with the failed PaymentIntent in the error.
     */
    async createPaymentIntent(form: Form, request: SandboxRequest): Promise<StripeObject> {
      const amount = Number(text(form, 'amount'));
      if (!text(form, 'amount')) throw required('amount');
      if (!Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
      const currency = (text(form, 'currency') ?? '').toLowerCase();
      if (!currency) throw required('currency');
      const customerId = text(form, 'customer');
      if (customerId) await customer(customerId);
      const methodId = text(form, 'payment_method');
      const resolved = methodId ? await paymentMethod(methodId) : null;
      if (chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, chargeDelayMs));
      const id = stripeId('pi');
      const base: StripeObject = {
        id,
        object: 'payment_intent',
        created: now(),
        amount,
        amount_received: 0,
        amount_capturable: 0,
        currency,
        customer: customerId ?? null,
        payment_method: resolved?.method.id ?? null,
        payment_method_types: ['card'],
        description: text(form, 'description') ?? null,
        metadata: metadataOf(form),
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: methodId ? 'requires_confirmation' : 'requires_payment_method',
        next_action: null,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
      };
      if (!bool(form, 'confirm')) {
        await repo.insert(base);
        return base;
      }
      return confirmIntent(base, resolved, bool(form, 'off_session'), request, (o) => repo.insert(o));
    },

    /**
     * POST /v1/payment_intents/{id}/confirm: an intent that waits for confirmation (or for a new
     * payment method after a decline) is confirmed as creating it with confirm=true does; another
     * state is Stripe's payment_intent_unexpected_state.
     */
    async confirmPaymentIntent(id: string, form: Form, request: SandboxRequest): Promise<StripeObject> {
      const found = await intent('payment_intent', id, form, request);
      if (found.status !== 'requires_confirmation' && found.status !== 'requires_payment_method') {
        throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${String(found.status)}.`, undefined, 'payment_intent_unexpected_state');
      }
      const methodId = text(form, 'payment_method') ?? (typeof found.payment_method === 'string' ? found.payment_method : undefined);
      const resolved = methodId ? await paymentMethod(methodId) : null;
      const base = { ...found, payment_method: resolved?.method.id ?? null, last_payment_error: null };
      return confirmIntent(base, resolved, bool(form, 'off_session'), request, (o) => repo.save(o));
    },

    retrievePaymentIntent: async (id: string, form: Form, request?: SandboxRequest) => intent('payment_intent', id, form, request),

    /**
     * The customer's answer on the bank's page (the sandbox's 3-D Secure page): an intent that
     * waits for authentication (`requires_action`, its client secret given) is completed (a
     * SetupIntent succeeds and its card is attached and counts as set up; a PaymentIntent is
     * charged) or fails (Stripe's *_authentication_failure, the intent back to
     * requires_payment_method), with Stripe's events. Null when no intent of that id and secret waits.
     */
    waitingIntent,

    async authenticate(id: string, clientSecret: string, outcome: 'complete' | 'fail', request: SandboxRequest): Promise<StripeObject | null> {
      const waiting = await waitingIntent(id, clientSecret);
      if (!waiting || typeof waiting.payment_method !== 'string') return null;
      const kind = waiting.object as 'setup_intent' | 'payment_intent';
      const resolved = await paymentMethod(waiting.payment_method);
      const base = { ...waiting, next_action: null };
      if (outcome === 'complete') {
        if (kind === 'setup_intent') return succeedSetup(base, resolved, request, (o) => repo.save(o));
        return confirmIntent(base, { ...resolved, behaviour: { kind: 'ok' } }, false, request, (o) => repo.save(o));
      }
      const code = `${kind}_authentication_failure`;
      const error = { type: 'invalid_request_error', code, message: AUTHENTICATION_FAILED, payment_method: resolved.method };
      const failed: StripeObject =
        kind === 'setup_intent'
          ? { ...base, status: 'requires_payment_method', payment_method: null, last_setup_error: error }
          : { ...base, status: 'requires_payment_method', payment_method: null, last_payment_error: error };
      await repo.save(failed);
      await event(kind === 'setup_intent' ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed', failed, request);
      return failed;
    },

    /**
     * A refund of a succeeded payment, at most what is left of it. The charge is read and written
     * with its row locked, in one transaction with the refund and its events: of two refunds of
     * the same remainder sent at once, one is made and the other finds nothing left (Stripe's
     * `charge_already_refunded`). The events are sent once the transaction is done.
     */
    async createRefund(form: Form, request: SandboxRequest): Promise<StripeObject> {
      const intentId = text(form, 'payment_intent');
      const chargeParam = text(form, 'charge');
      if (!intentId && !chargeParam) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', 'parameter_missing');
      let chargeId = chargeParam as string;
      if (intentId) {
        const intent = (await get('payment_intent', intentId, 'payment_intent')).data;
        if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string') {
          throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
        }
        chargeId = intent.latest_charge;
      }
      const { refund, events } = await repo.locked(chargeId, 'charge', async (found, tx) => {
        if (!found) throw missing('charge', chargeId, 'charge');
        const charge = found.data;
        const left = (charge.amount as number) - (charge.amount_refunded as number);
        if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
        const amount = text(form, 'amount') === undefined ? left : Number(text(form, 'amount'));
        if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
        if (amount > left) {
          throw invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount', 'amount_too_large');
        }
        const made: StripeObject = {
          id: stripeId('re'),
          object: 'refund',
          created: now(),
          amount,
          currency: charge.currency,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          metadata: metadataOf(form),
          reason: text(form, 'reason') ?? null,
          status: 'succeeded',
          livemode: false,
        };
        const refunded = (charge.amount_refunded as number) + amount;
        const updatedCharge = { ...charge, amount_refunded: refunded, refunded: refunded === charge.amount };
        const written = [eventOf('refund.created', made, request), eventOf('charge.refunded', updatedCharge, request)];
        await tx.insert(made);
        await tx.save(updatedCharge);
        for (const evt of written) await tx.insert(evt);
        return { refund: made, events: written };
      });
      for (const evt of events) await emit(evt);
      return refund;
    },

    retrieveRefund: async (id: string) => (await get('refund', id)).data,
    retrieveCharge: async (id: string) => (await get('charge', id)).data,
    retrieveEvent: async (id: string) => (await get('event', id)).data,
  };
}

export type StripeSandboxService = ReturnType<typeof createStripeSandboxService>;
