import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { answerBank, listenForSandbox, paymentMethodFor, tokenize, tablesHolding, vendorHas } from '../../test/stripe-sandbox';
import { PaymentDeclined, PaymentRequestInvalid } from '../payments/payments.provider';
import { createStripePaymentsProvider } from './stripe.provider';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForSandbox(t);
});
afterAll(() => t.close());

let customerSeq = 0;
async function customer() {
  customerSeq += 1;
  return t.ctx.payments.createCustomer({ email: `buyer${customerSeq}@example.com`, name: 'Test Buyer', idempotencyKey: `test-customer-${customerSeq}-${Date.now()}` });
}

async function declineOf(promise: Promise<unknown>): Promise<PaymentDeclined> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentDeclined);
  return error as PaymentDeclined;
}

describe('the Stripe adapter against the sandbox (same SDK code as production)', () => {
  it('is in sandbox mode with keys made for this installation, and never hands out the secret', () => {
    expect(t.ctx.payments.mode).toBe('sandbox');
    expect(t.ctx.payments.publishableKey).toMatch(/^pk_test_\w{20,}$/);
    expect(t.ctx.paymentsSettings.secretKey).toMatch(/^sk_test_\w{20,}$/);
    expect(t.ctx.paymentsSettings.webhookSecret).toMatch(/^whsec_\w{20,}$/);
  });

  it('4242 4242 4242 4242: saved through a SetupIntent, charged off-session, refunded', async () => {
    const { id } = await customer();
    expect(id).toMatch(/^cus_\w{24}$/);
    const pm = await paymentMethodFor(t, '4242424242424242');
    expect(pm).toMatch(/^pm_\w{24}$/);
    const card = await t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 1 });
    expect(card).toEqual({ status: 'saved', card: { paymentMethodId: pm, brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 } });
    const charge = await t.ctx.payments.charge({
      customerId: id,
      paymentMethodId: pm,
      amountCents: 4_900,
      currency: 'usd',
      description: 'Agent Monthly',
      idempotencyKey: `charge-${pm}`,
      metadata: { order: '1' },
    });
    expect(charge).toEqual({ id: expect.stringMatching(/^pi_\w{24}$/), amountCents: 4_900, currency: 'usd', status: 'succeeded' });
    // the same idempotency key: the same payment, nothing charged again
    const again = await t.ctx.payments.charge({ customerId: id, paymentMethodId: pm, amountCents: 4_900, currency: 'usd', description: 'Agent Monthly', idempotencyKey: `charge-${pm}`, metadata: { order: '1' } });
    expect(again.id).toBe(charge.id);
    expect(await t.ctx.stripeSandbox!.repository.count('payment_intent', id)).toBe(1);

    const partial = await t.ctx.payments.refund({ paymentIntentId: charge.id, amountCents: 900, idempotencyKey: `refund-1-${pm}` });
    expect(partial).toMatchObject({ id: expect.stringMatching(/^re_\w{24}$/), amountCents: 900, status: 'succeeded' });
    // never above what is left of the payment
    const tooMuch = await t.ctx.payments.refund({ paymentIntentId: charge.id, amountCents: 4_001, idempotencyKey: `refund-2-${pm}` }).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(PaymentRequestInvalid);
    expect((tooMuch as PaymentRequestInvalid).code).toBe('amount_too_large');
    const rest = await t.ctx.payments.refund({ paymentIntentId: charge.id, idempotencyKey: `refund-3-${pm}` });
    expect(rest.amountCents).toBe(4_000);

    // read back as Stripe has them (the SDK's paymentIntents, charges and refunds .retrieve): what webhooks are checked against
    const intent = await t.ctx.payments.retrieve('payment_intent', charge.id);
    expect(intent).toMatchObject({ id: charge.id, object: 'payment_intent', status: 'succeeded', amount: 4_900, currency: 'usd', latest_charge: expect.stringMatching(/^ch_\w+$/) });
    expect(await t.ctx.payments.retrieve('charge', intent!.latest_charge as string)).toMatchObject({ object: 'charge', payment_intent: charge.id, amount: 4_900, amount_refunded: 4_900 });
    expect(await t.ctx.payments.retrieve('refund', partial.id)).toMatchObject({ id: partial.id, object: 'refund', payment_intent: charge.id, amount: 900 });
    // an id Stripe does not know is resource_missing there: no object
    expect(await t.ctx.payments.retrieve('charge', 'ch_unknown000000000000000')).toBeNull();
    expect(await t.ctx.payments.retrieve('refund', 're_unknown000000000000000')).toBeNull();
  });

  it('4000 0000 0000 0002 is declined (card_declined) when saved', async () => {
    const { id } = await customer();
    const pm = await paymentMethodFor(t, '4000000000000002');
    const declined = await declineOf(t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 1 }));
    expect(declined).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
  });

  it('4000 0000 0000 9995 is saved (a setup moves no money), then its charge is declined for insufficient funds', async () => {
    const { id } = await customer();
    const pm = await paymentMethodFor(t, '4000000000009995');
    expect(await t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 1 })).toMatchObject({ status: 'saved', card: { last4: '9995' } });
    const declined = await declineOf(
      t.ctx.payments.charge({ customerId: id, paymentMethodId: pm, amountCents: 4_900, currency: 'usd', description: 'Agent Monthly', idempotencyKey: `charge-${pm}` }),
    );
    expect(declined).toMatchObject({ code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.', paymentIntentId: expect.stringMatching(/^pi_/) });
  });

  it('4000 0000 0000 0341 attaches, and then its charges fail', async () => {
    const { id } = await customer();
    const pm = await paymentMethodFor(t, '4000000000000341');
    const card = await t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 1 });
    expect(card).toMatchObject({ status: 'saved', card: { last4: '0341' } });
    const declined = await declineOf(
      t.ctx.payments.charge({ customerId: id, paymentMethodId: pm, amountCents: 4_900, currency: 'usd', description: 'Agent Monthly', idempotencyKey: `charge-${pm}` }),
    );
    expect(declined).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline', paymentIntentId: expect.stringMatching(/^pi_/) });
  });

  it('4000 0025 0000 3155 (3-D Secure): saveCard saves nothing and answers requires_action; once the customer completes it, the event reads as card.ready for the user, and off-session charges need nothing more', async () => {
    const { id } = await customer();
    const pm = await paymentMethodFor(t, '4000002500003155');
    const setup = await t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 7 });
    expect(setup).toEqual({ status: 'requires_action', setupId: expect.stringMatching(/^seti_\w{24}$/), clientSecret: expect.stringMatching(/^seti_\w{24}_secret_\w+$/) });
    if (setup.status !== 'requires_action') return;
    const readBack = { type: 'setup_intent.succeeded', payload: { id: 'evt_setup', type: 'setup_intent.succeeded', data: { object: { id: setup.setupId } } } };
    // the event's claim is read back: before the customer answers, Stripe says it is not done
    expect(await t.ctx.payments.readEvent(readBack)).toBeNull();
    expect((await answerBank(t, setup.clientSecret, 'complete')).status).toBe(200);
    expect(await t.ctx.payments.readEvent(readBack)).toEqual({
      kind: 'card.ready',
      setupId: setup.setupId,
      customerId: id,
      card: { paymentMethodId: pm, brand: 'visa', last4: '3155', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 },
      reference: 7,
    });
    const charge = await t.ctx.payments.charge({ customerId: id, paymentMethodId: pm, amountCents: 4_900, currency: 'usd', description: 'Agent Monthly', idempotencyKey: `charge-${pm}` });
    expect(charge.status).toBe('succeeded');
  });

  it('4000 0027 6000 3184 asks every time: set up with authentication, its off-session charge is declined as authentication_required', async () => {
    const { id } = await customer();
    const pm = await paymentMethodFor(t, '4000002760003184');
    const setup = await t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 8 });
    if (setup.status !== 'requires_action') throw new Error(`expected requires_action, got ${setup.status}`);
    await answerBank(t, setup.clientSecret, 'complete');
    const declined = await declineOf(
      t.ctx.payments.charge({ customerId: id, paymentMethodId: pm, amountCents: 4_900, currency: 'usd', description: 'Agent Monthly', idempotencyKey: `charge-${pm}` }),
    );
    expect(declined).toMatchObject({ code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' });
  });

  it('refuses a wrong number, a past expiry and a real card as Stripe test mode does (402 card_error)', async () => {
    const wrong = await tokenize(t, { number: '4242424242424241' });
    expect(wrong.status).toBe(402);
    expect(wrong.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' });
    const expired = await tokenize(t, { number: '4242424242424242', exp_year: String(new Date().getUTCFullYear() - 1) });
    expect(expired.body.error).toMatchObject({ type: 'card_error', code: 'invalid_expiry_year' });
    const live = await tokenize(t, { number: '4111111111111111' });
    expect(live.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'test_mode_live_card' });
  });

  it('records every call in the vendor call log with the time it took; no table keeps the secret key or a card number', async () => {
    const { id } = await customer();
    const pm = await paymentMethodFor(t, '4000000000000002');
    const started = performance.now();
    await t.ctx.payments.saveCard({ customerId: id, paymentMethodId: pm, idempotencyKey: `setup-${pm}`, reference: 1 }, { correlationId: `corr-${pm}` }).catch(() => undefined);
    const took = performance.now() - started;
    const calls = await t.ctx.vendorCalls.byCorrelation('stripe', `corr-${pm}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ operation: 'setup_intents.create', status: 402, ok: false, errorCode: 'card_declined', requestId: expect.stringMatching(/^req_/) });
    // the call's own time: within the time the test waited for it (a clock read wrongly is far outside)
    expect(Number.isInteger(calls[0]!.latencyMs)).toBe(true);
    expect(calls[0]!.latencyMs).toBeLessThanOrEqual(Math.ceil(took));
    const { rows } = await t.ctx.vendorCalls.list({ vendor: 'stripe', page: 1, limit: 200 });
    expect(rows.some((r) => r.operation === 'payment_intents.create' && r.ok)).toBe(true);
    // nowhere: not the call log, the billing tables, the audit log, the jobs, nor the sandbox's own objects
    expect(await tablesHolding(t, t.ctx.paymentsSettings.secretKey)).toEqual([]);
    expect(await tablesHolding(t, '4000000000000002')).toEqual([]);
  });
});

describe("Stripe's events in the product's words (readEvent)", () => {
  const event = (type: string, object: Record<string, unknown>) => ({ type, payload: { id: `evt_${type}`, type, data: { object } } });

  it("reads the named object back from Stripe and says what it means; the event's own copy counts for nothing", async () => {
    await vendorHas(t, { id: 'pi_read_ok', object: 'payment_intent', status: 'succeeded', amount: 4_900, currency: 'USD', metadata: { transaction_id: '42' } });
    await vendorHas(t, { id: 'pi_read_open', object: 'payment_intent', status: 'requires_payment_method', amount: 4_900, currency: 'usd', metadata: {} });
    await vendorHas(t, { id: 're_read_ok', object: 'refund', payment_intent: 'pi_read_ok', amount: 900, currency: 'usd', status: 'succeeded', metadata: {} });
    await vendorHas(t, { id: 'ch_read_ok', object: 'charge', payment_intent: 'pi_read_ok', amount: 4_900, amount_refunded: 900, currency: 'usd' });
    // the event claims 1 cent and no reference: Stripe's own object is what is read
    expect(await t.ctx.payments.readEvent(event('payment_intent.succeeded', { id: 'pi_read_ok', amount: 1 }))).toEqual({
      kind: 'payment.succeeded',
      paymentId: 'pi_read_ok',
      amountCents: 4_900,
      currency: 'usd',
      reference: 42,
    });
    // an event that says "succeeded" of a payment Stripe says is not: nothing
    expect(await t.ctx.payments.readEvent(event('payment_intent.succeeded', { id: 'pi_read_open', status: 'succeeded' }))).toBeNull();
    expect(await t.ctx.payments.readEvent(event('refund.created', { id: 're_read_ok' }))).toEqual({
      kind: 'refund.made',
      refundId: 're_read_ok',
      paymentId: 'pi_read_ok',
      amountCents: 900,
      currency: 'usd',
      reference: null,
    });
    expect(await t.ctx.payments.readEvent(event('charge.refunded', { id: 'ch_read_ok' }))).toEqual({ kind: 'payment.refunded', paymentId: 'pi_read_ok', refundedCents: 900 });
    // an object Stripe does not have, and an event the product does not act on
    expect(await t.ctx.payments.readEvent(event('refund.created', { id: 're_nobody_has_this' }))).toBeNull();
    expect(await t.ctx.payments.readEvent(event('customer.created', { id: 'cus_read' }))).toBeNull();
  });
});

describe('an answer without a card', () => {
  it('is a failure of the vendor, never an empty card to save over the one on file', async () => {
    // a server whose setups and customers succeed, and whose payment method comes back with no card (as a misrouted request might)
    const server = createServer((request, response) => {
      request.resume();
      const answer = request.url?.includes('/setup_intents')
        ? { id: 'seti_1', object: 'setup_intent', status: 'succeeded' }
        : request.url?.includes('/customers')
          ? { id: 'cus_1', object: 'customer' }
          : { id: 'pm_1NoCardHere', object: 'payment_method' };
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = { url: () => new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), listening: () => undefined };
      const adapter = createStripePaymentsProvider(t.ctx.paymentsSettings, origin, t.ctx.vendorCalls);
      await expect(adapter.saveCard({ customerId: 'cus_1', paymentMethodId: 'pm_1NoCardHere', idempotencyKey: 'no-card', reference: 1 })).rejects.toThrow(
        'The payment method came back without a card',
      );
      await expect(adapter.paymentMethod('pm_1NoCardHere')).rejects.toThrow('The payment method came back without a card');
    } finally {
      server.close();
    }
  });
});
