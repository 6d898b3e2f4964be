import type { TelephonyKind } from '@crm/contract';
import type { TelephonyPlansRepository } from '../modules/telephony-plans/telephony-plans.repository';
import { periodEnd } from '../modules/telephony-plans/telephony-plans.service';
import type { LedgerEvent, UsageKind, UsageRepository } from '../modules/usage/usage.repository';
import { usagePeriod } from '../modules/usage/usage.service';
import { seededRandom } from './seed-contacts';

export type DemoTelephonyPlanRepositories = { telephonyPlans: TelephonyPlansRepository; usage: UsageRepository };

/** Every demo company's dialer and SMS catalogue (prices in cents a licence a month). */
export const DEMO_PLANS: { product: TelephonyKind; name: string; description: string; priceCents: number; unitsPerLicense: number; enterprise?: true }[] = [
  { product: 'dialer', name: 'Dialer Starter', description: '1,000 minutes a licence each month', priceCents: 2900, unitsPerLicense: 1000 },
  { product: 'dialer', name: 'Dialer Pro', description: '3,000 minutes a licence each month', priceCents: 5900, unitsPerLicense: 3000 },
  { product: 'dialer', name: 'Dialer Enterprise', description: 'Company-wide dialing, 5,000 minutes a licence', priceCents: 7900, unitsPerLicense: 5000, enterprise: true },
  { product: 'sms', name: 'SMS Starter', description: '2,000 segments a licence each month', priceCents: 1900, unitsPerLicense: 2000 },
  { product: 'sms', name: 'SMS Pro', description: '6,000 segments a licence each month', priceCents: 3900, unitsPerLicense: 6000 },
  { product: 'sms', name: 'SMS Enterprise', description: 'Company-wide texting, 10,000 segments a licence', priceCents: 5900, unitsPerLicense: 10000, enterprise: true },
];

/** Harbor's manager-pay licences (allocation, paid) and this month's usage per seeded user key. */
const HARBOR_DIALER_LICENSES: { key: string; allocation: number; paid: boolean; used: number }[] = [
  { key: 'agent', allocation: 1500, paid: true, used: 640 },
  { key: 'telemarketer', allocation: 1000, paid: true, used: 1000 },
  { key: 'field', allocation: 1000, paid: true, used: 120 },
  { key: 'district', allocation: 500, paid: false, used: 0 },
];
const HARBOR_SMS_LICENSES: { key: string; allocation: number; paid: boolean; used: number }[] = [
  { key: 'agent', allocation: 2000, paid: true, used: 350 },
  { key: 'telemarketer', allocation: 2000, paid: true, used: 90 },
];
/** The self-pay agent: Harbor's agent with two-factor, on Dialer Starter. */
const SELF_PAY = { key: 'secure.agent', used: 75 };

/** Splits `total` units into events of a few units each (calls of 1–12 minutes, texts of 1–3 segments). */
function events(userId: number, companyId: number, kind: UsageKind, total: number, month: Date, tag: string): LedgerEvent[] {
  const random = seededRandom(tag);
  const out: LedgerEvent[] = [];
  const period = usagePeriod(month);
  const days = Math.max(1, Math.min(28, Math.floor((Math.min(Date.now(), period.end.getTime()) - period.start.getTime()) / 86_400_000)));
  let left = total;
  for (let i = 0; left > 0; i += 1) {
    const units = Math.min(left, 1 + Math.floor(random() * (kind === 'call_minutes' ? 12 : 3)));
    left -= units;
    const occurredAt = new Date(period.start.getTime() + Math.floor(random() * days) * 86_400_000 + Math.floor(random() * 8 + 9) * 3_600_000);
    out.push({ companyId, userId, vendor: 'seed', kind, sourceId: `seed-${tag}-${i}`, units, period: period.key, occurredAt });
  }
  return out;
}

/**
 * The demo companies' plans, and in Harbor a manager-pay dialer and SMS subscription of the
 * manager with licences for their downline and some usage (this month and the five before), and a
 * self-pay agent. Runs once a company (skipped when it has plans).
 */
