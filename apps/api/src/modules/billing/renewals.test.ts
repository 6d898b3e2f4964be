import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { mailsTo } from '../../test/mail';
import { applyStripeEvent, listenForSandbox, onEndedPlan, paymentMethodFor, pendingRenewal, unpaidAgent, vendorHas } from '../../test/stripe-sandbox';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';
import { createBillingService, NOTHING_TO_REFUND, refundTooLarge } from './billing.service';
import { renewalKey, RETRY_AFTER_DAYS } from './renewals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForSandbox(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const META = { ip: '127.0.0.1', userAgent: 'vitest' };
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

type Entry = { kind: string; status: string; amount_cents: number; description: string };
const historyOf = async (id: number) => (await t.ctx.billing.history(id, 1, 100)).data as Entry[];
const failuresOf = async (id: number) => (await historyOf(id)).filter((e) => e.kind === 'failure');
const intentsOf = async (id: number) => t.ctx.stripeSandbox!.repository.count('payment_intent', (await t.ctx.billingRepository.account(id))!.customerId!);

/** A seeded user as the services see a caller (user and roles). */
async function caller(email: string) {
  const user = await t.ctx.usersRepository.findByEmail(email);
  const access = await t.ctx.usersRepository.findWithAccess(user!.id);
  return { user: access!.user, roles: access!.roles, brand: access!.brand };
}

/** A fresh agent with `card` on file and a self-pay Dialer Starter subscription paid with it (order charged at once). */
async function selfPay(card = '4242424242424242') {
  const made = await unpaidAgent(t);
  const res = await made.agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, card) });
  expect(res.statusCode, res.body).toBe(200);
  const me = await caller(made.email);
  const [starter] = (await t.ctx.telephonyPlans.listPlans(me, 'dialer', { order: 'asc', page: 1, limit: 25 })).data;
  const result = await t.ctx.telephonyPlans.createSubscription(me, 'dialer', { plan_id: starter!.id, type: 'self', quantity: 1, user_ids: [] });
  return { ...made, me, subscription: result.data, order: result.order! };
}

/** Moves a dialer subscription's paid period to have ended a minute ago; gives that end. */
async function endSubscriptionPeriod(id: number): Promise<Date> {
  const ended = new Date(Date.now() - 60_000);
  await t.ctx.db.execute(
    sql`update product_subscriptions set current_period_start = ${later(ended, -30 * DAY).toISOString()}::timestamptz, current_period_end = ${ended.toISOString()}::timestamptz where id = ${id}`,
  );
  return ended;
}

const subscriptionRow = async (id: number) =>
  (await t.ctx.db.execute<{ status: string; current_period_start: string; current_period_end: string }>(sql`select status, current_period_start, current_period_end from product_subscriptions where id = ${id}`)).rows[0]!;

