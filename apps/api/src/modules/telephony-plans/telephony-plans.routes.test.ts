import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTelephonyPlanEndpointTables, fillPath, license, ORDER_MESSAGES, plan, telephonyPlanEndpointTables, subscription } from '@crm/contract';
import { sql } from 'drizzle-orm';
import { DEMO_TOTP_SECRET, EVERGREEN_DEMO, KEYSTONE_DEMO, seedDemoCrm, seedEmail } from '../../db/seed';
import { currentTotp } from '../../lib/totp';
import { createTelephonyPlansService } from './telephony-plans.service';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

const keystone = (key: string) => seedEmail(key, KEYSTONE_DEMO.domainName);
const KEYSTONE_HOST = 'keystone.localhost';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const agents = new Map<string, TestAgent>();
/** A signed-in client per seeded user (Harbor by key, Keystone by e-mail), reused across tests. */
async function as(who: string): Promise<TestAgent> {
  const known = agents.get(who);
  if (known) return known;
  const agent = new TestAgent(t.app, who.includes('@keystone') ? { host: KEYSTONE_HOST } : {});
  await agent.signIn(who);
  // the self-pay agent has two-factor on
  if (who === 'secure.agent') expect((await agent.post('/v1/sessions', { otp_code: currentTotp(DEMO_TOTP_SECRET) })).statusCode).toBe(200);
  agents.set(who, agent);
  return agent;
}
const idOf = async (key: string) => (await t.ctx.usersRepository.findByEmail(key.includes('@') ? key : seedEmail(key)))!.id;
type Row = Record<string, unknown> & { id: number };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const data = (res: { json: () => unknown }): any => (res.json() as { data: unknown }).data;

/** The seeded manager-pay dialer subscription of Harbor's manager and its licences by user key. */
async function harborDialer() {
  const manager = await as('manager');
  const subs = data(await manager.get('/v1/dialer/dialer_subscriptions?mine=true')) as Row[];
  const sub = subs.find((s) => s.type === 'manager') as Row;
  const licences = data(await manager.get(`/v1/dialer/dialer_licenses?subscription_id=${sub.id}`)) as (Row & { user: { id: number } })[];
  const licenceOf = async (key: string) => {
    const id = await idOf(key);
    return licences.find((l) => l.user.id === id) as unknown as Row & { allocation: number };
  };
  return { sub, licences, licenceOf };
}

describe('plans', () => {
  it('lists the company active non-enterprise plans by price, with q, order and all; enterprise plans apart', async () => {
    const agent = await as('agent');
    const res = await agent.get('/v1/dialer/dialer_plans');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((p: Row) => p.name)).toEqual(['Dialer Starter', 'Dialer Pro']);
    for (const p of body.data) expect(plan.safeParse(p).success).toBe(true);
    expect(body.data[0]).toMatchObject({ price_cents: 2900, units_per_license: 1000, unit: 'minutes', enterprise: false });
    expect(body.meta).toEqual({ current_page: 1, limit: 25, total_count: 2, total_pages: 1 });
    expect(data(await agent.get('/v1/dialer/dialer_plans?order=desc')).map((p: Row) => p.name)).toEqual(['Dialer Pro', 'Dialer Starter']);
    expect(data(await agent.get('/v1/dialer/dialer_plans?q=pro')).map((p: Row) => p.name)).toEqual(['Dialer Pro']);
    const paged = (await agent.get('/v1/dialer/dialer_plans?limit=1&page=2')).json();
    expect(paged.data.map((p: Row) => p.name)).toEqual(['Dialer Pro']);
    expect(paged.meta.total_pages).toBe(2);
    const all = (await agent.get('/v1/dialer/dialer_plans?limit=1&all=true')).json();
    expect(all.data).toHaveLength(2);
    expect((await agent.get('/v1/dialer/dialer_plans?all=maybe')).statusCode).toBe(422);
    expect(data(await agent.get('/v1/dialer/dialer_plans/enterprise')).map((p: Row) => p.name)).toEqual(['Dialer Enterprise']);
    // SMS has its own catalogue
    const sms = data(await agent.get('/v1/sms/sms_plans')) as Row[];
    expect(sms.map((p) => [p.name, p.units_per_license, p.unit])).toEqual([
      ['SMS Starter', 2000, 'segments'],
      ['SMS Pro', 6000, 'segments'],
    ]);
    expect(data(await agent.get('/v1/sms/sms_plans/enterprise')).map((p: Row) => p.name)).toEqual(['SMS Enterprise']);
  });

  it('seeding again adds no plan, subscription or usage', async () => {
    const counts = async () =>
      (
        await t.ctx.db.execute<{ plans: number; subs: number; events: number }>(sql`select
          (select count(*)::int from product_plans) as plans, (select count(*)::int from product_subscriptions) as subs,
          (select count(*)::int from usage_events) as events`)
      ).rows[0];
    const before = await counts();
    expect(before).toMatchObject({ plans: 18, subs: 3 }); // 6 plans a company; Harbor's two manager-pay and one self-pay
    await seedDemoCrm(t.ctx.usersRepository, {
      lookups: t.ctx.lookupsRepository,
      contacts: t.ctx.contactsRepository,
      telephonyPlans: t.ctx.telephonyPlansRepository,
      usage: t.ctx.usageRepository,
    });
    expect(await counts()).toEqual(before);
  });

  it("another company's plans are its own", async () => {
    const harbor = data(await (await as('agent')).get('/v1/dialer/dialer_plans')) as Row[];
    const ks = data(await (await as(keystone('agent'))).get('/v1/dialer/dialer_plans')) as Row[];
    expect(ks.map((p) => p.name)).toEqual(['Dialer Starter', 'Dialer Pro']);
    expect(ks.map((p) => p.id)).not.toEqual(expect.arrayContaining(harbor.map((p) => p.id)));
  });
});

