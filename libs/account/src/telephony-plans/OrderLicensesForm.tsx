import { useState } from 'react';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { telephonyPlanEndpointTables, type TelephonyKind, type Subscription } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Button, Field, Input, Notice } from '@crm/ui';
import { formatCents } from '@crm/util';
import { telephonyPlanEndpointName, useRefreshTelephonyPlans } from './telephony-plan-queries';

/** The order form's one field, the contract's quantity (required here: the form always names how many; both kinds' tables build the same body). */
const orderSchema = telephonyPlanEndpointTables.dialer.orderLicenses.body.pick({ quantity: true }).required();
type OrderInput = z.input<typeof orderSchema>;
type OrderOutput = z.output<typeof orderSchema>;

export type OrderLicensesFormProps = {
  product: TelephonyKind;
  subscription: Subscription;
};

/**
 * Orders more licences for a manager or company subscription (POST …_licenses_order): the order is
 * charged at the plan's price a licence, and the licences count once it is paid.
 */
export function OrderLicensesForm({ product, subscription }: OrderLicensesFormProps) {
  const client = useApiClient();
  const refresh = useRefreshTelephonyPlans(product);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<OrderInput, OrderOutput>({
    schema: orderSchema,
    defaultValues: { quantity: 1 },
    fields: ['quantity'],
    onSubmit: async (values) => {
      setNotice(null);
      const answer = await client.call(telephonyPlanEndpointName(product, 'orderLicenses'), {
        body: { subscription_id: subscription.id, quantity: values.quantity, user_ids: [] },
      });
      const order = answer.data;
      const count = `${order.quantity} licence${order.quantity === 1 ? '' : 's'}`;
      setNotice(
        order.status === 'paid'
          ? `Ordered ${count} for ${formatCents(order.amount_cents)}: paid.`
          : order.status === 'failed'
            ? `Ordered ${count} for ${formatCents(order.amount_cents)}: the card was declined. Nothing was charged and the order has ended.`
            : `Ordered ${count} for ${formatCents(order.amount_cents)}: waiting for payment. The licences count once it is paid (see Orders).`,
      );
      await refresh();
    },
  });
  const price = formatCents(subscription.plan.price_cents);

  return (
    <form noValidate onSubmit={submit} aria-label="Order more licences" className="flex max-w-md flex-col gap-3">
      <Field label="Licences to add" description={`${price} a licence a ${subscription.plan.period}`} error={errors.quantity?.message} required className="w-48">
        <Input {...register('quantity', { valueAsNumber: true })} inputMode="numeric" autoComplete="off" />
      </Field>
      <FormError message={formError} />
      <Notice message={notice} />
      <div>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Order licences
        </Button>
      </div>
    </form>
  );
}
