import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planQuote } from '@crm/contract';
import { sql } from 'drizzle-orm';
import { EVERGREEN_DEMO, seedEmail } from '../../db/seed';
import { mailsTo } from '../../test/mail';
import { listenForSandbox, paymentMethodFor, unpaidAgent } from '../../test/stripe-sandbox';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';
import { alreadyScheduled, quoteChanged, SAME_PLAN } from './billing.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForSandbox(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const DAY = 86_400_000;
/** Today's UTC midnight plus `days`. */
const midnight = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY);
};

type Plan = { id: number; code: string; amount_cents: number; features: string[] };
const plansOf = async (agent: TestAgent) => (await agent.get('/v1/plans')).json().data as Plan[];
const intentsOf = async (id: number) => t.ctx.stripeSandbox!.repository.count('payment_intent', (await t.ctx.billingRepository.account(id))!.customerId!);
const quote = async (agent: TestAgent, planId: number) => {
  const res = await agent.get(`/v1/accounts/plan_quote?plan_id=${planId}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(planQuote.safeParse(res.json().data).success).toBe(true);
  return res.json().data;
};

/**
 * A user on Agent Monthly ($49) whose paid period began 10 days ago (UTC midnight) and ends in 21
 * days: 21 of its 31 days are unused.
 */
async function onMonthly(card = '4242424242424242') {
  const user = await unpaidAgent(t);
  const res = await user.agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, card) });
  expect(res.statusCode, res.body).toBe(200);
  const plans = await plansOf(user.agent);
  const monthly = plans.find((p) => p.code === 'agent_monthly')!;
  const annual = plans.find((p) => p.code === 'agent_annual')!;
  expect((await user.agent.post('/v1/accounts/update_plan', { plan_id: monthly.id })).statusCode).toBe(200);
  const start = midnight(-10);
  const end = midnight(21);
  await t.ctx.db.execute(
    sql`update billing_accounts set current_period_start = ${start.toISOString()}::timestamptz, current_period_end = ${end.toISOString()}::timestamptz where user_id = ${user.id}`,
  );
  await t.ctx.usersRepository.update(user.id, { paidUntil: end });
  return { ...user, monthly, annual, start, end };
}

// Agent Monthly's $49.00 for 21 unused days of 31, in whole cents: round(4900 * 21 / 31) = 3319
const CREDIT = 3_319;

describe('changing the account plan: the quote and the charge', () => {
  it('Agent Monthly to Agent Annual mid-period charges $490 less the unused days of the month, now, and says so first', async () => {
    const { agent, id, annual, end } = await onMonthly();
    const q = await quote(agent, annual.id);
    expect(q).toMatchObject({
      action: 'upgrade',
      effective: 'now',
      confirmable: true,
      credit_cents: CREDIT,
      unused_days: 21,
      period_days: 31,
      amount_due_cents: 49_000 - CREDIT,
      paid_until: end.toISOString(),
      current_plan: expect.objectContaining({ code: 'agent_monthly' }),
    });
    // before: the full $490 was charged, with no credit
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: annual.id, expected_amount_cents: q.amount_due_cents });
    expect(res.statusCode, res.body).toBe(200);
    const charge = res.json().charge;
    expect(charge).toMatchObject({ kind: 'charge', status: 'succeeded', amount_cents: 45_681 });
    // a year from now (the quote's period, computed again at the charge: the same dates)
    expect([charge.period_start.slice(0, 10), charge.period_end.slice(0, 10)]).toEqual([q.period_start.slice(0, 10), q.period_end.slice(0, 10)]);
    expect(res.json().charge.description).toContain('less $33.19 for 21 unused of 31 days of Agent Monthly');
    expect(res.json().data).toMatchObject({ status: 'active', plan: { code: 'agent_annual' }, current_period_end: charge.period_end, next_charge: { amount_cents: 49_000 } });
    expect(await intentsOf(id)).toBe(2);
  });

  it('the plan already paid for: the quote says so and offers nothing to pay; choosing it charges nothing', async () => {
    const { agent, id, monthly, end } = await onMonthly();
    const q = await quote(agent, monthly.id);
    expect(q).toMatchObject({
      action: 'current',
      effective: 'none',
      confirmable: false,
      amount_due_cents: 0,
      paid_until: end.toISOString(),
      next_charge: { amount_cents: 4_900, date: end.toISOString() },
    });
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ plan_id: SAME_PLAN });
    expect(await intentsOf(id)).toBe(1);
  });

  it('Annual to Monthly is a change at the period end: nothing charged now, the renewal charges Monthly', async () => {
    const { agent, id, monthly, annual } = await onMonthly();
    expect((await agent.post('/v1/accounts/update_plan', { plan_id: annual.id })).statusCode).toBe(200);
    const onAnnual = (await agent.get('/v1/accounts/info')).json().data;
    const q = await quote(agent, monthly.id);
    expect(q).toMatchObject({
      action: 'downgrade',
      effective: 'period_end',
      confirmable: true,
      amount_due_cents: 0,
      credit_cents: 0,
      period_start: onAnnual.current_period_end,
      next_charge: { amount_cents: 4_900, date: onAnnual.current_period_end },
    });
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      charge: null,
      data: { plan: { code: 'agent_annual' }, scheduled_plan: { code: 'agent_monthly' }, next_charge: { amount_cents: 4_900 }, current_period_end: onAnnual.current_period_end },
    });
    expect(await intentsOf(id)).toBe(2);
    // choosing it again: already scheduled; choosing Annual again keeps Annual
    expect((await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id })).json().errors).toEqual({
      plan_id: alreadyScheduled(new Date(onAnnual.current_period_end)),
    });
    expect((await quote(agent, annual.id)).action).toBe('keep');
    expect((await agent.post('/v1/accounts/update_plan', { plan_id: annual.id })).json()).toMatchObject({ charge: null, data: { scheduled_plan: null, next_charge: { amount_cents: 49_000 } } });
    // scheduled again, then the period ends: the renewal charges Monthly and the account is on it
    await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id });
    const ended = new Date(Date.now() - 60_000);
    await t.ctx.db.execute(sql`update billing_accounts set current_period_end = ${ended.toISOString()}::timestamptz where user_id = ${id}`);
    expect(await t.ctx.billing.renewDue()).toMatchObject({ renewed: 1, failed: 0 });
    const after = (await agent.get('/v1/accounts/info')).json().data;
    expect(after).toMatchObject({ plan: { code: 'agent_monthly' }, scheduled_plan: null, next_charge: { amount_cents: 4_900 } });
    const [renewal] = (await agent.get('/v1/accounts/history')).json().data;
    expect(renewal).toMatchObject({ kind: 'charge', status: 'succeeded', amount_cents: 4_900 });
  });

  it('a Pay whose quote changed since the review charges nothing (409 with the new amount)', async () => {
    const { agent, id, annual } = await onMonthly();
    const res = await agent.post('/v1/accounts/update_plan', { plan_id: annual.id, expected_amount_cents: 49_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ expected_amount_cents: quoteChanged(45_681) });
    expect(await intentsOf(id)).toBe(1);
    expect((await agent.get('/v1/accounts/info')).json().data.plan.code).toBe('agent_monthly');
  });

  it('a new subscriber is quoted and charged the whole amount for a period from now; an unknown plan is 422', async () => {
    const user = await unpaidAgent(t);
    const annual = (await plansOf(user.agent)).find((p) => p.code === 'agent_annual')!;
    expect(await quote(user.agent, annual.id)).toMatchObject({ action: 'subscribe', effective: 'now', amount_due_cents: 49_000, credit_cents: 0, current_plan: null, paid_until: null });
    const bad = await user.agent.get('/v1/accounts/plan_quote?plan_id=999999');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ plan_id: 'Choose one of the plans' });
    expect((await user.agent.get('/v1/accounts/plan_quote?plan_id=x')).json().errors).toEqual({ plan_id: 'Choose a plan' });
  });

  it('a cancelled plan chosen again resumes without a charge; the quote says so', async () => {
    const { agent, id, monthly } = await onMonthly();
    expect((await agent.put('/v1/accounts/cancel_subscription')).statusCode).toBe(200);
    expect(await quote(agent, monthly.id)).toMatchObject({ action: 'resume', effective: 'period_end', confirmable: true, amount_due_cents: 0, next_charge: { amount_cents: 4_900 } });
    expect((await agent.post('/v1/accounts/update_plan', { plan_id: monthly.id })).json()).toMatchObject({ charge: null, data: { status: 'active' } });
    expect(await intentsOf(id)).toBe(1);
  });
});

describe('the plans as a brand and its flags describe them', () => {
  it('names no calendar, reports or browser dialer; Evergreen basic users get no dialer or SMS', async () => {
    const harbor = await unpaidAgent(t);
    const harborPlans = await plansOf(harbor.agent);
    const monthly = harborPlans.find((p) => p.code === 'agent_monthly')!;
    expect(monthly.features).toEqual([
      'Contacts with notes, policies, securities and files',
      'Contact import and export',
      'Dialer and SMS licences, ordered and billed separately',
      'E-mail support at support@harboragent.com',
    ]);
    expect(harborPlans.find((p) => p.code === 'agent_annual')!.features.at(-1)).toBe('Two months free against Agent Monthly');
    const basic = new TestAgent(t.app, { host: 'evergreen.localhost' });
    await basic.signIn(seedEmail('basic', EVERGREEN_DEMO.domainName));
    const evergreen = await plansOf(basic);
    const text = JSON.stringify(evergreen);
    for (const absent of ['calendar', 'reports', 'Browser dialer', 'SMS', 'ialer']) expect(text).not.toContain(absent);
    expect(evergreen[0]!.features.at(-1)).toMatch(/^E-mail support at \S+@\S+$/);
  });
});

describe('receipts', () => {
  it('write the card brand as the issuer does: "Visa ending in 4242", not "visa card"', async () => {
    const { email } = await onMonthly();
    const [receipt] = await mailsTo(t, email, 'Receipt: $49.00 paid');
    expect(receipt!.text).toContain('to your Visa ending in 4242 on');
    expect(receipt!.text).not.toContain('visa');
  });
});
