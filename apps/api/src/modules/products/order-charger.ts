import { PaymentDeclined, type PaymentsProvider } from '../../providers/payments/payments.provider';
import type { OrderRecord, ProductsRepository } from './products.repository';
import type { OrderCharger } from './products.service';

type Deps = {
  payments: Pick<PaymentsProvider, 'charge'>;
  /** The payer's customer and saved card (billing.chargeableCard); null while none is on file. */
  cardOf: (userId: number) => Promise<{ customerId: string; paymentMethodId: string } | null>;
  settle: ProductsRepository['settleOrder'];
};

/**
 * Charges a dialer or SMS order to its payer's card on file through the PaymentsProvider, under
 * the order's own idempotency key (a retry charges nothing more), and settles it: paid with the
 * payment's id, or failed when the card is refused. An order stays pending when there is nothing
 * to charge it to yet (no card on file, an administrator's order for the company) or when the
 * vendor did not answer; charging it again later is safe.
 */
export function chargeOrdersWith({ payments, cardOf, settle }: Deps): OrderCharger {
  return async (order: OrderRecord) => {
    if (order.status !== 'pending' || order.kind === 'admin' || order.userId === null) return;
    if (order.amountCents === 0) {
      await settle(order.id, { status: 'paid', paymentReference: null });
      return;
    }
    const card = await cardOf(order.userId);
    if (!card) return;
    try {
      const charge = await payments.charge({
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        amountCents: order.amountCents,
        currency: 'usd',
        description: `${order.product === 'sms' ? 'SMS' : 'Dialer'} order ${order.id} (${order.quantity} licence${order.quantity === 1 ? '' : 's'})`,
        idempotencyKey: `product-order-${order.id}`,
        metadata: { product_order_id: String(order.id), product: order.product },
      });
      await settle(order.id, { status: 'paid', paymentReference: charge.id });
    } catch (error) {
      if (error instanceof PaymentDeclined) await settle(order.id, { status: 'failed', paymentReference: error.paymentIntentId });
      // anything else (the vendor unreachable): the order stays pending
    }
  };
}