describe('dunning: a declined renewal is retried after 1, 3 and 7 days, e-mailed each time, then lapses', () => {
  it('the account plan (4000 0000 0000 0341: attaches, then every charge fails)', async () => {
    const { id, email, ended, agent } = await onEndedPlan(t, '4000000000000341');
    const info = async () => (await agent.get('/v1/accounts/info')).json().data;
    const tries: Date[] = [ended, ...RETRY_AFTER_DAYS.map((days) => later(ended, days * DAY))];
    expect(RETRY_AFTER_DAYS).toEqual([1, 3, 7]);

    for (const [n, at] of tries.entries()) {
      // a minute before its day nothing is tried (the first try is due at once)
      if (n > 0) {
        await t.ctx.billing.renewDue(later(at, -60_000));
        expect(await failuresOf(id)).toHaveLength(n);
      }
      await t.ctx.billing.renewDue(at);
      await t.ctx.billing.renewDue(later(at, 60_000)); // run again: nothing more
      expect(await failuresOf(id)).toHaveLength(n + 1);
      if (n < RETRY_AFTER_DAYS.length) {
        // still paid while the next try waits
        expect(await info()).toMatchObject({ 'paid_user?': true, status: 'past_due' });
        const mails = await mailsTo(t, email, 'Your payment did not go through', n + 1);
        expect(mails).toHaveLength(n + 1);
        expect(mails[0]!.text).toContain('We will try again on');
        expect(mails[0]!.text).toContain('Your card was declined.');
      }
    }
    // after the last try: lapsed, unpaid, the gate closes; one e-mail says so
    expect(await info()).toMatchObject({ 'paid_user?': false, status: 'lapsed' });
    const lapsed = await mailsTo(t, email, 'Your subscription has lapsed');
    expect(lapsed[0]!.text).toContain('This was the last try');
    expect((await agent.patch('/v1/contacts', {})).statusCode).toBe(403);
    // and it is never tried again
    await t.ctx.billing.renewDue(later(ended, 40 * DAY));
    expect(await failuresOf(id)).toHaveLength(4);
    expect((await mailsTo(t, email, 'Your payment did not go through', 3)).length).toBe(3);
  });

  it('a dialer subscription: retried on its days, then inactive; a card that works in between renews it', async () => {
    const { id, email, subscription, agent } = await selfPay('4242424242424242');
    await agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, '4000000000000341') });
    const ended = await endSubscriptionPeriod(subscription.id);
    await t.ctx.billing.renewDue(ended);
    await t.ctx.billing.renewDue(later(ended, 1 * DAY));
    expect(await failuresOf(id)).toHaveLength(2);
    expect((await subscriptionRow(subscription.id)).status).toBe('active');
    await mailsTo(t, email, 'Your payment did not go through', 2);
    await t.ctx.billing.renewDue(later(ended, 3 * DAY));
    await t.ctx.billing.renewDue(later(ended, 7 * DAY));
    expect(await failuresOf(id)).toHaveLength(4);
    expect((await subscriptionRow(subscription.id)).status).toBe('lapsed');
    const me = await caller(email);
    expect((await t.ctx.telephonyPlans.statesOf(me.user)).dialer.subscription).toBeNull();
    await mailsTo(t, email, 'Your subscription has lapsed');

    // another subscriber's card starts failing, then works before the day-3 try: renewed then
    const other = await selfPay('4242424242424242');
    await other.agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, '4000000000000341') });
    const otherEnded = await endSubscriptionPeriod(other.subscription.id);
    await t.ctx.billing.renewDue(otherEnded);
    await t.ctx.billing.renewDue(later(otherEnded, 1 * DAY));
    await other.agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, '4242424242424242') });
    await t.ctx.billing.renewDue(later(otherEnded, 3 * DAY));
    const row = await subscriptionRow(other.subscription.id);
    expect(row.status).toBe('active');
    expect(new Date(row.current_period_start).toISOString()).toBe(otherEnded.toISOString());
    expect((await historyOf(other.id)).map((e) => `${e.kind}:${e.status}`)).toEqual(['charge:succeeded', 'failure:failed', 'failure:failed', 'charge:succeeded']);
  });
});