describe('subscriptions: reach', () => {
  it('the manager sees what they pay for and their downline’s; an agent the subscription of their licence; a user without one nothing', async () => {
    const manager = await as('manager');
    const mine = data(await manager.get('/v1/dialer/dialer_subscriptions?mine=true')) as Row[];
    expect(mine.map((s) => s.type)).toEqual(['manager']);
    expect(subscription.safeParse(mine[0]).success).toBe(true);
    expect(mine[0]).toMatchObject({
      order_type: 'Subscription::ManagerPay',
      status: 'active',
      active: true,
      quantity: 5,
      licenses_count: 4,
      pool: 5000,
      allocated: 4000,
      owner: { name: 'Morgan Hayes' },
      plan: { name: 'Dialer Starter' },
    });
    // the self-pay agent is in the manager's downline
    const all = data(await manager.get('/v1/dialer/dialer_subscriptions')) as Row[];
    expect(all.map((s) => s.type).sort()).toEqual(['manager', 'self']);
    expect(all.find((s) => s.type === 'self')).toMatchObject({ order_type: 'Subscription::SelfPay', owner: { name: 'Dana Whitfield' } });

    const agent = await as('agent');
    const seen = data(await agent.get('/v1/dialer/dialer_subscriptions')) as Row[];
    expect(seen.map((s) => s.id)).toEqual([mine[0]!.id]);
    expect(data(await agent.get('/v1/dialer/dialer_subscriptions?mine=true'))).toEqual([]);
    expect((await agent.get(`/v1/dialer/dialer_subscriptions/${mine[0]!.id}`)).statusCode).toBe(200);

    const telemarketer = await as('telemarketer');
    const selfSub = all.find((s) => s.type === 'self') as Row;
    expect((await telemarketer.get(`/v1/dialer/dialer_subscriptions/${selfSub.id}`)).statusCode).toBe(404);
    expect((await (await as('subadmin')).get(`/v1/dialer/dialer_subscriptions/${selfSub.id}`)).statusCode).toBe(200);
  });

  it("another company's subscription answers 404, even to its administrator", async () => {
    const { sub } = await harborDialer();
    const ksAdmin = await as(keystone('admin'));
    expect((await ksAdmin.get(`/v1/dialer/dialer_subscriptions/${sub.id}`)).statusCode).toBe(404);
    expect((await ksAdmin.patch(`/v1/dialer/dialer_subscriptions/${sub.id}`, { cancel_at_period_end: false })).statusCode).toBe(404);
    expect((await ksAdmin.post(`/v1/dialer/dialer_subscriptions/${sub.id}/cancel`, { type: 'manager' })).statusCode).toBe(404);
    expect((await ksAdmin.post('/v1/admin/dialer/cancel_subscription', { subscription_id: sub.id })).statusCode).toBe(404);
    expect((await ksAdmin.post('/v1/admin/dialer/active_subscription', { subscription_id: sub.id })).statusCode).toBe(404);
    // the kind (dialer, sms) is part of the address: a dialer subscription is no SMS subscription
    expect((await (await as('manager')).get(`/v1/sms/sms_subscriptions/${sub.id}`)).statusCode).toBe(404);
  });

  it('lists with active, q, order_field and paging; a bad order field is 422', async () => {
    const admin = await as('admin');
    const res = (await admin.get('/v1/dialer/dialer_subscriptions?order_field=owner&order=asc&limit=1')).json();
    expect(res.meta).toMatchObject({ total_count: 2, total_pages: 2 });
    expect(res.data[0].owner.name).toBe('Morgan Hayes');
    expect(data(await admin.get('/v1/dialer/dialer_subscriptions?q=whitfield')).map((s: Row) => s.type)).toEqual(['self']);
    expect(data(await admin.get('/v1/dialer/dialer_subscriptions?active=false'))).toEqual([]);
    expect((await admin.get('/v1/dialer/dialer_subscriptions?order_field=password')).statusCode).toBe(422);
  });

  it('answers the active subscription by type: company goes to the company subscription', async () => {
    const agent = await as('agent');
    const manager = await as('manager');
    expect(data(await agent.get('/v1/dialer/dialer_subscriptions_active?type=manager'))).toMatchObject({ type: 'manager', owner: { name: 'Morgan Hayes' } });
    expect(data(await manager.get('/v1/dialer/dialer_subscriptions_active?type=manager'))).toMatchObject({ type: 'manager' });
    expect(data(await agent.get('/v1/dialer/dialer_subscriptions_active?type=self'))).toBeNull();
    expect(data(await (await as('secure.agent')).get('/v1/dialer/dialer_subscriptions_active?type=self'))).toMatchObject({ type: 'self' });
    expect(data(await agent.get('/v1/dialer/dialer_subscriptions_active?type=company'))).toBeNull();
    expect((await agent.get('/v1/dialer/dialer_subscriptions_active?type=team')).json().errors.type).toBe('Type must be company, manager or self');
  });
});

