import type { Core } from '../../core';
import type { BillingService } from '../billing/billing.service';
import type { UsageModule } from '../usage/usage.module';
import { chargeOrdersWith, orderSubject } from './order-charger';
import { subscriptionSubject } from './telephony-plan-renewals';
import { createTelephonyPlansRepository } from './telephony-plans.repository';
import { createTelephonyPlansService, leavePending } from './telephony-plans.service';

/**
 * Dialer and SMS plans, subscriptions, licences and orders (one module for both kinds). With
 * the billing service, each new order is charged to its payer's card on file (order-charger.ts),
 * manager- and self-pay subscriptions renew in its renewals job (telephony-plan-renewals.ts), and paid
 * orders can be refunded; without it, orders stay pending.
 */
export function createTelephonyPlansModule(
  { db, audit, identityChanges }: Core,
  { usageRepository }: Pick<UsageModule, 'usageRepository'>,
  billing?: Pick<BillingService, 'chargeSubject' | 'registerSubject' | 'refundSubject'>,
) {
  const telephonyPlansRepository = createTelephonyPlansRepository(db, identityChanges);
  let chargeOrder = leavePending;
  if (billing) {
    chargeOrder = chargeOrdersWith({ charge: billing.chargeSubject, settle: telephonyPlansRepository.settleOrder });
    billing.registerSubject(orderSubject(telephonyPlansRepository));
    billing.registerSubject(subscriptionSubject(telephonyPlansRepository));
  }
  return {
    telephonyPlansRepository,
    telephonyPlans: createTelephonyPlansService({ repo: telephonyPlansRepository, usage: usageRepository, audit, chargeOrder, ...(billing && { refunds: billing }) }),
  };
}

export type TelephonyPlansModule = ReturnType<typeof createTelephonyPlansModule>;
