import type { Core } from '../../core';
import type { AccountNoticesModule } from '../account-notices/account-notices.module';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';

/**
 * The renewals job (main.ts queues it every RENEWALS_EVERY_MINUTES): charges the account plans,
 * and the dialer and SMS subscriptions, whose paid period ended, and retries declined ones on the
 * dunning schedule (renewals.ts). Its name predates the dialer and SMS renewals.
 */
export const ACCOUNT_RENEWALS_JOB = 'account-plan-renewals';
export const RENEWALS_EVERY_MINUTES = 15;

/** The product's own account: plans, card on file, paid period, history; the payment vendor's events reconcile it. */
export function createBillingModule(
  { db, usersRepository: users, payments, audit, webhooks, jobs }: Core,
  { notices }: Partial<Pick<AccountNoticesModule, 'notices'>> = {},
) {
  const billingRepository = createBillingRepository(db);
  const billing = createBillingService({ repo: billingRepository, users, payments, audit, ...(notices && { notices }) });
  // the payment vendor's events, each read back and put in the product's words by its adapter
  webhooks.handle(payments.vendor, async (event) => {
    const read = await payments.readEvent(event);
    if (read) await billing.paymentEvent(read);
  });
  jobs.define<{ at?: string }>({
    name: ACCOUNT_RENEWALS_JOB,
    keyed: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    run: async (_data, job) => {
      await billing.renewDue(new Date(), `job:${job.id}`);
    },
  });
  return { billingRepository, billing };
}