describe('subscriptions: create, change, cancel', () => {
  it('a self subscription is pending with a pending order until the order is paid; a second one is refused', async () => {
    const ksAgent = await as(keystone('agent'));
    const [starter] = data(await ksAgent.get('/v1/dialer/dialer_plans')) as Row[];
    const res = await ksAgent.post('/v1/dialer/dialer_subscriptions', { plan_id: starter!.id, type: 'self' });
    expect(res.statusCode, res.body).toBe(200);
    const { data: sub, order } = res.json();
    expect(sub).toMatchObject({ type: 'self', order_type: 'Subscription::SelfPay', status: 'pending', active: false, quantity: 1, licenses_count: 1 });
    expect(order).toMatchObject({ kind: 'subscription', status: 'pending', amount_cents: 2900, quantity: 1, payment_reference: null });
    expect((await ksAgent.get('/v1/users/me')).json()).toMatchObject({
      dialer_subscription: { active: false, current_usage: 0 },
      dialer_subscription_type: 'self',
      dialer_license: { paid: false, allocation: 1000 },
    });
    expect(data(await ksAgent.get(`/v1/dialer/dialer_orders/${order.id}`))).toMatchObject({ status: 'pending' });

    // the payments step answers: paid
    expect(await t.ctx.telephonyPlans.settleOrder(order.id, { status: 'paid', paymentReference: 'pi_test_1' })).toBe(true);
    expect(await t.ctx.telephonyPlans.settleOrder(order.id, { status: 'paid', paymentReference: 'pi_test_2' })).toBe(false);
    expect(data(await ksAgent.get(`/v1/dialer/dialer_subscriptions/${sub.id}`))).toMatchObject({ status: 'active', active: true });
    expect(data(await ksAgent.get(`/v1/dialer/dialer_orders/${order.id}`))).toMatchObject({ status: 'paid', payment_reference: 'pi_test_1' });
    expect((await ksAgent.get('/v1/users/me')).json()).toMatchObject({
      dialer_subscription: { active: true },
      dialer_subscription_type: 'self',
      dialer_license: { paid: true, allocation: 1000 },
    });

    const again = await ksAgent.post('/v1/dialer/dialer_subscriptions', { plan_id: starter!.id, type: 'self' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ type: 'You already have a self subscription' });
  });

  it('refuses an unknown or enterprise plan, another company’s plan, and a bad body per field', async () => {
    const agent = await as('agent');
    const enterprise = (data(await agent.get('/v1/dialer/dialer_plans/enterprise')) as Row[])[0]!;
    const ksPlan = (data(await (await as(keystone('agent'))).get('/v1/dialer/dialer_plans')) as Row[])[0]!;
    const post = (body: unknown) => agent.post('/v1/dialer/dialer_subscriptions', body);
    expect((await post({ plan_id: enterprise.id, type: 'self' })).json().errors).toEqual({ plan_id: 'Enterprise plans are for company subscriptions' });
    expect((await post({ plan_id: ksPlan.id, type: 'self' })).json().errors).toEqual({ plan_id: 'Plan not found' });
    const bad = await post({ type: 'self', quantity: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ plan_id: 'Plan is required', quantity: 'Quantity must be at least 1' });
  });

  it('a manager subscription is for managers and licences only their downline; an agent is refused', async () => {
    const [starter] = data(await (await as('agent')).get('/v1/sms/sms_plans')) as Row[];
    expect((await (await as('agent')).post('/v1/sms/sms_subscriptions', { plan_id: starter!.id, type: 'manager' })).statusCode).toBe(403);
    const district = await as('district');
    const outside = await district.post('/v1/sms/sms_subscriptions', { plan_id: starter!.id, type: 'manager', quantity: 2, user_ids: [await idOf('field'), await idOf('telemarketer')] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.user_ids).toBe(`Licences go only to users in your downline (not user ${await idOf('telemarketer')})`);
    const ks = await district.post('/v1/sms/sms_subscriptions', { plan_id: starter!.id, type: 'manager', user_ids: [await idOf(keystone('agent'))] });
    expect(ks.statusCode).toBe(422);
    const tooFew = await district.post('/v1/sms/sms_subscriptions', { plan_id: starter!.id, type: 'manager', quantity: 1, user_ids: [await idOf('field'), await idOf('agent')] });
    expect(tooFew.json().errors).toEqual({ quantity: 'Quantity must cover every user given a licence' });

    const ok = await district.post('/v1/sms/sms_subscriptions', { plan_id: starter!.id, type: 'manager', quantity: 2, user_ids: [await idOf('field')] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ type: 'manager', status: 'pending', quantity: 2, licenses_count: 1, pool: 4000, allocated: 2000 });
    expect(ok.json().order).toMatchObject({ amount_cents: 3800, status: 'pending', kind: 'subscription' });
    // the new licence is unpaid until the order is
    const licences = data(await district.get(`/v1/sms/sms_licenses?subscription_id=${ok.json().data.id}`)) as Row[];
    expect(licences).toEqual([expect.objectContaining({ paid: false, allocation: 2000, user: { id: await idOf('field'), name: 'Riley Patel' } })]);
  });

  it('a company subscription is for administrators, waits as the pending company subscription, and an administrator activates it', async () => {
    const manager = await as('manager');
    const admin = await as('admin');
    const enterprise = (data(await admin.get('/v1/sms/sms_plans/enterprise')) as Row[])[0]!;
    expect((await manager.post('/v1/sms/sms_subscriptions', { plan_id: enterprise.id, type: 'company' })).statusCode).toBe(403);
    expect(data(await manager.get('/v1/sms/sms_subscriptions/pending_company_subscription'))).toBeNull();
    const res = await admin.post('/v1/sms/sms_subscriptions', { plan_id: enterprise.id, type: 'company', quantity: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { type: 'company', order_type: null, status: 'pending' }, order: null });
    expect(data(await manager.get('/v1/sms/sms_subscriptions/pending_company_subscription'))).toMatchObject({ id: res.json().data.id });
    expect((await admin.post('/v1/sms/sms_subscriptions', { plan_id: enterprise.id, type: 'company' })).json().errors).toEqual({
      type: 'The company already has this subscription',
    });

    expect((await manager.post('/v1/admin/sms/active_subscription', { subscription_id: res.json().data.id })).statusCode).toBe(403);
    const activated = await admin.post('/v1/admin/sms/active_subscription', { subscription_id: res.json().data.id });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data).toMatchObject({ status: 'active', active: true });
    expect((await admin.post('/v1/admin/sms/active_subscription', { subscription_id: res.json().data.id })).json().errors).toEqual({
      subscription_id: 'Only a pending subscription can be activated',
    });
    expect(data(await manager.get('/v1/sms/sms_subscriptions/pending_company_subscription'))).toBeNull();
    expect(data(await manager.get('/v1/sms/sms_subscriptions_active?type=company'))).toMatchObject({ id: res.json().data.id });
    expect((await manager.get('/v1/users/me')).json().company_sms_subscription).toEqual({ id: res.json().data.id });
    const audited = await t.ctx.audit.list({ event: 'product_subscription_changed' });
    expect(audited.map((a) => a.details)).toContainEqual({ action: 'activated', product: 'sms', subscription_id: res.json().data.id });
  });

  it('cancels with the type at the period end (taken back by PATCH) or at once; only the payer or an administrator', async () => {
    const ksAdmin = await as(keystone('admin'));
    const rm = await as(keystone('rm'));
    const [starter] = data(await rm.get('/v1/dialer/dialer_plans')) as Row[];
    const created = (await rm.post('/v1/dialer/dialer_subscriptions', { plan_id: starter!.id, type: 'manager', quantity: 1 })).json();
    await t.ctx.telephonyPlans.settleOrder(created.order.id, { status: 'paid', paymentReference: 'pi_rm' });
    const id = created.data.id as number;

    const ksAgent = await as(keystone('agent'));
    // the agent does not reach a subscription without their licence
    expect((await ksAgent.post(`/v1/dialer/dialer_subscriptions/${id}/cancel`, { type: 'manager' })).statusCode).toBe(404);
    expect((await rm.post(`/v1/dialer/dialer_subscriptions/${id}/cancel`, { type: 'self' })).json().errors).toEqual({ type: 'This is not a self subscription' });
    const atEnd = await rm.post(`/v1/dialer/dialer_subscriptions/${id}/cancel`, { type: 'manager' });
    expect(atEnd.statusCode, atEnd.body).toBe(200);
    expect(atEnd.json().data).toMatchObject({ status: 'active', active: true, cancel_at_period_end: true });
    expect(atEnd.json().data.cancelled_at).not.toBeNull();
    expect((await rm.post(`/v1/dialer/dialer_subscriptions/${id}/cancel`, { type: 'manager' })).json().errors).toEqual({ base: 'Subscription is already cancelled' });
    const resumed = await rm.patch(`/v1/dialer/dialer_subscriptions/${id}`, { cancel_at_period_end: false });
    expect(resumed.json().data).toMatchObject({ cancel_at_period_end: false, cancelled_at: null });
    // change of plan, by the payer: an upgrade is an order, the plan changes once it is paid
    const pro = (data(await rm.get('/v1/dialer/dialer_plans')) as Row[])[1]!;
    const upgrade = (await rm.patch(`/v1/dialer/dialer_subscriptions/${id}`, { plan_id: pro.id })).json();
    expect(upgrade.data).toMatchObject({ plan: { name: 'Dialer Starter' }, pool: 1000 });
    expect(upgrade.order).toMatchObject({ kind: 'plan_change', status: 'pending', plan: { id: pro.id, name: 'Dialer Pro' } });
    await t.ctx.telephonyPlans.settleOrder(upgrade.order.id, { status: 'paid', paymentReference: 'pi_rm_up' });
    expect(data(await rm.get(`/v1/dialer/dialer_subscriptions/${id}`))).toMatchObject({ plan: { name: 'Dialer Pro' }, pool: 3000 });

    const now = await ksAdmin.post(`/v1/dialer/dialer_subscriptions/${id}/cancel`, { type: 'manager', immediately: true });
    expect(now.json().data).toMatchObject({ status: 'cancelled', active: false });
    expect((await rm.patch(`/v1/dialer/dialer_subscriptions/${id}`, { plan_id: starter!.id })).json().errors).toEqual({ base: 'A cancelled subscription cannot change' });
  });

  it('one who sees a subscription but does not pay for it cannot change it (403)', async () => {
    const { sub } = await harborDialer();
    const agent = await as('agent');
    expect((await agent.post(`/v1/dialer/dialer_subscriptions/${sub.id}/cancel`, { type: 'manager' })).statusCode).toBe(403);
    expect((await agent.patch(`/v1/dialer/dialer_subscriptions/${sub.id}`, { cancel_at_period_end: false })).statusCode).toBe(403);
    expect((await (await as('buadmin')).post(`/v1/dialer/dialer_subscriptions/${sub.id}/cancel`, { type: 'manager' })).statusCode).toBe(403);
  });
});

