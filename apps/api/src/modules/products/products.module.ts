import type { Core } from '../../core';
import type { UsageModule } from '../usage/usage.module';
import { createProductsRepository } from './products.repository';
import { createProductsService, leavePending, type OrderCharger } from './products.service';

/**
 * Dialer and SMS plans, subscriptions, licences and orders (one module for both products).
 * `chargeOrder` is where a new order is handed to the payments step; without one, orders stay pending.
 */
export function createProductsModule({ db, audit }: Core, { usageRepository }: Pick<UsageModule, 'usageRepository'>, chargeOrder: OrderCharger = leavePending) {
  const productsRepository = createProductsRepository(db);
  return {
    productsRepository,
    products: createProductsService({ products: productsRepository, usage: usageRepository, audit, chargeOrder }),
  };
}

export type ProductsModule = ReturnType<typeof createProductsModule>;
