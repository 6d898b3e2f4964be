import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { medicareImportContact, type Contact } from '@crm/contract';
import { FormError, useApiForm } from '@crm/session';
import { Button, Dialog, DialogActions, toast } from '@crm/ui';
import { formatDate } from '@crm/util';
import { contactKeys } from '../contacts-queries';
import { GENDER_OPTIONS } from '../labels';
import { InputField } from './InputField';
import { SelectField } from './SelectField';

/** The object inside the endpoint's optional body. */
const medicareSchema = medicareImportContact.body.unwrap().unwrap();
type MedicareValues = {
  date_of_birth: string;
  zip: string;
  gender: string;
  medicare_number: string;
  part_a_date: string;
  part_b_date: string;
};
type MedicareOutput = z.output<typeof medicareSchema>;

function MedicareForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const form = useApiForm<MedicareValues, MedicareOutput>({
    schema: medicareSchema as unknown as z.ZodType<MedicareOutput, MedicareValues>,
    defaultValues: {
      date_of_birth: contact.date_of_birth ?? '',
      zip: contact.zip ?? '',
      gender: contact.gender ?? '',
      medicare_number: contact.medicare_number ?? '',
      part_a_date: contact.part_a_date ?? '',
      part_b_date: contact.part_b_date ?? '',
    },
    onSubmit: async ({ medicare_number, ...rest }) => {
      // An empty Medicare number is left alone rather than sent as ''.
      const body = medicare_number?.trim() ? { ...rest, medicare_number } : rest;
      const answer = await client.call('medicareImportContact', { params: { id: contact.id }, body });
      queryClient.setQueryData(contactKeys.detail(contact.id), answer);
      toast.success('The contact is ready for a Medicare quote.');
      onDone();
    },
  });
  const { control, submit, formError, formState: { isSubmitting } } = form;
  return (
    <form noValidate onSubmit={submit} aria-label="Medicare details" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="date_of_birth" label="Date of birth" kind="date" required />
        <InputField form={form} name="zip" label="Zip" kind="numeric" required />
        <SelectField control={control} name="gender" label="Gender" options={GENDER_OPTIONS} optional required />
        <InputField form={form} name="medicare_number" label="Medicare number" />
        <InputField form={form} name="part_a_date" label="Part A date" kind="date" />
        <InputField form={form} name="part_b_date" label="Part B date" kind="date" />
      </div>
      <FormError message={formError} />
      <div className="flex justify-end gap-2">
        <DialogActions type="submit" loading={isSubmitting}>
          Make ready
        </DialogActions>
      </div>
    </form>
  );
}

export type MedicarePanelProps = {
  contact: Contact;
  /** The user's IANA time zone. */
  zone: string;
  /** Offers the action (not for a contact in the trash). */
  editable?: boolean;
};

/**
 * "Ready for Medicare quote" (PUT medicare_import_contact): date of birth, zip and gender are needed;
 * the server's message appears beside each one that is missing.
 */
export function MedicarePanel({ contact, zone, editable = true }: MedicarePanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="medicare-heading" className="flex flex-col gap-2">
      <h2 id="medicare-heading" className="text-base font-semibold">
        Medicare quoting
      </h2>
      <p className="text-sm text-muted">
        {contact.medicare_imported_at
          ? `Ready for a quote since ${formatDate(contact.medicare_imported_at, zone)}.`
          : 'Not ready for a quote yet.'}
      </p>
      {editable && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Ready for Medicare quote
          </Button>
        </div>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Ready for Medicare quote"
        description="Quoting needs the date of birth, zip and gender."
      >
        <MedicareForm contact={contact} onDone={() => setOpen(false)} />
      </Dialog>
    </section>
  );
}
