import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import Stripe from 'stripe';
import { stripeClientFor } from '../stripe.provider';
import { answerBank, listenForSandbox, paymentMethodFor, type ParsedJson } from '../../../test/stripe-sandbox';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = `${await listenForSandbox(t)}/sandbox/stripe/v1`;
});
afterAll(() => t.close());

async function stripe(method: string, path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(form).toString();
  const res = await fetch(`${base}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: { authorization: `Bearer ${t.ctx.paymentsSettings.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    ...(method !== 'GET' && { body }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as ParsedJson };
}

describe("the Stripe sandbox speaks Stripe's wire API", () => {
  it('needs a key; the publishable key tokenises cards only', async () => {
    const none = await stripe('POST', '/customers', {}, { authorization: '' });
    expect(none.status).toBe(401);
    expect(none.body.error.type).toBe('invalid_request_error');
    const wrong = await stripe('POST', '/customers', {}, { authorization: 'Bearer sk_test_wrongwrongwrongwrong1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
    const publishable = await stripe('POST', '/customers', {}, { authorization: `Bearer ${t.ctx.paymentsSettings.publishableKey}` });
    expect(publishable.status).toBe(401);
    expect(publishable.body.error.message).toMatch(/cannot be made with a publishable API key/);
    // Stripe.js may send the key in the form instead
    const tokenised = await stripe('POST', '/payment_methods', { key: t.ctx.paymentsSettings.publishableKey, type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '1', 'card[exp_year]': '40' }, { authorization: '' });
    expect(tokenised.status).toBe(200);
    expect(tokenised.body).toMatchObject({ object: 'payment_method', type: 'card', customer: null, card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2040 } });
    expect(JSON.stringify(tokenised.body)).not.toContain('4242424242424242');
  });

  it("answers Stripe's shapes, ids and Request-Id", async () => {
    const res = await stripe('POST', '/customers', { email: 'a@example.com', name: 'A B', 'metadata[user_id]': '7' });
    expect(res.status).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_\w{24}$/);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^cus_/), object: 'customer', email: 'a@example.com', metadata: { user_id: '7' }, livemode: false });
    const missing = await stripe('GET', '/customers/cus_nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', message: "No such customer: 'cus_nope'", param: 'id' });
    const unknown = await stripe('POST', '/subscriptions', {});
    expect(unknown.status).toBe(404);
  });

  it('keeps Idempotency-Key like Stripe: the first answer replayed, other parameters refused', async () => {
    const first = await stripe('POST', '/customers', { email: 'idem@example.com' }, { 'idempotency-key': 'sandbox-key-1' });
    const again = await stripe('POST', '/customers', { email: 'idem@example.com' }, { 'idempotency-key': 'sandbox-key-1' });
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('request-id')).toBe(first.headers.get('request-id'));
    const other = await stripe('POST', '/customers', { email: 'other@example.com' }, { 'idempotency-key': 'sandbox-key-1' });
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
  });

  it('a declined payment is 402 card_error with the failed PaymentIntent; the decline is kept for its key', async () => {
    const customer = (await stripe('POST', '/customers', { email: 'd@example.com' })).body.id as string;
    const pm = await paymentMethodFor(t, '4000000000000341');
    expect((await stripe('POST', '/setup_intents', { customer, payment_method: pm, confirm: 'true', usage: 'off_session' })).body.status).toBe('succeeded');
    const form = { amount: '4900', currency: 'usd', customer, payment_method: pm, off_session: 'true', confirm: 'true' };
    const declined = await stripe('POST', '/payment_intents', form, { 'idempotency-key': 'pi-decline-1' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { object: 'payment_intent', status: 'requires_payment_method' },
    });
    const replay = await stripe('POST', '/payment_intents', form, { 'idempotency-key': 'pi-decline-1' });
    expect(replay.status).toBe(402);
    expect(replay.body.error.payment_intent.id).toBe(declined.body.error.payment_intent.id);
    const stored = await stripe('GET', `/payment_intents/${declined.body.error.payment_intent.id}`);
    expect(stored.body.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });
});