describe('renewals of dialer and SMS subscriptions (the same job as the account plan)', () => {
  it('charges the period once however often the job runs, moves the subscription on, e-mails a receipt', async () => {
    const { id, email, subscription } = await selfPay();
    const ended = await endSubscriptionPeriod(subscription.id);
    const before = await intentsOf(id);
    await Promise.all([t.ctx.billing.renewDue(), t.ctx.billing.renewDue()]);
    await t.ctx.billing.renewDue();
    expect(await intentsOf(id)).toBe(before + 1);
    const row = await subscriptionRow(subscription.id);
    expect(row.status).toBe('active');
    expect(new Date(row.current_period_start).toISOString()).toBe(ended.toISOString());
    const [renewal] = await historyOf(id);
    expect(renewal).toMatchObject({ kind: 'charge', status: 'succeeded', amount_cents: 2900 });
    // the period as the screens write it (libs/util formatPeriod)
    expect(renewal!.description).toMatch(/^Dialer Starter renewal, 1 licence \(\d\d\/\d\d\/\d{4} until \d\d\/\d\d\/\d{4}\)$/);
    // a receipt for the order and one for the renewal, each once (the webhook of each payment changes nothing)
    await mailsTo(t, email, 'Receipt: $29.00 paid', 2);
    const intent = (await t.ctx.billingRepository.paidChargeOf(`subscription:${subscription.id}`))!.paymentIntentId;
    const webhookState = async () =>
      (await t.ctx.db.execute(sql`select status from webhook_events where type = 'payment_intent.succeeded' and payload->'data'->'object'->>'id' = ${intent}`)).rows;
    await expect.poll(webhookState, { timeout: 15_000 }).toEqual([{ status: 'processed' }]);
    expect(await mailsTo(t, email, 'Receipt: $29.00 paid', 2)).toHaveLength(2);
  });

  it('a worker that died after writing the pending row charges once after restart (before or after the vendor charged)', async () => {
    for (const vendorCharged of [false, true]) {
      const { id, subscription } = await selfPay();
      const ended = await endSubscriptionPeriod(subscription.id);
      const before = await intentsOf(id);
      // the dead worker's pending row under the period's key
      const row = await pendingRenewal(t, { userId: id, subject: `subscription:${subscription.id}`, amountCents: 2900, periodStart: ended });
      const key = renewalKey(`subscription:${subscription.id}`, ended, 0);
      if (vendorCharged) {
        // the dead worker's call, exactly as the engine makes it for that row
        const account = (await t.ctx.billingRepository.account(id))!;
        const metadata = { user_id: String(id), transaction_id: String(row.id), subject: `subscription:${subscription.id}` };
        await t.ctx.payments.charge({ customerId: account.customerId!, paymentMethodId: account.paymentMethodId!, amountCents: 2900, currency: 'usd', description: 'renewal', idempotencyKey: key, metadata });
      }
      await t.ctx.billing.renewDue();
      await t.ctx.billing.renewDue();
      expect(await intentsOf(id)).toBe(before + 1);
      expect((await t.ctx.billingRepository.transactionByKey(key))!.status).toBe('succeeded');
      expect(new Date((await subscriptionRow(subscription.id)).current_period_start).toISOString()).toBe(ended.toISOString());
    }
  });
});

describe('a renewal whose worker dies mid-way', () => {
  it('the vendor charged but the worker died before recording it: the next run (another worker) records it, charging nothing more', async () => {
    const { id, ended } = await onEndedPlan(t);
    const before = await intentsOf(id);
    // a worker whose process dies right after the vendor's charge, before its answer is recorded
    const dying = createBillingService({
      repo: t.ctx.billingRepository,
      users: t.ctx.usersRepository,
      audit: t.ctx.audit,
      payments: {
        ...t.ctx.payments,
        charge: async (request, context) => {
          await t.ctx.payments.charge(request, context);
          throw new Error('worker killed');
        },
      },
    });
    expect(await dying.renewDue()).toMatchObject({ renewed: 0, unanswered: 1 });
    expect((await t.ctx.billingRepository.transactionByKey(renewalKey(`account:${id}`, ended, 0)))!.status).toBe('pending');
    expect(await intentsOf(id)).toBe(before + 1);
    await t.ctx.billing.renewDue();
    await t.ctx.billing.renewDue();
    expect(await intentsOf(id)).toBe(before + 1);
    expect((await t.ctx.billingRepository.account(id))!.currentPeriodStart!.toISOString()).toBe(ended.toISOString());
    expect((await historyOf(id)).map((e) => `${e.kind}:${e.status}`)).toEqual(['charge:succeeded', 'charge:succeeded']);
  });
  it('the last try was declined but the worker died before the lapse: the next run lapses it, charging nothing', async () => {
    const { id, email, subscription } = await selfPay();
    const ended = await endSubscriptionPeriod(subscription.id);
    const before = await intentsOf(id);
    for (const attempt of [0, 1, 2, 3]) {
      const row = await pendingRenewal(t, { userId: id, subject: `subscription:${subscription.id}`, amountCents: 2900, periodStart: ended, attempt });
      await t.ctx.billingRepository.failCharge(row.id, { code: 'card_declined', message: 'Your card was declined.', paymentIntentId: null });
    }
    expect((await subscriptionRow(subscription.id)).status).toBe('active');
    await t.ctx.billing.renewDue();
    await t.ctx.billing.renewDue();
    expect((await subscriptionRow(subscription.id)).status).toBe('lapsed');
    expect(await intentsOf(id)).toBe(before);
    expect(await mailsTo(t, email, 'Your subscription has lapsed')).toHaveLength(1);
  });
});

