import { Controller } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { subscriptionType, SUBSCRIPTION_TYPES, type TelephonyKind, type Subscription } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Input, Select } from '@crm/ui';
import { adminEndpoint, adminPlansQueryOptions, telephonyPlanKeys } from '../admin-queries';
import { TELEPHONY_LABELS, planPriceText, SUBSCRIPTION_TYPE_LABELS } from './telephony-labels';
import { UserPicker } from './UserPicker';

const wholeNumber = (label: string, min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(10_000, `${label} must be at most 10000`));

/** The subscription form: a company subscription has no user; a self subscription is one licence. */
export const subscriptionFormSchema = z
  .object({
    type: subscriptionType,
    plan_id: z.string().min(1, 'Choose a plan').transform(Number),
    user_id: z.string(),
    quantity: wholeNumber('Quantity', 1),
  })
  .superRefine((values, ctx) => {
    if (values.type !== 'company' && !values.user_id) ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Choose a user' });
  });
type SubscriptionFormInput = z.input<typeof subscriptionFormSchema>;
type SubscriptionFormOutput = z.output<typeof subscriptionFormSchema>;

const TYPE_OPTIONS = SUBSCRIPTION_TYPES.map((type) => ({ value: type, label: SUBSCRIPTION_TYPE_LABELS[type] }));

type FormProps = { product: TelephonyKind; onClose(): void; onCreated(subscription: Subscription): void };

function SubscriptionForm({ product, onClose, onCreated }: FormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const plans = useQuery(adminPlansQueryOptions(client, product, { all: 'true', page: 1, limit: 200 }));
  const form = useApiForm<SubscriptionFormInput, SubscriptionFormOutput>({
    schema: subscriptionFormSchema,
    fields: ['type', 'plan_id', 'user_id', 'quantity'],
    defaultValues: { type: 'manager', plan_id: '', user_id: '', quantity: '1' },
    onSubmit: async ({ type, plan_id, user_id, quantity }) => {
      const answer = await client.call(adminEndpoint(product, 'createSubscription'), {
        body: { type, plan_id, quantity: type === 'self' ? 1 : quantity, ...(type !== 'company' && { user_id: Number(user_id) }) },
      });
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      onCreated(answer.data);
      onClose();
    },
  });
  const type = form.watch('type');
  // enterprise plans are for company subscriptions only; inactive plans are not offered
  const planOptions = (plans.data?.data ?? [])
    .filter((plan) => plan.active && (type === 'company' || !plan.enterprise))
    .map((plan) => ({ value: String(plan.id), label: `${plan.name} (${planPriceText(plan)})` }));

  return (
    <form noValidate onSubmit={form.submit} aria-label="New subscription" className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="type"
        render={({ field, fieldState }) => (
          <Field label="Who pays" error={fieldState.error?.message} required>
            <Select options={TYPE_OPTIONS} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="plan_id"
        render={({ field, fieldState }) => (
          <Field label="Plan" error={fieldState.error?.message} required>
            <Select
              options={planOptions}
              value={field.value}
              placeholder={plans.isPending ? 'Loading plans…' : planOptions.length ? 'Choose a plan' : 'No plans to choose'}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </Field>
        )}
      />
      {type !== 'company' && (
        <Controller
          control={form.control}
          name="user_id"
          render={({ field, fieldState }) => (
            <UserPicker label={type === 'self' ? 'User' : 'Manager who pays'} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      )}
      {type !== 'self' && (
        <Field label="Licences" error={form.formState.errors.quantity?.message} required>
          <Input {...form.register('quantity')} inputMode="numeric" />
        </Field>
      )}
      <FormError message={form.formError} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
        <DialogActions type="submit" loading={form.formState.isSubmitting}>
          Create subscription
        </DialogActions>
      </div>
    </form>
  );
}

export type SubscriptionFormDialogProps = FormProps & { open: boolean };

/** Create an active subscription for a user or for the company (POST /v1/admin/{product}/subscriptions). */
export function SubscriptionFormDialog({ open, product, onClose, onCreated }: SubscriptionFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={`New ${TELEPHONY_LABELS[product]} subscription`}
      description="It is active at once; its licences are paid."
    >
      {open && <SubscriptionForm product={product} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}