describe('orders and payment', () => {
  it('an Idempotency-Key makes a repeated subscribe one subscription and one order', async () => {
    const ksAgent = await as(keystone('agent'));
    const [starter] = data(await ksAgent.get('/v1/sms/sms_plans')) as Row[];
    const send = () => ksAgent.request('POST', '/v1/sms/sms_subscriptions', { body: { plan_id: starter!.id, type: 'self' }, headers: { 'idempotency-key': 'sms-self-1' } });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(data(await ksAgent.get('/v1/sms/sms_orders')).map((o: Row) => o.id)).toEqual([first.json().order.id]);
  });

  it('hands each new order to the charger (the payments seam), which settles it', async () => {
    const charged: number[] = [];
    const service = createTelephonyPlansService({
      repo: t.ctx.telephonyPlansRepository,
      usage: t.ctx.usageRepository,
      audit: t.ctx.audit,
      chargeOrder: async (order) => {
        charged.push(order.id);
        await t.ctx.telephonyPlans.settleOrder(order.id, { status: 'paid', paymentReference: `pi_${order.id}` });
      },
    });
    const user = (await t.ctx.usersRepository.findByEmail(seedEmail('preneed', EVERGREEN_DEMO.domainName)))!;
    const caller = { user, roles: ['agent' as const], brand: 'evergreen' as const };
    const [starter] = (await service.listPlans(caller, 'dialer', { order: 'asc', page: 1, limit: 25 })).data;
    const res = await service.createSubscription(caller, 'dialer', { plan_id: starter!.id, type: 'self', quantity: 1, user_ids: [] });
    expect(charged).toEqual([res.order!.id]);
    expect(res.order).toMatchObject({ status: 'paid', payment_reference: `pi_${res.order!.id}`, amount_cents: 2900 });
    expect(res.data).toMatchObject({ status: 'active', active: true });
    expect((await service.statesOf(user)).dialer.subscription).toMatchObject({ type: 'self', active: true, paid: true });
    expect(await t.ctx.telephonyPlans.settleOrder(res.order!.id, { status: 'failed', paymentReference: null })).toBe(false);
  });
});

