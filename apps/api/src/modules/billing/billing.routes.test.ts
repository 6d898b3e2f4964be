import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHistoryEntry, accountInfo, accountPlan } from '@crm/contract';
import { sql } from 'drizzle-orm';
import { KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { actOnSandboxEvent, answerBank, listenForSandbox, onEndedPlan, paymentMethodFor, pendingRenewal, tablesHolding, unpaidAgent as freshUnpaidAgent } from '../../test/stripe-sandbox';
import { renewalKey } from './renewals';
import { createKey, createTestApp, TestAgent, withKey, type TestApp } from '../../test/test-app';
import { CARD_NOT_FOUND, NO_CARD, NOTHING_TO_CANCEL, refundTooLarge, SAME_PLAN } from './billing.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForSandbox(t);
});
afterAll(() => t.close());

async function signedIn(key: string, host?: string) {
  const agent = new TestAgent(t.app, { host });
  await agent.signIn(key);
  return agent;
}
/** The contact list (PATCH /v1/contacts, as the spec names it): an endpoint behind the account gates. */
const listContacts = (agent: TestAgent) => agent.patch('/v1/contacts', {});
const idOf = async (email: string) => (await t.ctx.usersRepository.findByEmail(email))!.id;

const unpaidAgent = () => freshUnpaidAgent(t);

async function plans() {
  const agent = await signedIn('agent');
  return (await agent.get('/v1/plans')).json().data as { id: number; code: string; amount_cents: number; interval: string }[];
}

/** Stripe's event of `type` about the intent of `clientSecret`, acted on as its webhook's job acts on it. */
const webhookOf = (type: string, clientSecret: string) => actOnSandboxEvent(t, type, clientSecret);

async function connect(agent: TestAgent, number: string) {
  return agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, number) });
}

describe('account plans and info', () => {
  it('lists the seeded plans in cents, for any signed-in user', async () => {
    const list = await plans();
    expect(list.map((p) => p.code)).toEqual(['agent_monthly', 'agent_annual', 'agency_manager_monthly']);
    for (const p of list) expect(accountPlan.safeParse(p).success).toBe(true);
    expect(list[0]).toMatchObject({ amount_cents: 4_900, interval: 'month', currency: 'usd' });
  });

  it("tells an unpaid user's state and how the browser tokenises a card (never the secret key)", async () => {
    const { agent } = await unpaidAgent();
    const res = await agent.get('/v1/accounts/info');
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data;
    expect(accountInfo.safeParse(info).success).toBe(true);
    expect(info).toMatchObject({ 'paid_user?': false, status: 'unpaid', plan: null, payment_infos: [], next_charge: null });
    expect(info.payments).toEqual({
      provider: 'stripe',
      mode: 'sandbox',
      publishable_key: t.ctx.paymentsSettings.publishableKey,
      stripe_js_url: '/sandbox/stripe/js/stripe.js',
      unavailable: null,
    });
    expect(res.body).not.toContain(t.ctx.paymentsSettings.secretKey);
  });

  it('the seeded demo users stay paid (membership from before billing); the unpaid demo agent is not', async () => {
    const agent = await signedIn('agent');
    expect((await agent.get('/v1/accounts/info')).json().data).toMatchObject({ 'paid_user?': true, status: 'granted' });
    const unpaid = await signedIn('unpaid.agent');
    expect((await unpaid.get('/v1/users/me')).json()['paid_user?']).toBe(false);
  });

  it('billing is session only: an API key reaches none of it', async () => {
    const agent = await signedIn('agent');
    const { key } = await createKey(agent, ['contacts:read']);
    const res = await withKey(t.app, key, 'GET', '/v1/accounts/info');
    expect(res.statusCode).toBe(403);
  });
});