describe('orders an administrator creates are charged to the subscription’s payer', () => {
  it('POST /v1/admin/dialer/orders: paid with the payer’s card on file, in the payer’s history', async () => {
    const { id, subscription } = await selfPay();
    const admin = new TestAgent(t.app);
    await admin.signIn('admin');
    const res = await admin.post('/v1/admin/dialer/orders', { subscription_id: subscription.id, amount_cents: 1500, description: 'Setup fee' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'admin', status: 'paid', amount_cents: 1500, payment_reference: expect.stringMatching(/^pi_/) });
    expect((await historyOf(id))[0]).toMatchObject({ kind: 'charge', status: 'succeeded', amount_cents: 1500, description: `Dialer order ${res.json().data.id} (Setup fee)` });
  });
});

describe('refunds', () => {
  it('of a paid order: never above what was paid (earlier refunds counted), audited, in the history', async () => {
    const { id, order } = await selfPay();
    const admin = await caller(seedEmail('admin'));
    const first = await t.ctx.telephonyPlans.admin.refundOrder(admin, 'dialer', order.id, { amountCents: 1000, requestKey: null }, META);
    expect(first.data).toMatchObject({ status: 'paid', refunded_cents: 1000 });
    expect(first.refund).toMatchObject({ kind: 'refund', status: 'succeeded', amount_cents: 1000 });
    const tooMuch = await t.ctx.telephonyPlans.admin.refundOrder(admin, 'dialer', order.id, { amountCents: 2000, requestKey: null }, META).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ status: 422, errors: { amount_cents: refundTooLarge(1900) } });
    expect(refundTooLarge(1900)).toBe('A refund cannot be more than was paid: $19.00 of this payment is left to refund');
    // two at once for what is left: one of them
    const both = await Promise.allSettled([
      t.ctx.telephonyPlans.admin.refundOrder(admin, 'dialer', order.id, { amountCents: 1900, requestKey: 'a' }, META),
      t.ctx.telephonyPlans.admin.refundOrder(admin, 'dialer', order.id, { amountCents: 1900, requestKey: 'b' }, META),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const { data } = await t.ctx.telephonyPlans.showOrder(admin, 'dialer', order.id);
    expect(data).toMatchObject({ status: 'refunded', refunded_cents: 2900 });
    const again = await t.ctx.telephonyPlans.admin.refundOrder(admin, 'dialer', order.id, { requestKey: null }, META).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 422, errors: { amount_cents: NOTHING_TO_REFUND } });
    const refunds = (await historyOf(id)).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => `${e.status}:${e.amount_cents}`).sort()).toEqual(['succeeded:1000', 'succeeded:1900']);
    const audit = await t.ctx.db.execute<{ actor_user_id: number; amount: number }>(
      sql`select actor_user_id, (details->>'amount_cents')::int as amount from audit_logs where event = 'payment_refunded' and user_id = ${id} order by id`,
    );
    expect(audit.rows).toEqual([
      { actor_user_id: admin.user.id, amount: 1000 },
      { actor_user_id: admin.user.id, amount: 1900 },
    ]);
    // the vendor agrees: nothing is left of the payment
    await expect.poll(async () => (await t.ctx.billingRepository.paidChargeOf(`order:${order.id}`))!.refundedCents, { timeout: 15_000 }).toBe(2900);
  });

  it('of an account plan payment: capped the same way', async () => {
    const { id, monthly } = await onEndedPlan(t);
    const admin = await caller(seedEmail('admin'));
    const [charge] = (await historyOf(id)) as (Entry & { id: number })[];
    const over = await t.ctx.billing.refundPayment(admin, id, charge!.id, { amountCents: monthly.amount_cents + 1, requestKey: null }, META).catch((e: unknown) => e);
    expect(over).toMatchObject({ status: 422, errors: { amount_cents: refundTooLarge(monthly.amount_cents) } });
    expect(await t.ctx.billing.refundPayment(admin, id, charge!.id, { requestKey: null }, META)).toMatchObject({ kind: 'refund', amount_cents: monthly.amount_cents });
  });

  it('only administrators refund, and only their company’s payments (404 for another company’s)', async () => {
    const { order, id } = await selfPay();
    const [charge] = (await historyOf(id)) as (Entry & { id: number })[];
    for (const key of ['manager', 'agent']) {
      const who = await caller(seedEmail(key));
      await expect(t.ctx.telephonyPlans.admin.refundOrder(who, 'dialer', order.id, { amountCents: 100, requestKey: null }, META)).rejects.toMatchObject({ status: 403 });
      await expect(t.ctx.billing.refundPayment(who, id, charge!.id, { amountCents: 100, requestKey: null }, META)).rejects.toMatchObject({ status: 403 });
    }
    const keystoneAdmin = await caller(seedEmail('admin', KEYSTONE_DEMO.domainName));
    await expect(t.ctx.telephonyPlans.admin.refundOrder(keystoneAdmin, 'dialer', order.id, { amountCents: 100, requestKey: null }, META)).rejects.toMatchObject({ status: 404 });
    await expect(t.ctx.billing.refundPayment(keystoneAdmin, id, charge!.id, { amountCents: 100, requestKey: null }, META)).rejects.toMatchObject({ status: 404 });
    expect((await historyOf(id)).filter((e) => e.kind === 'refund')).toEqual([]);
  });
});