describe('the sandbox as a customer sees it through the official stripe SDK (configured as the adapter configures it)', () => {
  let sdk: Stripe;
  beforeAll(() => {
    sdk = stripeClientFor(t.ctx.paymentsSettings, new URL(base));
  });

  /** A succeeded off-session payment of `amount` cents with 4242 4242 4242 4242. */
  async function paid(amount: number) {
    const customer = await sdk.customers.create({ email: 'refunds@example.com' });
    const pm = await paymentMethodFor(t, '4242424242424242');
    await sdk.setupIntents.create({ customer: customer.id, payment_method: pm, confirm: true, usage: 'off_session' });
    return sdk.paymentIntents.create({ amount, currency: 'usd', customer: customer.id, payment_method: pm, off_session: true, confirm: true });
  }

  it('two refunds of the same remainder sent at once: one is made, the other finds nothing left; never more than the charge', async () => {
    const intent = await paid(4900);
    expect(intent.status).toBe('succeeded');
    await sdk.refunds.create({ payment_intent: intent.id, amount: 900 });
    const both = await Promise.allSettled([sdk.refunds.create({ payment_intent: intent.id, amount: 4000 }), sdk.refunds.create({ payment_intent: intent.id, amount: 4000 })]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as Stripe.errors.StripeError;
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused.code).toBe('charge_already_refunded');
    const charge = await sdk.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount: 4900, amount_refunded: 4900, refunded: true });
  });

  it("lists as Stripe pages: has_more, starting_after, ending_before, and the SDK's auto-pagination sees every item once", async () => {
    const customer = await sdk.customers.create({ email: 'three-cards@example.com' });
    const made: string[] = [];
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005']) {
      const pm = await paymentMethodFor(t, number);
      await sdk.paymentMethods.attach(pm, { customer: customer.id });
      made.push(pm);
    }
    const newestFirst = [...made].reverse();
    const first = await sdk.paymentMethods.list({ customer: customer.id, type: 'card', limit: 2 });
    expect(first.data.map((pm) => pm.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.has_more).toBe(true);
    const next = await sdk.paymentMethods.list({ customer: customer.id, type: 'card', limit: 2, starting_after: first.data[1]!.id });
    expect(next.data.map((pm) => pm.id)).toEqual(newestFirst.slice(2));
    expect(next.has_more).toBe(false);
    const back = await sdk.paymentMethods.list({ customer: customer.id, type: 'card', limit: 1, ending_before: newestFirst[2] });
    expect(back.data.map((pm) => pm.id)).toEqual([newestFirst[1]]);
    expect(back.has_more).toBe(true);
    const all: string[] = [];
    for await (const pm of sdk.paymentMethods.list({ customer: customer.id, type: 'card', limit: 1 })) all.push(pm.id);
    expect(all).toEqual(newestFirst);
    const stray = await sdk.paymentMethods.list({ customer: customer.id, type: 'card', starting_after: 'pm_notinthelist' }).catch((error: unknown) => error);
    expect(stray).toMatchObject({ code: 'resource_missing', param: 'starting_after' });
  });

  it("takes Stripe's documented test PaymentMethods and tokens: each use makes a new PaymentMethod of its card", async () => {
    const visa = await sdk.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    expect(visa).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_(?!card_)\w{24}$/) });
    const again = await sdk.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    expect(again.payment_method).not.toBe(visa.payment_method);
    expect(await sdk.paymentMethods.retrieve(visa.payment_method as string)).toMatchObject({ card: { brand: 'visa', last4: '4242' } });

    const declined = await sdk.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclinedInsufficientFunds', confirm: true }).catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });

    const fromToken = await sdk.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    expect(fromToken).toMatchObject({ object: 'payment_method', card: { brand: 'mastercard', last4: '4444' } });
    const unknownToken = await sdk.paymentMethods.create({ type: 'card', card: { token: 'tok_nothing' } }).catch((error: unknown) => error);
    expect(unknownToken).toMatchObject({ code: 'resource_missing', param: 'card[token]' });
  });

  it('confirms a PaymentIntent made without confirm; one declined is confirmed again with another card; a succeeded one cannot be', async () => {
    const waiting = await sdk.paymentIntents.create({ amount: 3100, currency: 'usd', payment_method: 'pm_card_chargeDeclined' });
    expect(waiting.status).toBe('requires_confirmation');
    const declined = await sdk.paymentIntents.confirm(waiting.id).catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((await sdk.paymentIntents.retrieve(waiting.id)).status).toBe('requires_payment_method');
    const paid = await sdk.paymentIntents.confirm(waiting.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ id: waiting.id, status: 'succeeded', amount_received: 3100 });
    expect(await sdk.charges.retrieve(paid.latest_charge as string)).toMatchObject({ object: 'charge', payment_intent: waiting.id, amount: 3100, paid: true, status: 'succeeded' });
    const twice = await sdk.paymentIntents.confirm(waiting.id).catch((error: unknown) => error);
    expect(twice).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('3-D Secure: a setup and a payment with the customer present wait for the bank (requires_action, its page); completed, the payment is charged; failed, each is back to requires_payment_method', async () => {
    const customer = await sdk.customers.create({ email: '3ds@example.com' });
    const setup = await sdk.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_authenticationRequired', confirm: true, usage: 'off_session' });
    expect(setup).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } });
    const page = (setup.next_action as unknown as { use_stripe_sdk: { stripe_js: string } }).use_stripe_sdk.stripe_js;
    const shown = await fetch(new URL(page, base));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Complete authentication');
    // the bank's page may be framed by the product's own pages only
    expect(shown.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(shown.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Stripe.js reaches the intent with the publishable key and its client secret, and with nothing less
    const publishable = { authorization: `Bearer ${t.ctx.paymentsSettings.publishableKey}` };
    expect((await stripe('GET', `/setup_intents/${setup.id}`, { client_secret: setup.client_secret as string }, publishable)).body).toMatchObject({ id: setup.id, status: 'requires_action' });
    expect((await stripe('GET', `/setup_intents/${setup.id}`, {}, publishable)).status).toBe(404);
    expect((await stripe('GET', `/setup_intents/${setup.id}`, { client_secret: `${setup.id}_secret_wrong` }, publishable)).status).toBe(404);
    expect((await answerBank(t, `${setup.id}_secret_wrong`, 'complete')).status).toBe(404);
    // no card attached before the customer answers
    expect((await sdk.paymentMethods.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await answerBank(t, setup.client_secret as string, 'complete')).html).toContain('stripe-sandbox-3ds');
    const done = await sdk.setupIntents.retrieve(setup.id);
    expect(done).toMatchObject({ status: 'succeeded', next_action: null, customer: customer.id });
    expect((await sdk.paymentMethods.list({ customer: customer.id })).data.map((m) => m.id)).toEqual([done.payment_method]);
    // answered once: nothing waits any more
    expect((await answerBank(t, setup.client_secret as string, 'fail')).status).toBe(404);

    // 4000 0027 6000 3184 asks every time: off-session it is declined as authentication_required…
    const offSession = await sdk.paymentIntents
      .create({ amount: 2500, currency: 'usd', customer: customer.id, payment_method: done.payment_method as string, off_session: true, confirm: true })
      .catch((error: unknown) => error);
    expect(offSession).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(offSession).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' });
    // …with the customer present it waits for the bank, and is charged once they complete
    const present = await sdk.paymentIntents.create({ amount: 2500, currency: 'usd', customer: customer.id, payment_method: done.payment_method as string, confirm: true });
    expect(present).toMatchObject({ status: 'requires_action', latest_charge: null });
    await answerBank(t, present.client_secret as string, 'complete');
    const charged = await sdk.paymentIntents.retrieve(present.id);
    expect(charged).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    expect(await sdk.charges.retrieve(charged.latest_charge as string)).toMatchObject({ paid: true, amount: 2500 });

    // a failed authentication: Stripe's *_authentication_failure, the intent back to requires_payment_method, nothing charged
    const refused = await sdk.paymentIntents.create({ amount: 2500, currency: 'usd', payment_method: 'pm_card_authenticationRequired', confirm: true });
    await answerBank(t, refused.client_secret as string, 'fail');
    expect(await sdk.paymentIntents.retrieve(refused.id)).toMatchObject({
      status: 'requires_payment_method',
      latest_charge: null,
      last_payment_error: { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' },
    });
    const failedSetup = await sdk.setupIntents.create({ payment_method: 'pm_card_authenticationRequiredOnSetup', confirm: true });
    await answerBank(t, failedSetup.client_secret as string, 'fail');
    expect(await sdk.setupIntents.retrieve(failedSetup.id)).toMatchObject({ status: 'requires_payment_method', payment_method: null, last_setup_error: { code: 'setup_intent_authentication_failure' } });
  });

  it('Stripe.js confirms a SetupIntent with the publishable key and the client secret (POST /v1/setup_intents/{id}/confirm); 4000 0025 0000 3155, once set up, is charged off-session without asking again', async () => {
    const customer = await sdk.customers.create({ email: '3155@example.com' });
    const pm = await paymentMethodFor(t, '4000002500003155');
    const made = await sdk.setupIntents.create({ customer: customer.id, payment_method: pm, usage: 'off_session' });
    expect(made.status).toBe('requires_confirmation');
    const publishable = { authorization: `Bearer ${t.ctx.paymentsSettings.publishableKey}` };
    expect((await stripe('POST', `/setup_intents/${made.id}/confirm`, {}, publishable)).status).toBe(404);
    const confirmed = await stripe('POST', `/setup_intents/${made.id}/confirm`, { client_secret: made.client_secret as string, use_stripe_sdk: 'true' }, publishable);
    expect(confirmed.body).toMatchObject({ id: made.id, status: 'requires_action' });
    await answerBank(t, made.client_secret as string, 'complete');
    expect((await sdk.setupIntents.retrieve(made.id)).status).toBe('succeeded');
    const later = await sdk.paymentIntents.create({ amount: 4900, currency: 'usd', customer: customer.id, payment_method: pm, off_session: true, confirm: true });
    expect(later.status).toBe('succeeded');
    // never set up with authentication: the same card off-session is declined as authentication_required
    const other = await paymentMethodFor(t, '4000002500003155');
    const unset = await sdk.paymentIntents.create({ amount: 4900, currency: 'usd', payment_method: other, off_session: true, confirm: true }).catch((error: unknown) => error);
    expect(unset).toMatchObject({ code: 'authentication_required' });
  });

  it('expands what expand[] names, on one object, through ids, and in lists; a field that holds no id cannot be expanded', async () => {
    const customer = await sdk.customers.create({ email: 'expand@example.com' });
    const pm = await paymentMethodFor(t, '4242424242424242');
    await sdk.paymentMethods.attach(pm, { customer: customer.id });
    const intent = await sdk.paymentIntents.create({ amount: 2500, currency: 'usd', customer: customer.id, payment_method: pm, off_session: true, confirm: true, expand: ['latest_charge'] });
    expect(intent.latest_charge).toMatchObject({ object: 'charge', amount: 2500 });
    const read = await sdk.paymentIntents.retrieve(intent.id, { expand: ['latest_charge.payment_method', 'customer'] });
    expect(read.customer).toMatchObject({ object: 'customer', id: customer.id, email: 'expand@example.com' });
    expect((read.latest_charge as Stripe.Charge).payment_method).toMatchObject({ object: 'payment_method', id: pm });
    const listed = await sdk.paymentMethods.list({ customer: customer.id, type: 'card', expand: ['data.customer'] });
    expect(listed.data[0]!.customer).toMatchObject({ object: 'customer', id: customer.id });
    const refused = await sdk.paymentIntents.retrieve(intent.id, { expand: ['amount'] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ type: 'StripeInvalidRequestError', message: 'This property cannot be expanded (amount).' });
    // found after the customer was made: the answer is kept for its key, so a retry makes no second customer
    const before = await t.ctx.stripeSandbox!.repository.count('customer');
    const create = () => sdk.customers.create({ email: 'expand-twice@example.com', expand: ['email'] }, { idempotencyKey: 'expand-after-work-1' }).catch((error: unknown) => error);
    expect(await create()).toMatchObject({ message: 'This property cannot be expanded (email).' });
    expect(await create()).toMatchObject({ message: 'This property cannot be expanded (email).' });
    expect(await t.ctx.stripeSandbox!.repository.count('customer')).toBe(before + 1);
  });

  it('refuses a parameter the endpoint does not take, as Stripe does (400 parameter_unknown), and saves nothing for its key', async () => {
    const refused = await sdk.customers
      .create({ email: 'colour@example.com', colour: 'teal' } as Stripe.CustomerCreateParams, { idempotencyKey: 'unknown-param-1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ code: 'parameter_unknown', param: 'colour', message: 'Received unknown parameter: colour' });
    const corrected = await sdk.customers.create({ email: 'colour@example.com' }, { idempotencyKey: 'unknown-param-1' });
    expect(corrected).toMatchObject({ object: 'customer', email: 'colour@example.com' });
  });

  it('a request refused by validation keeps no Idempotency-Key: the corrected retry with the same key runs, and is then replayed', async () => {
    const intent = await paid(4900);
    const tooMuch = await sdk.refunds.create({ payment_intent: intent.id, amount: 9900 }, { idempotencyKey: 'refund-corrected-1' }).catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((tooMuch as Stripe.errors.StripeError).code).toBe('amount_too_large');
    // Stripe compares parameters only with a saved result; nothing was saved, so the key is free
    const corrected = await sdk.refunds.create({ payment_intent: intent.id, amount: 900 }, { idempotencyKey: 'refund-corrected-1' });
    expect(corrected).toMatchObject({ object: 'refund', amount: 900, status: 'succeeded' });
    const again = await sdk.refunds.create({ payment_intent: intent.id, amount: 900 }, { idempotencyKey: 'refund-corrected-1' });
    expect(again.id).toBe(corrected.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  });
});

describe('where the sandbox is served', () => {
  it('never in production, nor when a real Stripe key is configured', async () => {
    const envs: Record<string, string>[] = [{ APP_ENV: 'production' }, { STRIPE_SECRET_KEY: 'sk_test_configured123', STRIPE_PUBLISHABLE_KEY: 'pk_test_configured123', STRIPE_WEBHOOK_SECRET: 'whsec_configured123' }];
    for (const env of envs) {
      const other = await createTestApp(env);
      try {
        expect(other.ctx.stripeSandbox).toBeNull();
        const res = await other.app.inject({ method: 'POST', url: '/sandbox/stripe/v1/payment_methods', payload: 'type=card', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ errors: { base: 'No route for POST /sandbox/stripe/v1/payment_methods' } });
      } finally {
        await other.close();
      }
    }
  });
});