describe('licences', () => {
  it('an agent sees only their own licence; a manager their subscription’s; an administrator the company’s', async () => {
    const agent = await as('agent');
    const own = (await agent.get('/v1/dialer/dialer_licenses')).json();
    expect(own.data).toEqual([expect.objectContaining({ user: { id: await idOf('agent'), name: 'Jamie Carter' }, allocation: 1500, used: 640, paid: true })]);
    expect(license.safeParse(own.data[0]).success).toBe(true);
    const { licences } = await harborDialer();
    expect(licences.map((l) => [l.user, l.allocation, l.used, l.paid])).toEqual([
      [{ id: await idOf('telemarketer'), name: 'Taylor Brooks' }, 1000, 1000, true],
      [{ id: await idOf('agent'), name: 'Jamie Carter' }, 1500, 640, true],
      [{ id: await idOf('district'), name: 'Casey Nguyen' }, 500, 0, false],
      [{ id: await idOf('field'), name: 'Riley Patel' }, 1000, 120, true],
    ]);
    const companyWide = data(await (await as('admin')).get('/v1/dialer/dialer_licenses?limit=100')) as Row[];
    expect(companyWide.length).toBeGreaterThanOrEqual(5);
    expect(data(await (await as(keystone('admin'))).get('/v1/dialer/dialer_licenses?limit=100')).map((l: Row) => l.id)).not.toContain(licences[0]!.id);
  });

  it("an agent cannot read or change another's licence (404) nor change their own (403)", async () => {
    const { licenceOf } = await harborDialer();
    const agent = await as('agent');
    const theirs = await licenceOf('telemarketer');
    expect((await agent.patch(`/v1/dialer/dialer_licenses/${theirs.id}`, { allocation: 0 })).statusCode).toBe(404);
    const mine = await licenceOf('agent');
    expect((await agent.patch(`/v1/dialer/dialer_licenses/${mine.id}`, { allocation: 5000 })).statusCode).toBe(403);
    expect((await agent.patch(`/v1/dialer/dialer_licenses/${mine.id}`, { paid: true })).statusCode).toBe(403);
    expect((await (await as(keystone('admin'))).patch(`/v1/dialer/dialer_licenses/${mine.id}`, { allocation: 1 })).statusCode).toBe(404);
    // a manager below the payer sees a licence of their downline but does not pay for it
    expect((await (await as('district')).patch(`/v1/dialer/dialer_licenses/${(await licenceOf('field')).id}`, { allocation: 900 })).statusCode).toBe(403);
  });

  it('the payer raises an allocation within the pool; beyond it what is free, in the unit; lowering always works', async () => {
    const { licenceOf } = await harborDialer();
    const manager = await as('manager');
    const agentLicence = await licenceOf('agent');
    // pool 5 × 1000 = 5000; the others hold 2500
    const over = await manager.patch(`/v1/dialer/dialer_licenses/${agentLicence.id}`, { allocation: 2501 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({
      allocation: 'At most 2,500 minutes for this licence: 1,000 of the 5,000 minutes your paid licences give are free. Lower another allocation, or use Order licences for more.',
    });
    const raised = await manager.patch(`/v1/dialer/dialer_licenses/${agentLicence.id}`, { allocation: 2500 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ allocation: 2500, used: 640 });
    expect((await (await as('agent')).get('/v1/users/me')).json().dialer_license).toEqual({ paid: true, allocation: 2500 });
    const district = await licenceOf('district');
    expect((await manager.patch(`/v1/dialer/dialer_licenses/${district.id}`, { allocation: 501 })).json().errors).toEqual({
      allocation: 'At most 500 minutes for this licence: 0 of the 5,000 minutes your paid licences give are free. Lower another allocation, or use Order licences for more.',
    });
    expect(data(await manager.patch(`/v1/dialer/dialer_licenses/${agentLicence.id}`, { allocation: 1500 }))).toMatchObject({ allocation: 1500 });
    expect((await manager.patch(`/v1/dialer/dialer_licenses/${agentLicence.id}`, { allocation: -1 })).json().errors).toEqual({ allocation: 'Allocation cannot be negative' });
    // the paid state follows the money: the payer cannot set it (the same value is no change); an administrator can
    const payerPaid = await manager.patch(`/v1/dialer/dialer_licenses/${district.id}`, { paid: true });
    expect(payerPaid.statusCode).toBe(422);
    expect(payerPaid.json().errors).toEqual({ paid: ORDER_MESSAGES.paidByPayment });
    expect(data(await manager.patch(`/v1/dialer/dialer_licenses/${district.id}`, { allocation: 500, paid: false }))).toMatchObject({ paid: false, allocation: 500 });
    const admin = await as('admin');
    expect(data(await admin.patch(`/v1/dialer/dialer_licenses/${district.id}`, { paid: true }))).toMatchObject({ paid: true });
    expect(data(await admin.patch(`/v1/dialer/dialer_licenses/${district.id}`, { paid: false }))).toMatchObject({ paid: false });
  });

  it('two raises at once cannot both take the last units', async () => {
    const { licenceOf } = await harborDialer();
    const manager = await as('manager');
    const field = await licenceOf('field');
    const tele = await licenceOf('telemarketer');
    // 1000 units are free; each asks for 800 more
    const [a, b] = await Promise.all([
      manager.patch(`/v1/dialer/dialer_licenses/${field.id}`, { allocation: field.allocation + 800 }),
      manager.patch(`/v1/dialer/dialer_licenses/${tele.id}`, { allocation: tele.allocation + 800 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const winner = a.statusCode === 200 ? field : tele;
    await manager.patch(`/v1/dialer/dialer_licenses/${winner.id}`, { allocation: winner.allocation });
  });

  it('orders more licences for the downline (unpaid until the order is paid); outside the downline is refused; an administrator can cancel the order', async () => {
    const { sub } = await harborDialer();
    const manager = await as('manager');
    const outside = await manager.post('/v1/dialer/dialer_licenses_order', { subscription_id: sub.id, user_ids: [await idOf('buadmin')] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.user_ids).toBe(`Licences go only to users in your downline (not user ${await idOf('buadmin')})`);
    const taken = await manager.post('/v1/dialer/dialer_licenses_order', { subscription_id: sub.id, user_ids: [await idOf('agent')] });
    expect(taken.json().errors).toEqual({ user_ids: `User ${await idOf('agent')} already has a licence of this subscription` });
    expect((await (await as('agent')).post('/v1/dialer/dialer_licenses_order', { subscription_id: sub.id, quantity: 1 })).statusCode).toBe(403);

    const res = await manager.post('/v1/dialer/dialer_licenses_order', { subscription_id: sub.id, user_ids: [await idOf('new.agent')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'licenses', quantity: 1, amount_cents: 2900, status: 'pending' });
    // unpaid, the licence gives nothing and the quantity (the pool) is what was paid
    expect(res.json().licenses).toEqual([expect.objectContaining({ user: { id: await idOf('new.agent'), name: 'Robin Ellis' }, allocation: 0, paid: false })]);
    expect(data(await manager.get(`/v1/dialer/dialer_subscriptions/${sub.id}`))).toMatchObject({ quantity: 5, pool: 5000, licenses_count: 5 });
    expect(data(await manager.get(`/v1/dialer/dialer_orders/${res.json().data.id}`))).toMatchObject({ status: 'pending' });

    const admin = await as('admin');
    const cancelled = await admin.post('/v1/admin/dialer/cancel_order', { order_id: res.json().data.id });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    expect(data(await manager.get(`/v1/dialer/dialer_subscriptions/${sub.id}`))).toMatchObject({ quantity: 5, licenses_count: 4 });
    expect((await admin.post('/v1/admin/dialer/cancel_order', { order_id: res.json().data.id })).json().errors).toEqual({
      order_id: ORDER_MESSAGES.notCancellable,
    });
  });
});

describe('orders', () => {
  it('the payer sees their orders, an agent none, another company 404', async () => {
    const manager = await as('manager');
    const orders = (await manager.get('/v1/dialer/dialer_orders')).json();
    expect(orders.data.length).toBeGreaterThanOrEqual(1);
    const first = orders.data.find((o: Row) => o.kind === 'subscription');
    expect(first).toMatchObject({ status: 'paid', amount_cents: 14500, quantity: 5, user: { name: 'Morgan Hayes' } });
    expect(data(await (await as('agent')).get('/v1/dialer/dialer_orders'))).toEqual([]);
    expect((await (await as('agent')).get(`/v1/dialer/dialer_orders/${first.id}`)).statusCode).toBe(404);
    expect((await (await as(keystone('admin'))).get(`/v1/dialer/dialer_orders/${first.id}`)).statusCode).toBe(404);
    expect(data(await manager.get('/v1/dialer/dialer_orders?status=refunded'))).toEqual([]);
  });
});

describe('usage and users/me', () => {
  it('the manager’s usage adds up their licences; an agent sees their own licence', async () => {
    const manager = data(await (await as('manager')).get('/v1/dialer/dialer_subscriptions_usage')) as Record<string, unknown>;
    expect(manager).toMatchObject({ unit: 'minutes', subscription: { type: 'manager', active: true }, allocation: 4000, used: 1760, remaining: 2240 });
    expect((manager.licenses as unknown[]).length).toBe(4);
    const agent = data(await (await as('agent')).get('/v1/dialer/dialer_subscriptions_usage'));
    expect(agent).toMatchObject({ allocation: 1500, used: 640, remaining: 860, licenses: [expect.objectContaining({ used: 640, paid: true })] });
    const sms = data(await (await as('agent')).get('/v1/sms/sms_subscriptions_usage'));
    expect(sms).toMatchObject({ unit: 'segments', allocation: 2000, used: 350 });
    const none = data(await (await as(keystone('rm'))).get('/v1/sms/sms_subscriptions_usage'));
    expect(none).toMatchObject({ subscription: null, allocation: 0, used: 0, licenses: [] });
  });

  it('users/me carries the dialer subscription, its type and licence, and the SMS subscriptions', async () => {
    const me = (await (await as('agent')).get('/v1/users/me')).json();
    expect(me.dialer_subscription).toEqual({ active: true, current_usage: 640 });
    expect(me.dialer_subscription_type).toBe('manager');
    expect(me.dialer_license).toMatchObject({ paid: true });
    expect(me.sms_subscription).toEqual({ id: expect.any(Number), order_type: 'Subscription::ManagerPay' });
    expect(me.company_dialer_subscription).toBeNull();
    const self = (await (await as('secure.agent')).get('/v1/users/me')).json();
    expect(self).toMatchObject({ dialer_subscription: { active: true, current_usage: 75 }, dialer_subscription_type: 'self', sms_subscription: null });
    const none = (await (await as('subadmin')).get('/v1/users/me')).json();
    expect(none).toMatchObject({ dialer_subscription: null, dialer_subscription_type: null, dialer_license: null });
  });
});

describe('admin', () => {
  /** A valid body for each admin endpoint: refusing the caller must not depend on a bad body. */
  const validBody: Record<string, unknown> = {
    createSubscription: { plan_id: 1, type: 'company' },
    activateSubscription: { subscription_id: 1 },
    cancelSubscription: { subscription_id: 1 },
    createOrder: { subscription_id: 1 },
    cancelOrder: { order_id: 1 },
    refundOrder: { order_id: 1 },
    createPlan: { name: 'X', price_cents: 1, units_per_license: 1 },
    updatePlan: { name: 'X' },
  };
  const adminCalls = (p: 'dialer' | 'sms') =>
    Object.entries(adminTelephonyPlanEndpointTables[p]).map(([name, e]) => ({
      method: e.method,
      url: fillPath(e.path, e.path.includes('{id}') ? { id: 1 } : undefined),
      body: validBody[name],
    }));

  it('only administrators reach the admin endpoints of both kinds', async () => {
    for (const who of ['agent', 'manager', 'buadmin']) {
      const client = await as(who);
      for (const p of ['dialer', 'sms'] as const) {
        for (const call of adminCalls(p)) {
          const res = await client.request(call.method, call.url, call.body === undefined ? {} : { body: call.body });
          expect(res.statusCode, `${who} ${call.method} ${call.url}`).toBe(403);
        }
      }
    }
    // and every telephony plan endpoint answers a signed-out caller 401
    const anonymous = new TestAgent(t.app);
    for (const e of Object.values(telephonyPlanEndpointTables.sms).filter((e) => e.method === 'GET')) {
      const url = fillPath(e.path, e.path.includes('{id}') ? { id: 1 } : undefined) + (e.path.endsWith('_active') ? '?type=company' : '');
      const res = await anonymous.request(e.method, url, {});
      expect(res.statusCode, e.path).toBe(401);
    }
  });

  it('plans CRUD, audited; a plan in use is made inactive instead of deleted', async () => {
    const admin = await as('admin');
    const created = await admin.post('/v1/admin/sms/sms_plans', { name: 'SMS Team', price_cents: 4900, units_per_license: 5000 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ product: 'sms', period: 'month', enterprise: false, active: true, unit: 'segments' });
    expect(data(await admin.get(`/v1/admin/sms/sms_plans/${id}`))).toMatchObject({ name: 'SMS Team' });
    expect(data(await admin.patch(`/v1/admin/sms/sms_plans/${id}`, { price_cents: 5900, active: false }))).toMatchObject({ price_cents: 5900, active: false });
    // inactive plans are listed for administrators, not for users
    expect(data(await admin.get('/v1/admin/sms/sms_plans?all=true')).map((p: Row) => p.name)).toContain('SMS Team');
    expect(data(await admin.get('/v1/sms/sms_plans?all=true')).map((p: Row) => p.name)).not.toContain('SMS Team');
    expect((await admin.delete(`/v1/admin/sms/sms_plans/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/v1/admin/sms/sms_plans/${id}`)).statusCode).toBe(404);
    // the dialer's plan is not an SMS plan
    const dialerPlan = (data(await admin.get('/v1/admin/dialer/dialer_plans')) as Row[])[0]!;
    expect((await admin.get(`/v1/admin/sms/sms_plans/${dialerPlan.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/v1/admin/dialer/dialer_plans/${dialerPlan.id}`)).statusCode).toBe(204);
    expect(data(await admin.get(`/v1/admin/dialer/dialer_plans/${dialerPlan.id}`))).toMatchObject({ active: false });
    await admin.patch(`/v1/admin/dialer/dialer_plans/${dialerPlan.id}`, { active: true });
    const bad = await admin.post('/v1/admin/sms/sms_plans', { name: ' ', price_cents: 1.5, units_per_license: -1, period: 'week' });
    expect(bad.json().errors).toMatchObject({
      name: 'Name is required',
      price_cents: 'Price must be whole cents',
      units_per_license: 'Units per licence cannot be negative',
      period: 'Period must be month or year',
    });
    expect((await (await as(keystone('admin'))).get(`/v1/admin/dialer/dialer_plans/${dialerPlan.id}`)).statusCode).toBe(404);
    const audited = (await t.ctx.audit.list({ event: 'product_plan_changed' })).map((a) => a.details as Record<string, unknown>);
    expect(audited.map((d) => d.action)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted', 'deactivated']));
  });

  it('creates an active subscription for a user (paid licences) or refuses a user of another company; cancels; lists', async () => {
    const admin = await as('admin');
    const [starter] = data(await admin.get('/v1/dialer/dialer_plans')) as Row[];
    const noUser = await admin.post('/v1/admin/dialer/subscriptions', { plan_id: starter!.id, type: 'self' });
    expect(noUser.json().errors).toEqual({ user_id: 'User is required' });
    const other = await admin.post('/v1/admin/dialer/subscriptions', { plan_id: starter!.id, type: 'self', user_id: await idOf(keystone('agent')) });
    expect(other.json().errors.user_id).toMatch(/^Licences go only to users in the company/);
    const res = await admin.post('/v1/admin/dialer/subscriptions', { plan_id: starter!.id, type: 'self', user_id: await idOf('telemarketer') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'self', status: 'active', owner: { name: 'Taylor Brooks' } });
    const tele = (await (await as('telemarketer')).get('/v1/users/me')).json();
    expect(tele).toMatchObject({ dialer_subscription_type: 'self', dialer_license: { paid: true, allocation: 1000 } });

    const listed = (await admin.get('/v1/admin/dialer/subscriptions?type=self&status=active')).json();
    expect(listed.data.map((s: Row) => s.owner)).toEqual(expect.arrayContaining([{ id: await idOf('telemarketer'), name: 'Taylor Brooks' }]));
    const cancelled = await admin.post('/v1/admin/dialer/cancel_subscription', { subscription_id: res.json().data.id });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', active: false });
    expect((await (await as('telemarketer')).get('/v1/users/me')).json().dialer_subscription_type).toBe('manager');
  });

  it('orders: create at the plan’s price or a given amount, list by status, cancel pending only', async () => {
    const admin = await as('admin');
    const { sub } = await harborDialer();
    const atPrice = await admin.post('/v1/admin/dialer/orders', { subscription_id: sub.id, quantity: 2 });
    expect(atPrice.json().data).toMatchObject({ kind: 'admin', quantity: 2, amount_cents: 5800, status: 'pending' });
    const given = await admin.post('/v1/admin/dialer/orders', { subscription_id: sub.id, amount_cents: 1234, description: 'Setup fee' });
    expect(given.json().data).toMatchObject({ amount_cents: 1234, description: 'Setup fee' });
    expect((await admin.post('/v1/admin/dialer/orders', { subscription_id: 999999 })).json().errors).toEqual({ subscription_id: 'Subscription not found' });
    const pending = (await admin.get('/v1/admin/dialer/orders?status=pending')).json().data.map((o: Row) => o.id);
    expect(pending).toEqual(expect.arrayContaining([atPrice.json().data.id, given.json().data.id]));
    const paid = (await admin.get('/v1/admin/dialer/orders?status=paid')).json().data as Row[];
    expect((await admin.post('/v1/admin/dialer/cancel_order', { order_id: paid[0]!.id })).statusCode).toBe(422);
    expect(data(await admin.post('/v1/admin/dialer/cancel_order', { order_id: given.json().data.id }))).toMatchObject({ status: 'cancelled' });
    expect((await (await as(keystone('admin'))).post('/v1/admin/dialer/cancel_order', { order_id: atPrice.json().data.id })).statusCode).toBe(404);
  });

  it('usage across the company for a period, most first, with the history of the last months', async () => {
    const admin = await as('admin');
    const res = await admin.get('/v1/admin/dialer/usage');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data[0]).toMatchObject({ user: { name: 'Taylor Brooks' }, used: 1000, allocation: expect.any(Number) });
    expect(body.total_used).toBe(body.data.reduce((n: number, r: { used: number }) => n + r.used, 0));
    expect(body.history).toHaveLength(6);
    expect(body.history.at(-1).used).toBe(body.total_used);
    const searched = await admin.get('/v1/admin/dialer/usage?q=carter');
    expect(searched.statusCode, searched.body).toBe(200);
    expect(data(searched).map((r: { used: number }) => r.used)).toEqual([640]);
    const earlier = (await admin.get(`/v1/admin/dialer/usage?period=${body.history[0].period}`)).json();
    expect(earlier.total_used).toBe(body.history[0].used);
    expect((await admin.get('/v1/admin/dialer/usage?period=2026-13')).json().errors).toEqual({ period: 'Period must be YYYY-MM' });
    expect((await (await as(keystone('admin'))).get('/v1/admin/dialer/usage')).json().total_used).toBe(0);
  });
});
