import type { Core } from '../../core';
import type { BillingService } from '../billing/billing.service';
import type { UsageModule } from '../usage/usage.module';
import { chargeOrdersWith, orderSubject } from './order-charger';
import { subscriptionSubject } from './product-renewals';
import { createProductsRepository } from './products.repository';
import { createProductsService, leavePending } from './products.service';

/**
 * Dialer and SMS plans, subscriptions, licences and orders (one module for both products). With
 * the billing service, each new order is charged to its payer's card on file (order-charger.ts),
 * manager- and self-pay subscriptions renew in its renewals job (product-renewals.ts), and paid
 * orders can be refunded; without it, orders stay pending.
 */
export function createProductsModule(
  { db, audit, identityChanges }: Core,
  { usageRepository }: Pick<UsageModule, 'usageRepository'>,
  billing?: Pick<BillingService, 'chargeSubject' | 'registerSubject' | 'refundSubject'>,
) {
  const productsRepository = createProductsRepository(db, identityChanges);
  let chargeOrder = leavePending;
  if (billing) {
    chargeOrder = chargeOrdersWith({ charge: billing.chargeSubject, settle: productsRepository.settleOrder });
    billing.registerSubject(orderSubject(productsRepository));
    billing.registerSubject(subscriptionSubject(productsRepository));
  }
  return {
    productsRepository,
    products: createProductsService({ products: productsRepository, usage: usageRepository, audit, chargeOrder, ...(billing && { refunds: billing }) }),
  };
}

export type ProductsModule = ReturnType<typeof createProductsModule>;
