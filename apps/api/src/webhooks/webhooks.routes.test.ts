import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { listenForSandbox, paymentMethodFor, unpaidAgent, vendorHas } from '../test/stripe-sandbox';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';
import { WebhookSignatureInvalid } from './webhook-contract';
import { WEBHOOK_MAX_ATTEMPTS } from './webhooks.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForSandbox(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const secret = () => t.ctx.paymentsSettings.webhookSecret;

function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test${Math.random().toString(36).slice(2, 14)}`) {
  return JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type });
}

function post(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
    payload,
  });
}

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret(), timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) });

/** A paid plan of a fresh user: the charge's payment intent id and the user's agent. */
async function paidCharge(): Promise<{ agent: TestAgent; paymentIntentId: string }> {
  const { agent } = await unpaidAgent(t);
  await agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, '4242424242424242') });
  const plans = (await agent.get('/v1/plans')).json().data as { id: number }[];
  const res = await agent.post('/v1/accounts/update_plan', { plan_id: plans[0]!.id });
  if (res.statusCode !== 200) throw new Error(res.body);
  const transaction = await t.ctx.billingRepository.transaction(res.json().charge.id);
  return { agent, paymentIntentId: transaction!.paymentIntentId! };
}

const refunds = async (agent: TestAgent) =>
  ((await agent.get('/v1/accounts/history?limit=100')).json().data as { kind: string; amount_cents: number }[]).filter((e) => e.kind === 'refund');

describe('POST /webhooks/stripe: verify, store once, process in a job', () => {
  it('refuses a forged signature, a stale one and a missing one (400); none is stored', async () => {
    const payload = stripeEvent('payment_intent.succeeded', { id: 'pi_forged', object: 'payment_intent' }, 'evt_forged000001');
    const forged = await post(payload, sign(payload, { secret: 'whsec_not_the_right_secret_at_all' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Invalid signature' });
    const stale = await post(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }));
    expect(stale.statusCode).toBe(400);
    expect((await post(payload)).statusCode).toBe(400);
    // the body changed after signing
    const tampered = await post(payload.replace('pi_forged', 'pi_other0'), sign(payload));
    expect(tampered.statusCode).toBe(400);
    expect(await t.ctx.webhooks.repository.count('stripe', 'evt_forged000001')).toBe(0);
  });

  it('the tolerance window applies both ways: a signature from the future is refused like a stale one', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [ahead, status] of [
      [365 * 24 * 3600, 400],
      [10 * 60, 400],
      [60, 200],
    ] as const) {
      const payload = stripeEvent('ping', { id: 'x', object: 'thing' }, `evt_future${ahead}`);
      const res = await post(payload, sign(payload, { timestamp: now + ahead }));
      expect(res.statusCode, `${ahead} s ahead`).toBe(status);
      if (status === 400) expect(res.json()).toEqual({ error: 'Invalid signature' });
      expect(await t.ctx.webhooks.repository.count('stripe', `evt_future${ahead}`)).toBe(status === 200 ? 1 : 0);
    }
  });

  it('a signed body that is not an event (no id, type, time or object) is refused 400, not stored', async () => {
    const event = JSON.parse(stripeEvent('refund.created', { id: 're_malformed', object: 'refund' }, 'evt_malformed0001')) as Record<string, unknown>;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...event, id: undefined }, 'The event has no id'],
      [{ ...event, id: 42 }, 'The event has no id'],
      [{ ...event, type: undefined }, 'The event has no type'],
      [{ ...event, created: 'yesterday' }, 'The event has no time'],
      [{ ...event, data: null }, 'The event has no object'],
      [{ ...event, data: { object: { object: 'refund' } } }, 'The event has no object'],
    ];
    for (const [body, message] of cases) {
      const payload = JSON.stringify(body);
      const res = await post(payload, sign(payload));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ error: `Malformed event: ${message}` });
    }
    const notJson = 'not json at all';
    expect((await post(notJson, sign(notJson))).statusCode).toBe(400);
    expect(await t.ctx.webhooks.repository.count('stripe', 'evt_malformed0001')).toBe(0);
  });

  it('a signed refund is recorded at what the vendor says, never at what the event claims; one the vendor does not know is not recorded', async () => {
    const { agent, paymentIntentId } = await paidCharge();
    const charged = await t.ctx.billingRepository.transactionByPaymentIntent(paymentIntentId);
    const processed = async (id: string) =>
      vi.waitFor(async () => expect((await t.ctx.webhooks.repository.findByEventId('stripe', id))?.status).toBe('processed'), { timeout: 30_000, interval: 100 });
    // a refund the vendor never made, claiming 999,999 of a smaller charge
    const invented = stripeEvent('refund.created', { id: 're_invented000000001', object: 'refund', amount: 999_999, currency: 'usd', payment_intent: paymentIntentId, status: 'succeeded' }, 'evt_invented00001');
    expect((await post(invented, sign(invented))).statusCode).toBe(200);
    await processed('evt_invented00001');
    expect(await refunds(agent)).toEqual([]);
    // a refund the vendor made of 1,200, claimed as 999,999
    await vendorHas(t, { id: 're_real0000000000001', object: 'refund', amount: 1_200, currency: 'usd', payment_intent: paymentIntentId, status: 'succeeded' });
    const inflated = stripeEvent('refund.created', { id: 're_real0000000000001', object: 'refund', amount: 999_999, currency: 'usd', payment_intent: paymentIntentId, status: 'succeeded' }, 'evt_inflated00001');
    expect((await post(inflated, sign(inflated))).statusCode).toBe(200);
    await processed('evt_inflated00001');
    expect((await refunds(agent)).map((e) => e.amount_cents)).toEqual([1_200]);
    // charge.refunded claiming 999,999 refunded: the vendor's charge says how much was
    const intent = await t.ctx.payments.retrieve('payment_intent', paymentIntentId);
    const chargeId = String(intent?.latest_charge);
    const claimed = stripeEvent('charge.refunded', { id: chargeId, object: 'charge', amount_refunded: 999_999, payment_intent: paymentIntentId }, 'evt_chargeclaim01');
    expect((await post(claimed, sign(claimed))).statusCode).toBe(200);
    await processed('evt_chargeclaim01');
    const vendorCharge = await t.ctx.payments.retrieve('charge', chargeId);
    expect((await t.ctx.billingRepository.transaction(charged!.id))!.refundedCents).toBe(vendorCharge!.amount_refunded);
    expect(charged!.amountCents).toBeLessThan(999_999);
  });

  it('the adapter verifies with stripe.webhooks.constructEvent on the raw body', () => {
    const payload = stripeEvent('ping', { id: 'x', object: 'thing' }, 'evt_raw00000001');
    expect(t.ctx.payments.verifyWebhook(Buffer.from(payload), sign(payload))).toMatchObject({ id: 'evt_raw00000001', type: 'ping' });
    expect(() => t.ctx.payments.verifyWebhook(Buffer.from(`${payload} `), sign(payload))).toThrow(WebhookSignatureInvalid);
  });

  it('a repeated event is acknowledged and applied once', async () => {
    const { agent, paymentIntentId } = await paidCharge();
    // a refund made on Stripe's dashboard: the vendor knows it, the API has not heard of it
    await vendorHas(t, { id: 're_dashboardrefund00001', object: 'refund', amount: 1_000, currency: 'usd', payment_intent: paymentIntentId, status: 'succeeded' });
    const payload = stripeEvent('refund.created', { id: 're_dashboardrefund00001', object: 'refund', amount: 1_000, currency: 'usd', payment_intent: paymentIntentId, status: 'succeeded' }, 'evt_repeat0000001');
    const first = await post(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await post(payload, sign(payload));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, repeat: true });
    await vi.waitFor(async () => expect((await t.ctx.webhooks.repository.findByEventId('stripe', 'evt_repeat0000001'))?.status).toBe('processed'), { timeout: 30_000, interval: 100 });
    expect(await t.ctx.webhooks.repository.count('stripe', 'evt_repeat0000001')).toBe(1);
    expect(await refunds(agent)).toEqual([expect.objectContaining({ amount_cents: 1_000 })]);
    // the same refund told again in another event (refund.updated) adds nothing either
    const update = stripeEvent('refund.updated', { id: 're_dashboardrefund00001', object: 'refund', amount: 1_000, currency: 'usd', payment_intent: paymentIntentId, status: 'succeeded' }, 'evt_repeat0000002');
    expect((await post(update, sign(update))).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await t.ctx.webhooks.repository.findByEventId('stripe', 'evt_repeat0000002'))?.status).toBe('processed'), { timeout: 30_000, interval: 100 });
    expect(await refunds(agent)).toHaveLength(1);
  });

  it("the sandbox sends Stripe's signed events to this route by itself (a job), and they are processed", async () => {
    const { agent, paymentIntentId } = await paidCharge();
    const refund = await t.ctx.payments.refund({ paymentIntentId, amountCents: 500, idempotencyKey: `sandbox-refund-${paymentIntentId}` });
    await vi.waitFor(async () => expect(await refunds(agent)).toEqual([expect.objectContaining({ amount_cents: 500 })]), { timeout: 30_000, interval: 100 });
    const stored = await t.ctx.db.execute<{ type: string }>(
      sql`select type from webhook_events where vendor = 'stripe' and payload->'data'->'object'->>'id' = ${refund.id}`,
    );
    expect(stored.rows.map((r) => r.type)).toContain('refund.created');
  });
});

describe('the one path serves every vendor', () => {
  it('a failure between storing an event and queuing its job stores neither: the vendor retries, and the retry is processed once', async () => {
    let calls = 0;
    t.ctx.webhooks.verifier('crashvendor', ({ rawBody }) => {
      const body = JSON.parse(rawBody.toString('utf8')) as { id: string };
      return { events: [{ id: body.id, type: 'test.event', created: 0, payload: body }] };
    });
    t.ctx.webhooks.handle('crashvendor', async () => {
      calls += 1;
    });
    const send = vi.spyOn(t.ctx.jobs, 'send').mockRejectedValueOnce(new Error('the process died here'));
    const deliver = () => t.app.inject({ method: 'POST', url: '/webhooks/crashvendor', payload: '{"id":"c1"}', headers: { 'content-type': 'application/json' } });
    try {
      expect((await deliver()).statusCode).toBe(500);
      // the vendor sees a failure and will retry; nothing was kept that would make the retry a "repeat"
      expect(await t.ctx.webhooks.repository.count('crashvendor', 'c1')).toBe(0);
    } finally {
      send.mockRestore();
    }
    const retried = await deliver();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ received: true });
    await vi.waitFor(async () => expect((await t.ctx.webhooks.repository.findByEventId('crashvendor', 'c1'))?.status).toBe('processed'), { timeout: 45_000, interval: 200 });
    expect((await deliver()).json()).toEqual({ received: true, repeat: true });
    expect(calls).toBe(1);
  });

  it('an event whose job was lost (received, never run) is queued by the sweeper and processed once', async () => {
    let calls = 0;
    t.ctx.webhooks.handle('sweptvendor', async () => {
      calls += 1;
    });
    // stored, and its job lost (never sent, or removed from the queue)
    const stored = (await t.ctx.webhooks.repository.storeOnce({ vendor: 'sweptvendor', eventId: 'lost-1', type: 'test.event', payload: {} }))!;
    // not yet left behind: the sweeper leaves a fresh event to its own job
    expect(await t.ctx.webhooks.sweep(new Date())).toEqual({ queued: 0, dead: 0 });
    const later = new Date(Date.now() + 5 * 60_000);
    const first = await t.ctx.webhooks.sweep(later);
    expect(first.queued).toBeGreaterThanOrEqual(1);
    // a second sweep while that job waits or runs queues nothing more for it
    await t.ctx.webhooks.sweep(later);
    await vi.waitFor(async () => expect((await t.ctx.webhooks.repository.find(stored.id))?.status).toBe('processed'), { timeout: 45_000, interval: 200 });
    await t.ctx.webhooks.sweep(later);
    expect(calls).toBe(1);
    expect((await t.ctx.webhooks.repository.find(stored.id))?.attempts).toBe(1);
  });

  it('an event out of tries is dead: the sweeper marks it and never queues it again', async () => {
    const stored = (await t.ctx.webhooks.repository.storeOnce({ vendor: 'sweptvendor', eventId: 'hopeless-1', type: 'test.event', payload: {} }))!;
    await t.ctx.db.execute(sql`update webhook_events set status = 'failed', attempts = ${WEBHOOK_MAX_ATTEMPTS}, last_error = 'still failing' where id = ${stored.id}`);
    const swept = await t.ctx.webhooks.sweep(new Date(Date.now() + 5 * 60_000));
    expect(swept.dead).toBe(1);
    expect(await t.ctx.webhooks.repository.find(stored.id)).toMatchObject({ status: 'dead', lastError: 'still failing' });
    expect((await t.ctx.webhooks.sweep(new Date(Date.now() + 10 * 60_000))).dead).toBe(0);
  });

  it('an unknown vendor is 404; a handler that fails is retried by the job until it succeeds', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/nobody', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(404);
    let calls = 0;
    t.ctx.webhooks.verifier('testvendor', ({ rawBody, headers }) => {
      if (headers['x-test-signature'] !== 'ok') throw new WebhookSignatureInvalid('bad');
      const body = JSON.parse(rawBody.toString('utf8')) as { id: string };
      return { events: [{ id: body.id, type: 'test.event', created: 0, payload: body }] };
    });
    t.ctx.webhooks.handle('testvendor', async () => {
      calls += 1;
      if (calls === 1) throw new Error('first try fails');
    });
    const refused = await t.app.inject({ method: 'POST', url: '/webhooks/testvendor', payload: '{"id":"t1"}', headers: { 'content-type': 'text/plain', 'x-test-signature': 'no' } });
    expect(refused.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/webhooks/testvendor', payload: '{"id":"t1"}', headers: { 'content-type': 'text/plain', 'x-test-signature': 'ok' } });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await t.ctx.webhooks.repository.findByEventId('testvendor', 't1'))?.status).toBe('processed'), { timeout: 45_000, interval: 200 });
    const row = await t.ctx.webhooks.repository.findByEventId('testvendor', 't1');
    expect(row?.attempts).toBe(2);
    expect(calls).toBe(2);
  });
});
