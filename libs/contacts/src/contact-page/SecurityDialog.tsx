import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { createSecurityBody, SECURITY_TYPE_LABELS, SECURITY_TYPES, updateSecurityBody, type Security } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Dialog, DialogActions, Field, Textarea, toast } from '@crm/ui';
import { contactKeys } from '../contacts-queries';
import { InputField } from './InputField';
import { SelectField } from './SelectField';

/** What the form edits, as text; the contract's schema converts it. */
export type SecurityFormValues = {
  security_type: string;
  name: string;
  symbol: string;
  institution: string;
  account_number: string;
  quantity: string;
  value: string;
  as_of_date: string;
  note: string;
};
type SecurityOutput = z.output<typeof updateSecurityBody>;

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function securityFormValues(security?: Security): SecurityFormValues {
  return {
    security_type: security?.security_type ?? '',
    name: security?.name ?? '',
    symbol: text(security?.symbol),
    institution: text(security?.institution),
    // The API shows only a masked number: the field stays empty and an empty field keeps the number.
    account_number: '',
    quantity: text(security?.quantity),
    value: text(security?.value),
    as_of_date: text(security?.as_of_date),
    note: text(security?.note),
  };
}

const TYPE_OPTIONS = SECURITY_TYPES.map((value) => ({ value, label: SECURITY_TYPE_LABELS[value] }));

type SecurityFormProps = {
  contactId: number;
  security?: Security;
  onSaved: () => void;
};

function SecurityForm({ contactId, security, onSaved }: SecurityFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const form = useApiForm<SecurityFormValues, SecurityOutput>({
    schema: (security ? updateSecurityBody : createSecurityBody) as unknown as z.ZodType<SecurityOutput, SecurityFormValues>,
    defaultValues: securityFormValues(security),
    onSubmit: async (values) => {
      if (security) {
        // An empty account number keeps the stored one (the form never sees it unmasked).
        const { account_number, ...rest } = values;
        const body = account_number ? values : rest;
        await client.call('updateSecurity', { params: { id: contactId, securityId: security.id }, body });
      } else {
        await client.call('createSecurity', { params: { id: contactId }, body: values as z.output<typeof createSecurityBody> });
      }
      toast.success('Security saved.');
      await queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'securities') });
      onSaved();
    },
  });
  const { control, register, submit, formError, formState: { errors, isSubmitting } } = form;

  return (
    <form noValidate onSubmit={submit} aria-label={security ? 'Edit security' : 'Add security'} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="security_type" label="Type" options={TYPE_OPTIONS} required />
        <InputField form={form} name="name" label="Name" required />
        <InputField form={form} name="symbol" label="Symbol" />
        <InputField form={form} name="institution" label="Institution" />
        <InputField
          form={form}
          name="account_number"
          label="Account number"
          description={security?.account_number ? `Leave empty to keep ${security.account_number}.` : undefined}
        />
        <InputField form={form} name="quantity" label="Quantity" kind="amount" />
        <InputField form={form} name="value" label="Value" kind="amount" description="In dollars, e.g. 25,000.00" />
        <InputField form={form} name="as_of_date" label="As of" kind="date" />
      </div>
      <Field label="Security note" error={errors.note?.message}>
        <Textarea {...register('note')} rows={3} />
      </Field>
      <FormError message={formError} />
      <div className="flex justify-end gap-2">
        <DialogActions type="submit" loading={isSubmitting}>
          Save security
        </DialogActions>
      </div>
    </form>
  );
}

export type SecurityDialogProps = {
  contactId: number;
  /** The security to edit; a new one when absent. */
  security?: Security;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Add or edit a security in a dialog; what was typed stays when saving fails. */
export function SecurityDialog({ contactId, security, open, onOpenChange }: SecurityDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={security ? 'Edit security' : 'Add security'} size="lg">
      <SecurityForm contactId={contactId} security={security} onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}
