import { formatPeriod } from '@crm/util';
import type { ChargeSubject } from '../billing/renewals';
import { subjectId } from '../billing/renewals';
import type { TelephonyPlansRepository } from './telephony-plans.repository';
import { periodEnd } from './telephony-plans.service';

/**
 * Dialer and SMS subscriptions in the billing renewals job (one engine with the account plan's):
 * a manager- or self-pay subscription is charged to its owner's card for each period, the plan's
 * price times its licences (a downgrade scheduled for the period's end applied first). Paid, it moves on to that period; its renewal's last try declined, it
 * lapses (inactive). Company subscriptions are not charged here (an administrator runs them).
 */
export function subscriptionSubject(repo: Pick<TelephonyPlansRepository, 'dueRenewals' | 'renewSubscription' | 'lapseSubscription' | 'applyScheduledPlans'>): ChargeSubject {
  return {
    prefix: 'subscription',
    async due(now, limit) {
      // a downgrade scheduled for a period's end takes effect first: the next period is the new plan's
      await repo.applyScheduledPlans(now);
      return (await repo.dueRenewals(now, limit))
        .filter((s) => s.ownerId !== null && s.plan.priceCents * s.quantity > 0)
        .map((s) => {
          const start = s.currentPeriodEnd;
          const end = periodEnd(start, s.plan.period);
          return {
            subject: `subscription:${s.id}`,
            payerId: s.ownerId as number,
            amountCents: s.plan.priceCents * s.quantity,
            currency: 'usd',
            description: `${s.plan.name} renewal, ${s.quantity} licence${s.quantity === 1 ? '' : 's'} (${formatPeriod(start, end)})`,
            planId: null,
            periodStart: start,
            periodEnd: end,
          };
        });
    },
    paid: async (charge) => {
      if (charge.periodStart && charge.periodEnd) await repo.renewSubscription(subjectId(charge.subject), charge.periodStart, charge.periodEnd);
    },
    lapse: async (failure) => {
      if (failure.periodStart) await repo.lapseSubscription(subjectId(failure.subject), failure.periodStart);
    },
  };
}
