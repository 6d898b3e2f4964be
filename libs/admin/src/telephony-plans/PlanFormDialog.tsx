import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { TELEPHONY_UNITS, type Plan, type TelephonyKind } from '@crm/contract';
import { FormCheckbox, FormError, FormSelect, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Input, Textarea } from '@crm/ui';
import { adminEndpoint, telephonyPlanKeys } from '../admin-queries';
import { TELEPHONY_LABELS } from './telephony-labels';
import { planBodyOf, planFormSchema, planFormValues, type PlanFormInput, type PlanFormOutput } from './plan-form';

export type PlanFormDialogProps = {
  product: TelephonyKind;
  /** Open while set: 'new' for a new plan, else the plan to change. */
  plan: Plan | 'new' | null;
  onClose(): void;
  /** After a save, with the plan as saved. */
  onSaved(plan: Plan, created: boolean): void;
};

type PlanFormProps = { product: TelephonyKind; plan: Plan | null; onClose(): void; onSaved: PlanFormDialogProps['onSaved'] };

const PERIOD_OPTIONS = [
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

function PlanForm({ product, plan, onClose, onSaved }: PlanFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const unit = TELEPHONY_UNITS[product];
  const form = useApiForm<PlanFormInput, PlanFormOutput>({
    schema: planFormSchema,
    defaultValues: planFormValues(plan),
    onSubmit: async (values) => {
      const body = planBodyOf(values);
      const answer = plan
        ? await client.call(adminEndpoint(product, 'updatePlan'), { params: { id: plan.id }, body })
        : await client.call(adminEndpoint(product, 'createPlan'), { body });
      await queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
      onSaved(answer.data, plan === null);
      onClose();
    },
  });
  const errors = form.formState.errors;

  return (
    <form noValidate onSubmit={form.submit} aria-label={plan ? 'Edit plan' : 'New plan'} className="flex flex-col gap-4">
      <Field label="Name" error={errors.name?.message} required>
        <Input {...form.register('name')} autoComplete="off" />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Textarea {...form.register('description')} rows={3} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Price of a licence (USD)" error={errors.price_cents?.message} required>
          <Input {...form.register('price_cents')} inputMode="decimal" placeholder="29.00" />
        </Field>
        <FormSelect control={form.control} name="period" label="Billed every" options={PERIOD_OPTIONS} required />
      </div>
      <Field label={`${unit.charAt(0).toUpperCase()}${unit.slice(1)} per licence`} description="Each licence's allocation a month" error={errors.units_per_license?.message} required>
        <Input {...form.register('units_per_license')} inputMode="numeric" />
      </Field>
      <FormCheckbox control={form.control} name="enterprise" label="Enterprise plan" description="For company subscriptions only" />
      <FormCheckbox control={form.control} name="active" label="Active" description="Offered to users; an inactive plan keeps its subscriptions" />
      <FormError message={form.formError} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
        <DialogActions type="submit" loading={form.formState.isSubmitting}>
          {plan ? 'Save plan' : `Create ${TELEPHONY_LABELS[product]} plan`}
        </DialogActions>
      </div>
    </form>
  );
}

/** Create or change a dialer or SMS plan (POST or PATCH /v1/admin/{product}/{product}_plans); errors beside their fields. */
export function PlanFormDialog({ product, plan, onClose, onSaved }: PlanFormDialogProps) {
  const editing = plan !== null && plan !== 'new' ? plan : null;
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={editing ? `Edit ${editing.name}` : `New ${TELEPHONY_LABELS[product]} plan`}
    >
      {plan !== null && <PlanForm key={editing?.id ?? 'new'} product={product} plan={editing} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
