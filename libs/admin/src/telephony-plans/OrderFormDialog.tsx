import { Controller } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import type { TelephonyKind, TelephonyOrder } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Input, Select } from '@crm/ui';
import { adminEndpoint, adminSubscriptionsQueryOptions, telephonyPlanKeys } from '../admin-queries';
import { optionalDollars } from './money-field';
import { TELEPHONY_LABELS, subscriptionChoiceLabel } from './telephony-labels';

/** The order form: the amount in dollars, optional (the plan's price times the quantity when empty). */
export const orderFormSchema = z.object({
  subscription_id: z.string().min(1, 'Choose a subscription').transform(Number),
  quantity: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Quantity must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'Quantity must be at least 1').max(10_000, 'Quantity must be at most 10000')),
  amount_cents: optionalDollars('Amount'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
});
type OrderFormInput = z.input<typeof orderFormSchema>;
type OrderFormOutput = z.output<typeof orderFormSchema>;

type FormProps = { product: TelephonyKind; onClose(): void; onCreated(order: TelephonyOrder): void };

function OrderForm({ product, onClose, onCreated }: FormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // the newest live subscriptions to choose from
  const subscriptions = useQuery(adminSubscriptionsQueryOptions(client, product, { active: 'true', page: 1, limit: 100 }));
  const options = (subscriptions.data?.data ?? []).map((s) => ({ value: String(s.id), label: subscriptionChoiceLabel(s) }));
  const form = useApiForm<OrderFormInput, OrderFormOutput>({
    schema: orderFormSchema,
    defaultValues: { subscription_id: '', quantity: '1', amount_cents: '', description: '' },
    onSubmit: async ({ subscription_id, quantity, amount_cents, description }) => {
      const answer = await client.call(adminEndpoint(product, 'createOrder'), {
        body: { subscription_id, quantity, ...(amount_cents !== undefined && { amount_cents }), ...(description && { description }) },
      });
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      onCreated(answer.data);
      onClose();
    },
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.submit} aria-label="New order" className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="subscription_id"
        render={({ field, fieldState }) => (
          <Field label="Subscription" error={fieldState.error?.message} required>
            <Select
              options={options}
              value={field.value}
              placeholder={subscriptions.isPending ? 'Loading subscriptions…' : options.length ? 'Choose a subscription' : 'No active subscriptions'}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </Field>
        )}
      />
      <Field label="Licences" error={errors.quantity?.message} required>
        <Input {...form.register('quantity')} inputMode="numeric" />
      </Field>
      <Field label="Amount (USD)" description="Leave empty for the plan's price times the licences" error={errors.amount_cents?.message}>
        <Input {...form.register('amount_cents')} inputMode="decimal" />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Input {...form.register('description')} autoComplete="off" />
      </Field>
      <FormError message={form.formError} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
        <DialogActions type="submit" loading={form.formState.isSubmitting}>
          Create order
        </DialogActions>
      </div>
    </form>
  );
}

export type OrderFormDialogProps = FormProps & { open: boolean };

/** Create an order for a subscription (POST /v1/admin/{product}/orders); it is charged to the payer's card. */
export function OrderFormDialog({ open, product, onClose, onCreated }: OrderFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={`New ${TELEPHONY_LABELS[product]} order`}
    >
      {open && <OrderForm product={product} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}