describe('the unpaid gate', () => {
  it('refuses an unpaid account everywhere but profile, billing and session endpoints, until it pays', async () => {
    const { agent } = await unpaidAgent();
    const contacts = await listContacts(agent);
    expect(contacts.statusCode).toBe(403);
    expect(contacts.json()).toEqual({ errors: { user: 'Access denied!', gate: 'billing' } });
    expect((await agent.get('/v1/api_keys')).json().errors.gate).toBe('billing');
    // exempt: current user, profile, billing
    expect((await agent.get('/v1/users/me')).statusCode).toBe(200);
    expect((await agent.patch('/v1/users/update_timezone', { timezone: 'cst' })).statusCode).toBe(200);
    expect((await agent.get('/v1/plans')).statusCode).toBe(200);
    expect((await agent.get('/v1/accounts/history')).statusCode).toBe(200);

    expect((await connect(agent, '4242424242424242')).statusCode).toBe(200);
    const monthly = (await plans()).find((p) => p.code === 'agent_monthly')!;
    const paid = await agent.request('POST', '/v1/accounts/update_plan', { body: { plan_id: monthly.id }, headers: { 'idempotency-key': `gate-${Date.now()}` } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await listContacts(agent)).statusCode).toBe(200);
    expect((await agent.get('/v1/users/me')).json()['paid_user?']).toBe(true);
    // the session can still be ended
    expect((await agent.delete('/v1/sessions')).statusCode).toBeLessThan(300);
  });

  it('a paid period that ended closes the gate again (paid_user? follows the account)', async () => {
    const { agent, id } = await unpaidAgent();
    await t.ctx.usersRepository.update(id, { paidUntil: new Date(Date.now() - 1000) });
    expect((await listContacts(agent)).statusCode).toBe(403);
    await t.ctx.usersRepository.update(id, { paidUntil: new Date(Date.now() + 60_000) });
    expect((await listContacts(agent)).statusCode).toBe(200);
  });
});

describe('POST /v1/accounts/connect_card', () => {
  it('puts a tokenised card on file; the number is kept in no table, only the brand and the last four digits', async () => {
    const { agent, id } = await unpaidAgent();
    expect(await t.ctx.billing.chargeableCard(id)).toBeNull();
    const res = await connect(agent, '5555555555554444');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('5555555555554444');
    expect(await tablesHolding(t, '5555555555554444')).toEqual([]);
    expect(await tablesHolding(t, '555555555555')).toEqual([]);
    expect(await t.ctx.billing.chargeableCard(id)).toEqual({ customerId: expect.stringMatching(/^cus_/), paymentMethodId: expect.stringMatching(/^pm_/), brand: 'mastercard', last4: '4444' });
    expect(res.json().data.payment_infos).toEqual([{ brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 }]);
  });

  it("a declined card is 422 on card with the bank's message and not kept; one without funds is kept, and its payment is refused with the bank's message", async () => {
    const { agent } = await unpaidAgent();
    const declined = await connect(agent, '4000000000000002');
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({ errors: { card: 'Your card was declined.' } });
    expect((await agent.get('/v1/accounts/info')).json().data.payment_infos).toEqual([]);
    // 4000 0000 0000 9995: a setup moves no money, so Stripe saves it; the charge is what fails
    const poor = await connect(agent, '4000000000009995');
    expect(poor.statusCode, poor.body).toBe(200);
    const monthly = (await plans()).find((p) => p.code === 'agent_monthly')!;
    const paid = await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    expect(paid.statusCode).toBe(422);
    expect(paid.json()).toEqual({ errors: { card: 'Your card has insufficient funds.' } });
  });

  /** The card on file as the account shows it (its last four digits), or null. */
  const onFile = async (agent: TestAgent) => ((await agent.get('/v1/accounts/info')).json().data.payment_infos[0]?.last4 as string | undefined) ?? null;
  it("a card whose bank asks the customer to authenticate (3-D Secure) goes on file only when Stripe's event says it succeeded; a failed authentication keeps the card on file", async () => {
    const { agent } = await unpaidAgent();
    expect((await connect(agent, '4242424242424242')).statusCode).toBe(200);
    const res = await connect(agent, '4000002500003155');
    expect(res.statusCode, res.body).toBe(200);
    const { requires_action: action, data } = res.json();
    expect(action).toEqual({ client_secret: expect.stringMatching(/^seti_\w{24}_secret_\w+$/) });
    // asked, not proven: the card on file is still the one before, and stays so until the customer answers
    expect(data.payment_infos).toEqual([expect.objectContaining({ last4: '4242' })]);
    await webhookOf('setup_intent.requires_action', action.client_secret);
    expect(await onFile(agent)).toBe('4242');
    expect((await answerBank(t, action.client_secret, 'complete')).status).toBe(200);
    await webhookOf('setup_intent.succeeded', action.client_secret);
    expect(await onFile(agent)).toBe('3155');

    const refused = (await connect(agent, '4000002760003184')).json().requires_action;
    await answerBank(t, refused.client_secret, 'fail');
    await webhookOf('setup_intent.setup_failed', refused.client_secret);
    expect(await onFile(agent)).toBe('3155');
  });

  it('an older setup that the customer completes after another card was saved changes nothing: only the setup last asked for goes on file', async () => {
    const { agent } = await unpaidAgent();
    const waiting = (await connect(agent, '4000002500003155')).json().requires_action;
    expect((await connect(agent, '5555555555554444')).statusCode).toBe(200);
    await answerBank(t, waiting.client_secret, 'complete');
    await webhookOf('setup_intent.succeeded', waiting.client_secret);
    expect(await onFile(agent)).toBe('4444');
  });

  it('takes a payment method id only (422 for a card number or an unknown id)', async () => {
    const { agent } = await unpaidAgent();
    const number = await agent.post('/v1/accounts/connect_card', { payment_method_id: '4242424242424242' });
    expect(number.statusCode).toBe(422);
    expect(number.json().errors.payment_method_id).toBe('Enter your card details');
    const unknown = await agent.post('/v1/accounts/connect_card', { payment_method_id: 'pm_doesnotexist000000' });
    expect(unknown.json()).toEqual({ errors: { payment_method_id: CARD_NOT_FOUND } });
  });
});