export async function seedDemoTelephonyPlans(
  { telephonyPlans, usage }: DemoTelephonyPlanRepositories,
  company: { companyId: number; users: { id: number; key: string }[] },
  harbor: boolean,
): Promise<void> {
  const existing = await telephonyPlans.listPlans({ companyId: company.companyId, product: 'dialer', activeOnly: false, words: [], order: 'asc', page: 1, limit: 1 });
  if (existing.total > 0) return;
  const plans = new Map<string, Awaited<ReturnType<TelephonyPlansRepository['insertPlan']>>>();
  for (const p of DEMO_PLANS) {
    plans.set(
      p.name,
      await telephonyPlans.insertPlan({ companyId: company.companyId, product: p.product, name: p.name, description: p.description, priceCents: p.priceCents, period: 'month', unitsPerLicense: p.unitsPerLicense, enterprise: Boolean(p.enterprise) }),
    );
  }
  if (!harbor) return;
  const id = (key: string) => company.users.find((u) => u.key === key)?.id;
  const managerId = id('manager');
  if (managerId === undefined) return;
  const start = usagePeriod().start;
  const ledger: LedgerEvent[] = [];

  const subscribe = async (product: TelephonyKind, planName: string, type: 'manager' | 'self', ownerId: number, quantity: number, holders: { userId: number; allocation: number; paid: boolean }[]) => {
    const plan = plans.get(planName);
    if (!plan) throw new Error(`No seed plan ${planName}`);
    const { orderId } = await telephonyPlans.createSubscription(
      { companyId: company.companyId, product, type, ownerId, planId: plan.id, status: 'pending', quantity, currentPeriodStart: start, currentPeriodEnd: periodEnd(start, 'month') },
      holders,
      { userId: ownerId, quantity, amountCents: plan.priceCents * quantity },
    );
    if (orderId !== null) await telephonyPlans.settleOrder(orderId, { status: 'paid', paymentReference: `seed_${product}_${type}_${ownerId}` });
  };

  const licensed = (list: typeof HARBOR_DIALER_LICENSES) =>
    list.flatMap((l) => {
      const userId = id(l.key);
      return userId === undefined ? [] : [{ userId, allocation: l.allocation, paid: l.paid, used: l.used, key: l.key }];
    });
  const dialer = licensed(HARBOR_DIALER_LICENSES);
  await subscribe('dialer', 'Dialer Starter', 'manager', managerId, 5, dialer.map(({ userId, allocation }) => ({ userId, allocation, paid: true })));
  const sms = licensed(HARBOR_SMS_LICENSES);
  await subscribe('sms', 'SMS Starter', 'manager', managerId, 3, sms.map(({ userId, allocation }) => ({ userId, allocation, paid: true })));
  // The unpaid licence: the manager has not paid the district manager's seat yet.
  const unpaid = await telephonyPlans.listLicenses({ companyId: company.companyId, product: 'dialer', words: [], page: 1, limit: null });
  for (const l of unpaid.rows) {
    const seed = dialer.find((d) => d.userId === l.userId);
    if (seed && !seed.paid) await telephonyPlans.updateLicense(l, { paid: false }, () => true);
  }
  const selfId = id(SELF_PAY.key);
  if (selfId !== undefined) await subscribe('dialer', 'Dialer Starter', 'self', selfId, 1, [{ userId: selfId, allocation: 1000, paid: true }]);

  const month = (back: number) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - back, 1));
  for (const l of dialer) {
    ledger.push(...events(l.userId, company.companyId, 'call_minutes', l.used, start, `dialer-${l.key}`));
    for (let back = 1; back <= 5; back += 1) {
      ledger.push(...events(l.userId, company.companyId, 'call_minutes', Math.round(l.allocation * (0.35 + 0.1 * back)), month(back), `dialer-${l.key}-${back}`));
    }
  }
  for (const l of sms) ledger.push(...events(l.userId, company.companyId, 'sms_segments', l.used, start, `sms-${l.key}`));
  if (selfId !== undefined) ledger.push(...events(selfId, company.companyId, 'call_minutes', SELF_PAY.used, start, 'dialer-self'));
  for (let i = 0; i < ledger.length; i += 500) await usage.append(ledger.slice(i, i + 500));
}
