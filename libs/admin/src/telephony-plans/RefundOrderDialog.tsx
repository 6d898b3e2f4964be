import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import type { TelephonyKind, TelephonyOrder } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Input, Textarea } from '@crm/ui';
import { formatCents } from '@crm/util';
import { adminEndpoint, telephonyPlanKeys } from '../admin-queries';
import { centsToDollars, requiredDollars } from './money-field';

/** What is left to refund of an order: what it was charged less what was refunded. */
export const refundableCents = (order: Pick<TelephonyOrder, 'amount_cents' | 'refunded_cents'>) => Math.max(0, order.amount_cents - order.refunded_cents);

/** A paid order with something left to refund (the orders list offers Refund on it). */
export const isRefundable = (order: TelephonyOrder) => order.status === 'paid' && refundableCents(order) > 0;

/**
 * What refunding all that is left of an order takes back besides the money (the server does it
 * when the order's refunds reach what it was charged); a part refund keeps what the order bought.
 */
export function fullRefundTakesBack(order: Pick<TelephonyOrder, 'kind' | 'quantity'>): string | null {
  switch (order.kind) {
    case 'licenses':
      return `Refunding all of it also takes back the order's ${order.quantity === 1 ? 'licence' : `${order.quantity} licences`} and what ${order.quantity === 1 ? 'it adds' : 'they add'} to the pool.`;
    case 'plan_change':
      return 'Refunding all of it also puts the subscription back on the plan it had before the change.';
    case 'subscription':
      return 'Refunding all of it also cancels the subscription.';
    default:
      return null;
  }
}

/**
 * The refund form: the amount in dollars (what is left by default; the server refuses more with its
 * message beside the amount) and a reason for the audit log. The fields keep the body's names.
 */
export const refundFormSchema = z.object({
  amount_cents: requiredDollars('Amount'),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters'),
});
type RefundFormInput = z.input<typeof refundFormSchema>;
type RefundFormOutput = z.output<typeof refundFormSchema>;

type FormProps = { product: TelephonyKind; order: TelephonyOrder; onClose(): void; onRefunded(order: TelephonyOrder, refundedCents: number): void };

function RefundForm({ product, order, onClose, onRefunded }: FormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const form = useApiForm<RefundFormInput, RefundFormOutput>({
    schema: refundFormSchema,
    defaultValues: { amount_cents: centsToDollars(refundableCents(order)), reason: '' },
    onSubmit: async ({ amount_cents, reason }) => {
      const answer = await client.call(adminEndpoint(product, 'refundOrder'), {
        body: { order_id: order.id, amount_cents, ...(reason && { reason }) },
      });
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      onRefunded(answer.data, answer.refund.amount_cents);
      onClose();
    },
  });
  const errors = form.formState.errors;
  const takesBack = fullRefundTakesBack(order);
  return (
    <form noValidate onSubmit={form.submit} aria-label={`Refund order #${order.id}`} className="flex flex-col gap-4">
      <Field
        label="Amount (USD)"
        description={`At most ${formatCents(refundableCents(order))}, back to the payer's card`}
        error={errors.amount_cents?.message}
        required
      >
        <Input {...form.register('amount_cents')} inputMode="decimal" autoComplete="off" />
      </Field>
      {takesBack && (
        <p role="note" className="rounded border border-warning px-3 py-2 text-sm">
          {takesBack} A part refund keeps what the order bought.
        </p>
      )}
      <Field label="Reason" description="Kept in the audit log" error={errors.reason?.message}>
        <Textarea {...form.register('reason')} rows={3} maxLength={500} />
      </Field>
      <FormError message={form.formError} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
        <DialogActions type="submit" loading={form.formState.isSubmitting}>
          Refund
        </DialogActions>
      </div>
    </form>
  );
}

export type RefundOrderDialogProps = Omit<FormProps, 'order'> & { order: TelephonyOrder | null };

/** Refund a paid order (POST /v1/admin/{product}/refund_order); it goes back to the card it was charged to. */
export function RefundOrderDialog({ product, order, onClose, onRefunded }: RefundOrderDialogProps) {
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={order ? `Refund order #${order.id}` : ''}
      description={
        order
          ? `Charged ${formatCents(order.amount_cents)}${order.refunded_cents ? `, ${formatCents(order.refunded_cents)} refunded already` : ''}.`
          : undefined
      }
    >
      {order && <RefundForm product={product} order={order} onClose={onClose} onRefunded={onRefunded} />}
    </Dialog>
  );
}
