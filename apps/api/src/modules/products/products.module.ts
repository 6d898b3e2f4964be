import type { Core } from '../../core';
import type { BillingService } from '../billing/billing.service';
import type { UsageModule } from '../usage/usage.module';
import { chargeOrdersWith } from './order-charger';
import { createProductsRepository } from './products.repository';
import { createProductsService, leavePending } from './products.service';

/**
 * Dialer and SMS plans, subscriptions, licences and orders (one module for both products). With
 * the billing service, each new order is charged to its payer's card on file (order-charger.ts);
 * without it, orders stay pending.
 */
export function createProductsModule(
  { db, audit, payments }: Core,
  { usageRepository }: Pick<UsageModule, 'usageRepository'>,
  billing?: Pick<BillingService, 'chargeableCard'>,
) {
  const productsRepository = createProductsRepository(db);
  const chargeOrder = billing
    ? chargeOrdersWith({ payments, cardOf: (userId) => billing.chargeableCard(userId), settle: productsRepository.settleOrder })
    : leavePending;
  return {
    productsRepository,
    products: createProductsService({ products: productsRepository, usage: usageRepository, audit, chargeOrder }),
  };
}

export type ProductsModule = ReturnType<typeof createProductsModule>;