describe('POST /v1/accounts/update_plan', () => {
  it('needs a card on file', async () => {
    const { agent } = await unpaidAgent();
    const monthly = (await plans())[0]!;
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    expect(res.json()).toEqual({ errors: { card: NO_CARD } });
  });

  it("Pay with a card whose bank asks every time (3-D Secure): the charge stays pending with requires_action; the account is paid only when Stripe's webhook says the payment succeeded, and a failed authentication is a failure in the history", async () => {
    const { agent, id } = await unpaidAgent();
    const saved = (await connect(agent, '4000002760003184')).json().requires_action;
    await answerBank(t, saved.client_secret, 'complete');
    await webhookOf('setup_intent.succeeded', saved.client_secret);
    const monthly = (await plans()).find((p) => p.code === 'agent_monthly')!;

    // the first try: the bank's page is failed
    // each Pay is one click: one Idempotency-Key each, as the browser sends
    const pay = (key: string) => agent.request('POST', '/v1/accounts/update_plan', { body: { plan_id: monthly.id }, headers: { 'idempotency-key': key } });
    const refused = await pay('pay-3ds-1');
    expect(refused.statusCode, refused.body).toBe(200);
    const asked = refused.json();
    expect(asked.requires_action).toEqual({ client_secret: expect.stringMatching(/^pi_\w{24}_secret_\w+$/) });
    expect(asked.charge).toMatchObject({ kind: 'charge', status: 'pending', amount_cents: 4_900 });
    expect(asked.data).toMatchObject({ 'paid_user?': false, status: 'unpaid' });
    await answerBank(t, asked.requires_action.client_secret, 'fail');
    await webhookOf('payment_intent.payment_failed', asked.requires_action.client_secret);
    const failed = (await agent.get('/v1/accounts/history')).json().data;
    expect(failed).toEqual([expect.objectContaining({ id: asked.charge.id, kind: 'failure', status: 'failed' })]);
    expect((await agent.get('/v1/accounts/info')).json().data['paid_user?']).toBe(false);

    // Pay again: a new payment (the failed one is over), completed this time
    const again = (await pay('pay-3ds-2')).json();
    expect(again.requires_action.client_secret).not.toBe(asked.requires_action.client_secret);
    expect((await t.ctx.billingRepository.account(id))?.planId ?? null).toBeNull();
    await answerBank(t, again.requires_action.client_secret, 'complete');
    await webhookOf('payment_intent.succeeded', again.requires_action.client_secret);
    const info = (await agent.get('/v1/accounts/info')).json().data;
    expect(info).toMatchObject({ 'paid_user?': true, status: 'active', plan: { id: monthly.id } });
    expect((await agent.get('/v1/accounts/history')).json().data[0]).toMatchObject({ id: again.charge.id, kind: 'charge', status: 'succeeded' });
  });

  it('charges the first period once, however often the request is retried with its Idempotency-Key', async () => {
    const { agent, id } = await unpaidAgent();
    await connect(agent, '4242424242424242');
    const monthly = (await plans()).find((p) => p.code === 'agent_monthly')!;
    const send = () => agent.request('POST', '/v1/accounts/update_plan', { body: { plan_id: monthly.id }, headers: { 'idempotency-key': 'plan-retry-1' } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(accountHistoryEntry.safeParse(body.charge).success).toBe(true);
    expect(body.charge).toMatchObject({ kind: 'charge', status: 'succeeded', amount_cents: 4_900, card: { brand: 'visa', last4: '4242' } });
    expect(body.data).toMatchObject({ 'paid_user?': true, status: 'active', plan: { id: monthly.id }, cancel_at_period_end: false });
    const end = new Date(body.data.current_period_end);
    const start = new Date(body.data.current_period_start);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(body.data.next_charge).toEqual({ amount_cents: 4_900, currency: 'usd', date: body.data.current_period_end });

    // a retry of the same request: the first answer, nothing charged
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // the answer was lost after the charge (the API's key let go): the handler runs again, the vendor's key holds
    await t.ctx.db.execute(sql`delete from idempotency_keys where user_id = ${id}`);
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().charge.id).toBe(body.charge.id);

    const account = await t.ctx.billingRepository.account(id);
    expect(await t.ctx.stripeSandbox!.repository.count('payment_intent', account!.customerId!)).toBe(1);
    const history = (await agent.get('/v1/accounts/history')).json();
    expect(history.meta.total_count).toBe(1);
    // the same plan again is refused
    const same = await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    expect(same.json()).toEqual({ errors: { plan_id: SAME_PLAN } });
  });

  it('4000 0000 0000 0341: the card attaches, the charge fails (422 on card), and the failure is in the history', async () => {
    const { agent } = await unpaidAgent();
    expect((await connect(agent, '4000000000000341')).statusCode).toBe(200);
    const monthly = (await plans())[0]!;
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { card: 'Your card was declined.' } });
    expect((await agent.get('/v1/accounts/info')).json().data['paid_user?']).toBe(false);
    const history = (await agent.get('/v1/accounts/history')).json();
    expect(history.data).toEqual([expect.objectContaining({ kind: 'failure', status: 'failed', amount_cents: monthly.amount_cents, failure_message: 'Your card was declined.' })]);
  });

  it('two clicks at once without an Idempotency-Key are one charge', async () => {
    const { agent, id } = await unpaidAgent();
    await connect(agent, '4242424242424242');
    const monthly = (await plans())[0]!;
    const [a, b] = await Promise.all([
      agent.post('/v1/accounts/update_plan', { plan_id: monthly.id }),
      agent.post('/v1/accounts/update_plan', { plan_id: monthly.id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const account = await t.ctx.billingRepository.account(id);
    expect(await t.ctx.stripeSandbox!.repository.count('payment_intent', account!.customerId!)).toBe(1);
    expect((await agent.get('/v1/accounts/history')).json().meta.total_count).toBe(1);
  });

  it('an unknown plan is 422', async () => {
    const { agent } = await unpaidAgent();
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: 999_999 });
    expect(res.json().errors.plan_id).toBe('Choose one of the plans');
  });
});

describe('PUT /v1/accounts/cancel_subscription', () => {
  it('cancels at the end of the paid period: still paid until then, no next charge', async () => {
    const { agent } = await unpaidAgent();
    expect((await agent.put('/v1/accounts/cancel_subscription')).json()).toEqual({ errors: { base: NOTHING_TO_CANCEL } });
    await connect(agent, '4242424242424242');
    const annual = (await plans()).find((p) => p.code === 'agent_annual')!;
    expect((await agent.post('/v1/accounts/update_plan', { plan_id: annual.id })).statusCode).toBe(200);
    const res = await agent.put('/v1/accounts/cancel_subscription');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ 'paid_user?': true, status: 'canceling', cancel_at_period_end: true, next_charge: null });
    expect((await listContacts(agent)).statusCode).toBe(200);
    // the same plan again resumes it, charging nothing
    const resumed = await agent.post('/v1/accounts/update_plan', { plan_id: annual.id });
    expect(resumed.json()).toMatchObject({ charge: null, data: { status: 'active', cancel_at_period_end: false } });
    expect((await agent.get('/v1/accounts/history')).json().meta.total_count).toBe(1);
  });
});