describe('POST /v1/admin/{dialer,sms}/refund_order', () => {
  const signedIn = async (key: string, host?: string) => {
    const agent = new TestAgent(t.app, { host });
    await agent.signIn(key);
    return agent;
  };
  const refundOrder = (agent: TestAgent, body: unknown, key?: string, product = 'dialer') =>
    agent.request('POST', `/v1/admin/${product}/refund_order`, { body, ...(key && { headers: { 'idempotency-key': key } }) });

  it('refunds part of a paid order, then the rest by default; a repeat with the same Idempotency-Key refunds once; audited with the reason', async () => {
    const { id, order } = await selfPay();
    const admin = await signedIn('admin');
    const first = await refundOrder(admin, { order_id: order.id, amount_cents: 1000, reason: 'Billed twice' }, `refund-order-${order.id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ id: order.id, status: 'paid', amount_cents: 2900, refunded_cents: 1000 });
    expect(first.json().refund).toMatchObject({ kind: 'refund', status: 'succeeded', amount_cents: 1000 });
    const replay = await refundOrder(admin, { order_id: order.id, amount_cents: 1000, reason: 'Billed twice' }, `refund-order-${order.id}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await historyOf(id)).filter((e) => e.kind === 'refund').map((e) => e.amount_cents)).toEqual([1000]);

    const over = await refundOrder(admin, { order_id: order.id, amount_cents: 2000 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount_cents: 'A refund cannot be more than was paid: $19.00 of this payment is left to refund' });

    const rest = await refundOrder(admin, { order_id: order.id });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ status: 'refunded', refunded_cents: 2900 });
    expect(rest.json().refund).toMatchObject({ amount_cents: 1900 });
    expect((await refundOrder(admin, { order_id: order.id })).json().errors).toEqual({ amount_cents: NOTHING_TO_REFUND });

    const audit = await t.ctx.db.execute<{ amount: number; reason: string | null }>(
      sql`select (details->>'amount_cents')::int as amount, details->>'reason' as reason from audit_logs where event = 'payment_refunded' and user_id = ${id} order by id`,
    );
    expect(audit.rows).toEqual([
      { amount: 1000, reason: 'Billed twice' },
      { amount: 1900, reason: null },
    ]);
  });

  it('two administrators sending one Idempotency-Key for two refunds of an order each get their own outcome', async () => {
    const { id, order } = await selfPay();
    const admin = await signedIn('admin');
    const subadmin = await signedIn('subadmin');
    const first = await refundOrder(admin, { order_id: order.id, amount_cents: 400 }, 'one-key-two-admins');
    expect(first.statusCode, first.body).toBe(200);
    const second = await refundOrder(subadmin, { order_id: order.id, amount_cents: 600 }, 'one-key-two-admins');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refund).toMatchObject({ kind: 'refund', status: 'succeeded', amount_cents: 600 });
    expect(second.json().data).toMatchObject({ refunded_cents: 1000 });
    expect((await historyOf(id)).filter((e) => e.kind === 'refund').map((e) => e.amount_cents).sort((a, b) => a - b)).toEqual([400, 600]);
  });

  it('validates the body per field (422)', async () => {
    const admin = await signedIn('admin');
    const bad = await refundOrder(admin, { amount_cents: 'ten', reason: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      order_id: 'Order is required',
      amount_cents: 'Amount must be a number of cents',
      reason: 'Reason must be at most 500 characters',
    });
    const { order } = await selfPay();
    expect((await refundOrder(admin, { order_id: order.id, amount_cents: 0 })).json().errors).toEqual({ amount_cents: 'Amount must be more than zero' });
    expect((await refundOrder(admin, { order_id: order.id, amount_cents: 10.5 })).json().errors).toEqual({ amount_cents: 'Amount must be whole cents' });
  });

  it('administrators only (403), their company’s orders of that kind (dialer or SMS) only (404)', async () => {
    const { id, order } = await selfPay();
    for (const key of ['manager', 'agent']) expect((await refundOrder(await signedIn(key), { order_id: order.id })).statusCode).toBe(403);
    const keystoneAdmin = await signedIn(seedEmail('admin', KEYSTONE_DEMO.domainName), 'keystone.localhost');
    expect((await refundOrder(keystoneAdmin, { order_id: order.id })).statusCode).toBe(404);
    const admin = await signedIn('admin');
    expect((await refundOrder(admin, { order_id: order.id }, undefined, 'sms')).statusCode).toBe(404);
    expect((await historyOf(id)).filter((e) => e.kind === 'refund')).toEqual([]);
  });
});

