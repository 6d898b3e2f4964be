import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import {
  createPolicyBody,
  POLICY_STATUSES,
  POLICY_TYPE_LABELS,
  POLICY_TYPES,
  PREMIUM_MODES,
  updatePolicyBody,
  type Policy,
} from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Textarea, toast } from '@crm/ui';
import { carriersQueryOptions, contactKeys } from '../contacts-queries';
import { POLICY_STATUS_LABELS, PREMIUM_MODE_LABELS } from './labels';
import { InputField } from './InputField';
import { SelectField } from './SelectField';

/** What the form edits: text for every control; the contract's schema reads and converts it ("1,234.56" is an amount). */
export type PolicyFormValues = {
  carrier_id: string;
  policy_type: string;
  policy_number: string;
  status: string;
  premium: string;
  premium_mode: string;
  face_amount: string;
  application_date: string;
  effective_date: string;
  termination_date: string;
  note: string;
};
type PolicyOutput = z.output<typeof updatePolicyBody>;

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function policyFormValues(policy?: Policy): PolicyFormValues {
  return {
    carrier_id: text(policy?.carrier?.id),
    policy_type: policy?.policy_type ?? '',
    policy_number: text(policy?.policy_number),
    status: policy?.status ?? 'pending',
    premium: text(policy?.premium),
    premium_mode: policy?.premium_mode ?? 'monthly',
    face_amount: text(policy?.face_amount),
    application_date: text(policy?.application_date),
    effective_date: text(policy?.effective_date),
    termination_date: text(policy?.termination_date),
    note: text(policy?.note),
  };
}

const TYPE_OPTIONS = POLICY_TYPES.map((value) => ({ value, label: POLICY_TYPE_LABELS[value] }));
const STATUS_OPTIONS = POLICY_STATUSES.map((value) => ({ value, label: POLICY_STATUS_LABELS[value] }));
const MODE_OPTIONS = PREMIUM_MODES.map((value) => ({ value, label: PREMIUM_MODE_LABELS[value] }));

type PolicyFormProps = {
  contactId: number;
  policy?: Policy;
  onSaved: () => void;
};

function PolicyForm({ contactId, policy, onSaved }: PolicyFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const carriers = useQuery(carriersQueryOptions(client));
  const form = useApiForm<PolicyFormValues, PolicyOutput>({
    schema: (policy ? updatePolicyBody : createPolicyBody) as unknown as z.ZodType<PolicyOutput, PolicyFormValues>,
    defaultValues: policyFormValues(policy),
    onSubmit: async (body) => {
      if (policy) {
        await client.call('updatePolicy', { params: { id: contactId, policyId: policy.id }, body });
      } else {
        await client.call('createPolicy', { params: { id: contactId }, body: body as z.output<typeof createPolicyBody> });
      }
      toast.success('Policy saved.');
      // A placed policy may have made the contact a client.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'policies') }),
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) }),
        queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
      ]);
      onSaved();
    },
  });
  const { control, register, submit, formError, formState: { errors, isSubmitting } } = form;
  const carrierOptions = (carriers.data ?? []).map((carrier) => ({ value: String(carrier.id), label: carrier.name }));

  return (
    <form noValidate onSubmit={submit} aria-label={policy ? 'Edit policy' : 'Add policy'} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="policy_type" label="Policy type" options={TYPE_OPTIONS} required />
        <SelectField control={control} name="carrier_id" label="Carrier" options={carrierOptions} optional />
        <InputField form={form} name="policy_number" label="Policy number" />
        <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
        <InputField form={form} name="premium" label="Premium" kind="amount" description="In dollars, e.g. 1,234.56" />
        <SelectField control={control} name="premium_mode" label="Premium mode" options={MODE_OPTIONS} />
        <InputField form={form} name="face_amount" label="Face amount" kind="amount" />
        <InputField form={form} name="application_date" label="Application date" kind="date" />
        <InputField form={form} name="effective_date" label="Effective date" kind="date" />
        <InputField form={form} name="termination_date" label="Termination date" kind="date" />
      </div>
      <Field label="Policy note" error={errors.note?.message}>
        <Textarea {...register('note')} rows={3} />
      </Field>
      <FormError message={formError} />
      <div className="flex justify-end gap-2">
        <DialogActions type="submit" loading={isSubmitting}>
          Save policy
        </DialogActions>
      </div>
    </form>
  );
}

export type PolicyDialogProps = {
  contactId: number;
  /** The policy to edit; a new one when absent. */
  policy?: Policy;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Add or edit a policy in a dialog; what was typed stays when saving fails. */
export function PolicyDialog({ contactId, policy, open, onOpenChange }: PolicyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={policy ? 'Edit policy' : 'Add policy'} size="lg">
      <PolicyForm contactId={contactId} policy={policy} onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}