describe('renewals (the account-plan-renewals job)', () => {
  /** A user on the monthly plan whose paid period ended a moment ago. */
  const endedPeriod = (number?: string) => onEndedPlan(t, number);

  it('charges the next period once, however often the job runs', async () => {
    const { agent, id, ended } = await endedPeriod();
    expect((await listContacts(agent)).statusCode).toBe(403);
    const runs = await Promise.all([t.ctx.billing.renewDue(), t.ctx.billing.renewDue()]);
    await t.ctx.billing.renewDue();
    expect(runs.map((r) => r.failed)).toEqual([0, 0]);
    const account = await t.ctx.billingRepository.account(id);
    expect(account!.currentPeriodStart!.toISOString()).toBe(ended.toISOString());
    expect(await t.ctx.stripeSandbox!.repository.count('payment_intent', account!.customerId!)).toBe(2);
    const history = (await agent.get('/v1/accounts/history')).json().data;
    expect(history.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual(['charge:succeeded', 'charge:succeeded']);
    expect((await listContacts(agent)).statusCode).toBe(200);
  });

  it('a renewal charged by the vendor before the worker died is recorded on the next run, not charged again', async () => {
    const { id, ended, monthly } = await endedPeriod();
    const account = (await t.ctx.billingRepository.account(id))!;
    // the dead worker's try: its pending row and the vendor's charge under the period's key
    const row = await pendingRenewal(t, { userId: id, subject: `account:${id}`, amountCents: monthly.amount_cents, periodStart: ended, planId: monthly.id });
    const key = renewalKey(`account:${id}`, ended, 0);
    const metadata = { user_id: String(id), transaction_id: String(row.id), account_plan_id: String(monthly.id), subject: `account:${id}` };
    await t.ctx.payments.charge({ customerId: account.customerId!, paymentMethodId: account.paymentMethodId!, amountCents: monthly.amount_cents, currency: 'usd', description: 'renewal', idempotencyKey: key, metadata });
    expect(await t.ctx.billing.renewDue()).toMatchObject({ renewed: 1, failed: 0, unanswered: 0 });
    expect(await t.ctx.stripeSandbox!.repository.count('payment_intent', account.customerId!)).toBe(2);
    expect((await t.ctx.billingRepository.transactionByKey(key))!.status).toBe('succeeded');
  });

  it('a declined renewal is in the history; the account is past due (still paid) and not tried again before its retry', async () => {
    const { agent } = await endedPeriod('4000000000000341');
    expect(await t.ctx.billing.renewDue()).toMatchObject({ failed: 1 });
    expect(await t.ctx.billing.renewDue()).toMatchObject({ renewed: 0, failed: 0, unanswered: 0 });
    const info = (await agent.get('/v1/accounts/info')).json().data;
    expect(info).toMatchObject({ 'paid_user?': true, status: 'past_due', next_charge: null });
    const history = (await agent.get('/v1/accounts/history')).json().data;
    expect(history.filter((e: { kind: string }) => e.kind === 'failure')).toHaveLength(1);
  });
});

describe('GET /v1/accounts/history', () => {
  it("is the caller's own: another user never sees it", async () => {
    const a = await unpaidAgent();
    const b = await unpaidAgent();
    await connect(a.agent, '4242424242424242');
    const monthly = (await plans())[0]!;
    expect((await a.agent.post('/v1/accounts/update_plan', { plan_id: monthly.id })).statusCode).toBe(200);
    expect((await a.agent.get('/v1/accounts/history')).json().meta.total_count).toBe(1);
    const other = (await b.agent.get('/v1/accounts/history?limit=5&page=1')).json();
    expect(other).toEqual({ data: [], meta: { current_page: 1, limit: 5, total_count: 0, total_pages: 0 } });
    const admin = await signedIn('admin');
    expect((await admin.get('/v1/accounts/history')).json().meta.total_count).toBe(0);
  });
});

describe('POST /v1/admin/users/{id}/paid_membership', () => {
  it('an administrator grants it by hand (audited); it can be taken back', async () => {
    const { agent, id } = await unpaidAgent();
    const admin = await signedIn('admin');
    const res = await admin.post(`/v1/admin/users/${id}/paid_membership`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id, 'paid_user?': true, status: 'granted' } });
    expect((await listContacts(agent)).statusCode).toBe(200);
    const audit = await t.ctx.db.execute<{ actor_user_id: number; details: unknown }>(
      sql`select actor_user_id, details from audit_logs where event = 'paid_membership_changed' and user_id = ${id}`,
    );
    expect(audit.rows).toEqual([{ actor_user_id: await idOf(seedEmail('admin')), details: { from: false, to: true } }]);

    const back = await admin.post(`/v1/admin/users/${id}/paid_membership`, { paid_user: false });
    expect(back.json().data).toEqual({ id, 'paid_user?': false, status: 'unpaid' });
    expect((await listContacts(agent)).statusCode).toBe(403);
  });

  it('only administrators, and only for users of their company (404 for another company)', async () => {
    const { id } = await unpaidAgent();
    for (const key of ['manager', 'agent']) {
      const caller = await signedIn(key);
      expect((await caller.post(`/v1/admin/users/${id}/paid_membership`)).statusCode).toBe(403);
    }
    const keystoneAdmin = await signedIn(seedEmail('admin', KEYSTONE_DEMO.domainName), 'keystone.localhost');
    expect((await keystoneAdmin.post(`/v1/admin/users/${id}/paid_membership`)).statusCode).toBe(404);
    const admin = await signedIn('admin');
    expect((await admin.post('/v1/admin/users/999999/paid_membership')).statusCode).toBe(404);
  });
});

