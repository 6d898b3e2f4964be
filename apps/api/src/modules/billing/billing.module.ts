import type { Core } from '../../core';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';

/** The product's own account: plans, card on file, paid period, history; Stripe's events reconcile it. */
export function createBillingModule({ db, usersRepository: users, payments, audit, webhooks }: Core) {
  const billingRepository = createBillingRepository(db);
  const billing = createBillingService({ repo: billingRepository, users, payments, audit });
  webhooks.handle('stripe', (event) => billing.webhook(event));
  return { billingRepository, billing };
}
