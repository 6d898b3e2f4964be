import { HttpError } from '../../lib/http-errors';
import type { BillingService } from '../billing/billing.service';
import { subjectId, type ChargeSubject } from '../billing/renewals';
import type { OrderRecord, TelephonyPlansRepository } from './telephony-plans.repository';
import type { OrderCharger } from './telephony-plans.service';

/**
 * Charges a dialer or SMS order (a user's, or one an administrator made) to its payer's card on
 * file through the billing service (billing.chargeSubject: the account history's pending row under
 * the order's own idempotency key, then the PaymentsProvider); the outcome settles the order
 * (orderSubject), and only then does it change what it pays for. An order stays pending when there
 * is nothing to charge it to yet (no card on file: 'no_card'), when the vendor did not answer
 * ('unanswered'), or while the payer's bank waits for them to authenticate (the payer present:
 * `authenticate`, the client secret; the webhook settles it); charging it again later (the
 * payer's Pay) is safe. Only the payer's own Pay is on-session; placing an order charges the card
 * on file off-session, as a renewal does.
 */
export function chargeOrdersWith({ charge, settle }: { charge: BillingService['chargeSubject']; settle: TelephonyPlansRepository['settleOrder'] }): OrderCharger {
  return async (order: OrderRecord, { customerPresent = false } = {}) => {
    if (order.status !== 'pending' || order.userId === null) return;
    if (order.amountCents === 0) {
      await settle(order.id, { status: 'paid', paymentReference: null });
      return;
    }
    const what = (order.kind === 'admin' || order.kind === 'plan_change') && order.description ? order.description : `${order.quantity} licence${order.quantity === 1 ? '' : 's'}`;
    const row = await charge(
      {
        userId: order.userId,
        subject: `order:${order.id}`,
        idempotencyKey: `product-order-${order.id}`,
        amountCents: order.amountCents,
        currency: 'usd',
        description: `${order.product === 'sms' ? 'SMS' : 'Dialer'} order ${order.id} (${what})`,
        customerPresent,
      },
      null,
    ).catch((error: unknown) => {
      // the vendor unreachable, or refusing the request: the order stays pending
      if (!(error instanceof HttpError)) throw error;
      return 'unanswered' as const;
    });
    if (row === null) return 'no_card';
    if (row !== 'unanswered' && row.authenticate) return { authenticate: row.authenticate.clientSecret };
    if (row === 'unanswered' || row.status === 'pending') return 'unanswered';
  };
}

/** What an order's payment does to it: paid or failed (settleOrder, once), and its refunds. */
export function orderSubject(repo: Pick<TelephonyPlansRepository, 'settleOrder' | 'setOrderRefunded'>): ChargeSubject {
  return {
    prefix: 'order',
    paid: async (charge) => {
      await repo.settleOrder(subjectId(charge.subject), { status: 'paid', paymentReference: charge.paymentIntentId });
    },
    declined: async (failure) => {
      await repo.settleOrder(subjectId(failure.subject), { status: 'failed', paymentReference: failure.paymentIntentId });
    },
    refunded: (charge, cents) => repo.setOrderRefunded(subjectId(charge.subject), cents),
  };
}
