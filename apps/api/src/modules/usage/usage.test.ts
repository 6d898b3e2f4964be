import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVER_ALLOCATION_MESSAGE } from '@crm/contract';
import { seedEmail } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dialerEnabled, quotaVerdict } from '../telephony-plans/telephony-plans.service';
import type { TelephonyPlanState } from '../users/current-user';
import { usagePeriod } from './usage.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userOf = async (key: string) => (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!;
const ledgerRows = async (sourceId: string) =>
  (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from usage_events where source_id = ${sourceId}`)).rows[0]!.n;
const used = async (userId: number, kind: 'call_minutes' | 'sms_segments' = 'call_minutes', at = new Date()) =>
  (await t.ctx.usage.usedBy([userId], kind, usagePeriod(at))).get(userId) ?? 0;

describe('the usage ledger', () => {
  it('a repeated event counts once', async () => {
    const agent = await userOf('new.agent');
    const event = { companyId: agent.companyId, userId: agent.id, vendor: 'twilio', kind: 'call_minutes' as const, sourceId: 'CA-repeat-1', units: 7 };
    expect(await t.ctx.usage.recordUsage(event)).toEqual({ counted: 1 });
    expect(await t.ctx.usage.recordUsage(event)).toEqual({ counted: 0 });
    expect(await t.ctx.usage.recordUsage({ ...event, units: 9 })).toEqual({ counted: 0 });
    expect(await used(agent.id)).toBe(7);
    expect(await ledgerRows('CA-repeat-1')).toBe(1);
  });

  it('repeats arriving at once, or inside one batch, count once', async () => {
    const agent = await userOf('new.agent');
    const before = await used(agent.id, 'sms_segments');
    const event = { companyId: agent.companyId, userId: agent.id, vendor: 'twilio', kind: 'sms_segments' as const, sourceId: 'SM-race-1', units: 3 };
    const results = await Promise.all(Array.from({ length: 8 }, () => t.ctx.usage.recordUsage(event)));
    expect(results.reduce((n, r) => n + r.counted, 0)).toBe(1);
    const batch = await t.ctx.usage.recordUsage([
      { ...event, sourceId: 'SM-batch-1' },
      { ...event, sourceId: 'SM-batch-1' },
      { ...event, sourceId: 'SM-batch-2', units: 2 },
      event,
    ]);
    expect(batch).toEqual({ counted: 2 });
    expect(await used(agent.id, 'sms_segments')).toBe(before + 3 + 3 + 2);
  });

  it("the same id of another kind, or another vendor's, is another event; events count in the month they happened", async () => {
    const agent = await userOf('new.agent');
    const base = { companyId: agent.companyId, userId: agent.id, vendor: 'twilio', sourceId: 'shared-id-1', units: 1 };
    expect((await t.ctx.usage.recordUsage([{ ...base, kind: 'call_minutes' }, { ...base, kind: 'validations' }])).counted).toBe(2);
    expect((await t.ctx.usage.recordUsage({ ...base, vendor: 'phoneburner', kind: 'call_minutes' })).counted).toBe(1);
    expect((await t.ctx.usage.recordUsage({ ...base, kind: 'call_minutes' })).counted).toBe(0);
    const lastYear = new Date(Date.UTC(2025, 0, 15));
    await t.ctx.usage.recordUsage({ ...base, kind: 'call_minutes', sourceId: 'CA-old-1', units: 42, occurredAt: lastYear });
    expect(await used(agent.id, 'call_minutes', lastYear)).toBe(42);
    expect(usagePeriod(lastYear)).toEqual({ key: '2025-01-01', start: new Date('2025-01-01T00:00:00Z'), end: new Date('2025-02-01T00:00:00Z') });
  });

  it('refuses a missing vendor or source id, or units that are not whole and positive', async () => {
    const agent = await userOf('new.agent');
    const base = { companyId: agent.companyId, userId: agent.id, vendor: 'twilio', kind: 'call_minutes' as const };
    await expect(t.ctx.usage.recordUsage({ ...base, vendor: '', sourceId: 'x', units: 1 })).rejects.toThrow('vendor');
    await expect(t.ctx.usage.recordUsage({ ...base, sourceId: '', units: 1 })).rejects.toThrow('source id');
    await expect(t.ctx.usage.recordUsage({ ...base, sourceId: 'x', units: 1.5 })).rejects.toThrow('whole number');
    await expect(t.ctx.usage.recordUsage({ ...base, sourceId: 'x', units: -1 })).rejects.toThrow('whole number');
  });
});

describe("a vendor's call or message, metered by the billing rules (meterVendorEvent)", () => {
  it("a call's seconds count as whole minutes, once per CallSid; a message's segments by its encoding, once per MessageSid", async () => {
    const agent = await userOf('new.agent');
    const who = { companyId: agent.companyId, userId: agent.id, vendor: 'twilio' };
    const minutesBefore = await used(agent.id, 'call_minutes');
    expect(await t.ctx.usage.meterVendorEvent({ ...who, vendorId: 'CA-meter-1', callSeconds: 61 })).toEqual({ units: 2, counted: true });
    expect(await t.ctx.usage.meterVendorEvent({ ...who, vendorId: 'CA-meter-1', callSeconds: 61 })).toEqual({ units: 2, counted: false });
    expect(await t.ctx.usage.meterVendorEvent({ ...who, vendorId: 'CA-meter-2', callSeconds: 0 })).toEqual({ units: 0, counted: true });
    expect(await used(agent.id, 'call_minutes')).toBe(minutesBefore + 2);
    const segmentsBefore = await used(agent.id, 'sms_segments');
    expect(await t.ctx.usage.meterVendorEvent({ ...who, vendorId: 'SM-meter-1', messageBody: 'a'.repeat(161) })).toEqual({ units: 2, counted: true });
    expect(await t.ctx.usage.meterVendorEvent({ ...who, vendorId: 'SM-meter-2', messageBody: 'Your quote is ready 👍' })).toEqual({ units: 1, counted: true });
    expect(await used(agent.id, 'sms_segments')).toBe(segmentsBefore + 3);
  });
});

describe('the quota rule (spec part 1 §5)', () => {
  const state = (sub: Partial<NonNullable<TelephonyPlanState['subscription']>> | null, usedUnits = 0): TelephonyPlanState => ({
    companySubscriptionId: null,
    subscription: sub && { id: 1, type: 'manager', active: true, allocation: 100, paid: true, ...sub },
    used: usedUnits,
  });
  const over = { ok: false, result: 'Over minutes allocated', message: OVER_ALLOCATION_MESSAGE };

  it('as a rule', () => {
    expect(quotaVerdict(true, state(null))).toEqual({ ok: true });
    expect(quotaVerdict(true, state({ paid: false }, 500))).toEqual({ ok: true });
    expect(quotaVerdict(false, state({}, 99))).toEqual({ ok: true });
    expect(quotaVerdict(false, state({}, 100))).toEqual(over);
    expect(quotaVerdict(false, state({}, 101))).toEqual(over);
    expect(quotaVerdict(false, state({ paid: false }, 0))).toEqual(over);
    expect(quotaVerdict(false, state({ type: 'company', paid: false }, 0))).toEqual(over);
    expect(quotaVerdict(false, state({ type: 'self', paid: false }, 10_000))).toEqual({ ok: true });
    expect(quotaVerdict(false, state({ active: false }))).toMatchObject({ ok: false, result: 'No active subscription' });
    expect(quotaVerdict(false, state(null))).toMatchObject({ ok: false });
    // SMS counts segments: the spec's sentence with SMS's unit
    expect(quotaVerdict(false, state({}, 100), 'sms')).toEqual({ ...over, message: 'Please request additional segments from your manager.' });
  });

  it('for the seeded users, and as usage is recorded', async () => {
    const quota = async (key: string) => {
      const user = await userOf(key);
      return t.ctx.telephonyPlans.quota(user, 'dialer');
    };
    expect(await quota('agent')).toEqual({ ok: true });
    expect(await quota('telemarketer')).toEqual(over); // 1000 of 1000 minutes used
    expect(await quota('district')).toEqual(over); // unpaid licence
    expect(await quota('secure.agent')).toEqual({ ok: true }); // self-pay
    expect(await quota('subadmin')).toMatchObject({ ok: false, result: 'No active subscription' });

    const field = await userOf('field'); // 120 of 1000
    await t.ctx.usage.recordUsage({ companyId: field.companyId, userId: field.id, vendor: 'twilio', kind: 'call_minutes', sourceId: 'CA-field-big', units: 879 });
    expect(await quota('field')).toEqual({ ok: true });
    await t.ctx.usage.recordUsage({ companyId: field.companyId, userId: field.id, vendor: 'twilio', kind: 'call_minutes', sourceId: 'CA-field-last', units: 1 });
    expect(await quota('field')).toEqual(over);
    await t.ctx.usage.recordUsage({ companyId: field.companyId, userId: field.id, vendor: 'twilio', kind: 'call_minutes', sourceId: 'CA-field-last', units: 1 });
    expect(await used(field.id)).toBe(1000);

    // profile dialer_enabled passes whatever the licence says
    const tele = await userOf('telemarketer');
    await t.ctx.usersRepository.update(tele.id, { dialerEnabled: true });
    expect(await quota('telemarketer')).toEqual({ ok: true });
    await t.ctx.usersRepository.update(tele.id, { dialerEnabled: false });
  });

  it('the dialer-enabled rule: account gates, a verified number, and a subscription or the profile flag', () => {
    const user = { changePassword: false, twoFaRequired: false, otpEnabled: false, dialerVerifiedPhoneNumber: '+15555550100', dialerEnabled: false };
    expect(dialerEnabled(user, state({}))).toBe(true);
    expect(dialerEnabled(user, state({ paid: false }))).toBe(false);
    expect(dialerEnabled(user, state({ type: 'self', paid: false }))).toBe(true);
    expect(dialerEnabled(user, state({ active: false }))).toBe(false);
    expect(dialerEnabled({ ...user, dialerEnabled: true }, state(null))).toBe(true);
    expect(dialerEnabled({ ...user, dialerVerifiedPhoneNumber: null }, state({}))).toBe(false);
    expect(dialerEnabled({ ...user, changePassword: true }, state({}))).toBe(false);
    expect(dialerEnabled({ ...user, twoFaRequired: true }, state({}))).toBe(false);
    expect(dialerEnabled({ ...user, twoFaRequired: true, otpEnabled: true }, state({}))).toBe(true);
  });
});