describe('Stripe webhooks that change billing state apply once', () => {
  const event = (type: string, object: Record<string, unknown>) => ({ type, payload: { id: `evt_${type}`, type, data: { object } } });
  const applyEvent = (verified: ReturnType<typeof event>) => applyStripeEvent(t, verified);

  it('payment_intent.succeeded settles a pending order charge (and its order) once', async () => {
    const made = await unpaidAgent(t);
    const me = await caller(made.email);
    const [starter] = (await t.ctx.telephonyPlans.listPlans(me, 'dialer', { order: 'asc', page: 1, limit: 25 })).data;
    const { order } = await t.ctx.telephonyPlans.createSubscription(me, 'dialer', { plan_id: starter!.id, type: 'self', quantity: 1, user_ids: [] });
    // no card: the order waits; a charge the API wrote but never heard back from
    const row = (await t.ctx.billingRepository.insertPending({ userId: made.id, kind: 'charge', status: 'pending', amountCents: 2900, currency: 'usd', description: 'order', subject: `order:${order!.id}`, idempotencyKey: `product-order-${order!.id}` }))!;
    // what the vendor's API says of the payment (the handler reads it back; the event's copy is not trusted)
    await vendorHas(t, { id: 'pi_webhook_1', object: 'payment_intent', status: 'succeeded', amount: 2900, currency: 'usd', metadata: { transaction_id: String(row.id) } });
    const succeeded = event('payment_intent.succeeded', { id: 'pi_webhook_1', metadata: { transaction_id: String(row.id) } });
    await applyEvent(succeeded);
    await applyEvent(succeeded);
    expect(await t.ctx.billingRepository.transaction(row.id)).toMatchObject({ status: 'succeeded', paymentIntentId: 'pi_webhook_1' });
    expect((await t.ctx.telephonyPlans.showOrder(me, 'dialer', order!.id)).data).toMatchObject({ status: 'paid', payment_reference: 'pi_webhook_1' });
    expect((await t.ctx.telephonyPlans.statesOf(me.user)).dialer.subscription).toMatchObject({ active: true });
    expect(await mailsTo(t, made.email, 'Receipt: $29.00 paid')).toHaveLength(1);

    // charge.refunded (from Stripe's dashboard, say) twice: the figure is set once; refund.created enters the history once
    await vendorHas(t, { id: 'ch_webhook_1', object: 'charge', payment_intent: 'pi_webhook_1', amount: 2900, amount_refunded: 900, currency: 'usd' });
    await vendorHas(t, { id: 're_webhook_1', object: 'refund', payment_intent: 'pi_webhook_1', amount: 900, currency: 'usd', status: 'succeeded', metadata: {} });
    const refunded = event('charge.refunded', { id: 'ch_webhook_1', payment_intent: 'pi_webhook_1', amount_refunded: 900 });
    await applyEvent(refunded);
    await applyEvent(refunded);
    const created = event('refund.created', { id: 're_webhook_1', payment_intent: 'pi_webhook_1', amount: 900, currency: 'usd', status: 'succeeded', metadata: {} });
    await applyEvent(created);
    await applyEvent(created);
    expect((await historyOf(made.id)).filter((e) => e.kind === 'refund').map((e) => e.amount_cents)).toEqual([900]);
    expect((await t.ctx.telephonyPlans.showOrder(me, 'dialer', order!.id)).data).toMatchObject({ status: 'paid', refunded_cents: 900 });
    expect((await t.ctx.billingRepository.transaction(row.id))!.refundedCents).toBe(900);
  });

  it('an event is acted on as the vendor tells it: a payment of another amount, one not succeeded, or one the vendor does not know settles nothing', async () => {
    const made = await unpaidAgent(t);
    const row = (await t.ctx.billingRepository.insertPending({ userId: made.id, kind: 'charge', status: 'pending', amountCents: 4900, currency: 'usd', description: 'plan', subject: `account:${made.id}`, idempotencyKey: `read-back-${made.id}` }))!;
    const metadata = { transaction_id: String(row.id) };
    await vendorHas(t, { id: `pi_short_${row.id}`, object: 'payment_intent', status: 'succeeded', amount: 100, currency: 'usd', metadata });
    await vendorHas(t, { id: `pi_open_${row.id}`, object: 'payment_intent', status: 'requires_payment_method', amount: 4900, currency: 'usd', metadata });
    // each event claims a success of the full amount
    for (const id of [`pi_short_${row.id}`, `pi_open_${row.id}`, `pi_unknown_${row.id}`]) {
      await applyEvent(event('payment_intent.succeeded', { id, status: 'succeeded', amount: 4900, currency: 'usd', metadata }));
    }
    expect(await t.ctx.billingRepository.transaction(row.id)).toMatchObject({ status: 'pending', paymentIntentId: null });
  });

  it('payment_intent.payment_failed fails a pending renewal once: one failure, one e-mail, the next try scheduled', async () => {
    const { id, email, ended, monthly } = await onEndedPlan(t);
    const row = await pendingRenewal(t, { userId: id, subject: `account:${id}`, amountCents: monthly.amount_cents, periodStart: ended, planId: monthly.id });
    await vendorHas(t, {
      id: 'pi_webhook_2',
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: monthly.amount_cents,
      currency: 'usd',
      metadata: { transaction_id: String(row.id) },
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    const failed = event('payment_intent.payment_failed', {
      id: 'pi_webhook_2',
      metadata: { transaction_id: String(row.id) },
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    await applyEvent(failed);
    await applyEvent(failed);
    expect(await failuresOf(id)).toHaveLength(1);
    const mails = await mailsTo(t, email, 'Your payment did not go through');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your card has insufficient funds.');
    // the job does not try again before day 1 (the webhook's failure was try 0)
    await t.ctx.billing.renewDue(later(ended, DAY - 60_000));
    expect(await failuresOf(id)).toHaveLength(1);
  });
});