describe('POST /v1/admin/users/{id}/refund', () => {
  /** A user whose plan was charged; the charge of their history. */
  async function paidPlan() {
    const paid = await onEndedPlan(t);
    const [charge] = (await paid.agent.get('/v1/accounts/history')).json().data as { id: number; kind: string; amount_cents: number }[];
    expect(charge).toMatchObject({ kind: 'charge', amount_cents: paid.monthly.amount_cents });
    return { ...paid, charge: charge! };
  }
  const refund = (agent: TestAgent, userId: number, body: unknown, key?: string) =>
    agent.request('POST', `/v1/admin/users/${userId}/refund`, { body, ...(key && { headers: { 'idempotency-key': key } }) });

  it('refunds a plan payment, never above what was paid; a repeat with the same Idempotency-Key refunds once; audited with the reason', async () => {
    const { id, charge, agent } = await paidPlan();
    const admin = await signedIn('admin');
    const over = await refund(admin, id, { transaction_id: charge.id, amount_cents: charge.amount_cents + 1 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount_cents: refundTooLarge(charge.amount_cents) });

    const first = await refund(admin, id, { transaction_id: charge.id, amount_cents: 900, reason: 'Service outage' }, `refund-plan-${id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(accountHistoryEntry.safeParse(first.json().data).success).toBe(true);
    expect(first.json().data).toMatchObject({ kind: 'refund', status: 'succeeded', amount_cents: 900 });
    const replay = await refund(admin, id, { transaction_id: charge.id, amount_cents: 900, reason: 'Service outage' }, `refund-plan-${id}`);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const refunds = ((await agent.get('/v1/accounts/history')).json().data as { kind: string; amount_cents: number }[]).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => e.amount_cents)).toEqual([900]);
    const audit = await t.ctx.db.execute<{ actor_user_id: number; reason: string }>(
      sql`select actor_user_id, details->>'reason' as reason from audit_logs where event = 'payment_refunded' and user_id = ${id}`,
    );
    expect(audit.rows).toEqual([{ actor_user_id: await idOf(seedEmail('admin')), reason: 'Service outage' }]);

    const rest = await refund(admin, id, { transaction_id: charge.id });
    expect(rest.json().data).toMatchObject({ kind: 'refund', amount_cents: charge.amount_cents - 900 });
  });

  it('refunds of one payment sent at once never exceed it: the same remainder twice is one refund; two amounts that fit only one way, one is refused', async () => {
    const { id, charge, agent } = await paidPlan();
    const admin = await signedIn('admin');
    const subadmin = await signedIn('subadmin');
    expect((await refund(admin, id, { transaction_id: charge.id, amount_cents: 900 })).statusCode).toBe(200);
    const left = charge.amount_cents - 900;
    // the same remainder from two administrators (no keys): one refund, and both answers name it
    const same = await Promise.all([refund(admin, id, { transaction_id: charge.id, amount_cents: 1000 }), refund(subadmin, id, { transaction_id: charge.id, amount_cents: 1000 })]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same[0]!.json().data.id).toBe(same[1]!.json().data.id);
    // what is left, and less than it, at once: whichever comes second finds too little left
    const rest = left - 1000;
    const racing = await Promise.all([refund(admin, id, { transaction_id: charge.id, amount_cents: rest }), refund(subadmin, id, { transaction_id: charge.id, amount_cents: rest - 100 })]);
    expect(racing.map((r) => r.statusCode).sort(), racing.map((r) => r.body).join('\n')).toEqual([200, 422]);
    const refunds = ((await agent.get('/v1/accounts/history')).json().data as { kind: string; status: string; amount_cents: number }[]).filter((e) => e.kind === 'refund' && e.status === 'succeeded');
    expect(refunds).toHaveLength(3);
    expect(refunds.reduce((sum, e) => sum + e.amount_cents, 0)).toBeLessThanOrEqual(charge.amount_cents);
  });

  it('two administrators sending one Idempotency-Key for two refunds each get their own refund', async () => {
    const { id, charge, agent } = await paidPlan();
    const admin = await signedIn('admin');
    const subadmin = await signedIn('subadmin');
    const first = await refund(admin, id, { transaction_id: charge.id, amount_cents: 700 }, 'shared-refund-key');
    expect(first.statusCode, first.body).toBe(200);
    const second = await refund(subadmin, id, { transaction_id: charge.id, amount_cents: 1100 }, 'shared-refund-key');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data).toMatchObject({ kind: 'refund', status: 'succeeded', amount_cents: 1100 });
    expect(second.json().data.id).not.toBe(first.json().data.id);
    const refunds = ((await agent.get('/v1/accounts/history')).json().data as { kind: string; amount_cents: number }[]).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => e.amount_cents).sort((a, b) => a - b)).toEqual([700, 1100]);
    // each one's repeat still gets their own answer
    expect((await refund(subadmin, id, { transaction_id: charge.id, amount_cents: 1100 }, 'shared-refund-key')).json()).toEqual(second.json());
  });

  it('validates the body per field (422)', async () => {
    const admin = await signedIn('admin');
    const bad = await refund(admin, await idOf(seedEmail('agent')), { amount_cents: -5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ transaction_id: 'Payment is required', amount_cents: 'Amount must be more than zero' });
  });

  it("administrators only (403); another company's payment, or one not of that user, answers 404", async () => {
    const { id, charge } = await paidPlan();
    for (const key of ['manager', 'agent']) expect((await refund(await signedIn(key), id, { transaction_id: charge.id })).statusCode).toBe(403);
    const keystoneAdmin = await signedIn(seedEmail('admin', KEYSTONE_DEMO.domainName), 'keystone.localhost');
    expect((await refund(keystoneAdmin, id, { transaction_id: charge.id })).statusCode).toBe(404);
    const admin = await signedIn('admin');
    expect((await refund(admin, await idOf(seedEmail('agent')), { transaction_id: charge.id })).statusCode).toBe(404);
    expect((await t.ctx.billing.history(id, 1, 100)).data.filter((e) => e.kind === 'refund')).toEqual([]);
  });
});
