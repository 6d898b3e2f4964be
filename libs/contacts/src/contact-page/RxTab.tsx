import { useFieldArray, type Path } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { RX_DAYS_SUPPLY, RX_FREQUENCIES, updateRxDetails } from '@crm/contract';
import { useApiForm } from '@crm/session';
import { Button, Field, Input, toast } from '@crm/ui';
import { contactKeys, rxDetailsQueryOptions } from '../contacts-queries';
import { CheckboxField } from './CheckboxField';
import { RX_FREQUENCY_LABELS } from './labels';
import { ListError, SaveBar, SavedRecordFrame } from './SavedRecordForm';
import { SelectField } from './SelectField';

type PrescriptionValues = {
  drug_name: string;
  strength: string;
  quantity: string;
  frequency: string;
  days_supply: string;
  generic_ok: boolean;
};
type PharmacyValues = { name: string; address: string; phone: string; mail_order: boolean };
export type RxFormValues = { prescriptions: PrescriptionValues[]; pharmacy: PharmacyValues };
type RxBody = z.output<typeof updateRxDetails.body>;
type RxAnswer = z.infer<typeof updateRxDetails.response>['data'];

const NEW_PRESCRIPTION: PrescriptionValues = {
  drug_name: '',
  strength: '',
  quantity: '30',
  frequency: 'daily',
  days_supply: '30',
  generic_ok: true,
};

const isBlankPharmacy = (pharmacy: PharmacyValues) =>
  !pharmacy.name.trim() && !pharmacy.address.trim() && !pharmacy.phone.trim() && !pharmacy.mail_order;

/** The contract's body, with an untouched pharmacy section sent as "no pharmacy" (null). */
const rxFormSchema = z.preprocess(
  (values) => {
    const form = values as RxFormValues;
    return { ...form, pharmacy: isBlankPharmacy(form.pharmacy) ? null : form.pharmacy };
  },
  updateRxDetails.body,
) as unknown as z.ZodType<RxBody, RxFormValues>;

const MAX_PRESCRIPTIONS = 50;
const PRESCRIPTION_FIELDS = ['drug_name', 'strength', 'quantity', 'frequency', 'days_supply', 'generic_ok'] as const;
const SERVER_FIELDS: Path<RxFormValues>[] = [
  'prescriptions',
  'pharmacy',
  'pharmacy.name',
  'pharmacy.address',
  'pharmacy.phone',
  'pharmacy.mail_order',
  ...Array.from({ length: MAX_PRESCRIPTIONS }, (_, i) => PRESCRIPTION_FIELDS.map((field) => `prescriptions.${i}.${field}` as const)).flat(),
];

export function rxFormValues(details: RxAnswer): RxFormValues {
  return {
    prescriptions: details.prescriptions.map((p) => ({
      drug_name: p.drug_name,
      strength: p.strength ?? '',
      quantity: String(p.quantity),
      frequency: p.frequency,
      days_supply: String(p.days_supply),
      generic_ok: p.generic_ok,
    })),
    pharmacy: {
      name: details.pharmacy?.name ?? '',
      address: details.pharmacy?.address ?? '',
      phone: details.pharmacy?.phone ?? '',
      mail_order: details.pharmacy?.mail_order ?? false,
    },
  };
}

const FREQUENCY_OPTIONS = RX_FREQUENCIES.map((value) => ({ value, label: RX_FREQUENCY_LABELS[value] }));
const SUPPLY_OPTIONS = RX_DAYS_SUPPLY.map((days) => ({ value: String(days), label: `${days} days` }));

function RxForm({ contactId, initial }: { contactId: number; initial: RxFormValues }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { control, register, submit, reset, formError, formState } = useApiForm<RxFormValues, RxBody>({
    schema: rxFormSchema,
    defaultValues: initial,
    fields: SERVER_FIELDS,
    onSubmit: async (body) => {
      const answer = await client.call('updateRxDetails', { params: { id: contactId }, body });
      queryClient.setQueryData(contactKeys.record(contactId, 'rx_details'), answer);
      reset(rxFormValues(answer.data));
      toast.success('Prescriptions saved.');
    },
  });
  const prescriptions = useFieldArray({ control, name: 'prescriptions' });
  const errors = formState.errors;

  return (
    <form noValidate onSubmit={submit} aria-label="Prescriptions and pharmacy" className="flex flex-col gap-6">
      <section aria-labelledby="rx-prescriptions-heading" className="flex flex-col gap-3">
        <h2 id="rx-prescriptions-heading" className="text-lg font-semibold">
          Prescriptions
        </h2>
        {prescriptions.fields.length === 0 && <p className="text-sm text-muted">No prescriptions yet.</p>}
        {prescriptions.fields.map((item, index) => {
          const rowErrors = errors.prescriptions?.[index];
          return (
            <fieldset key={item.id} className="flex flex-col gap-3 rounded border border-border p-3">
              <legend className="px-1 text-sm font-semibold">Prescription {index + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                <Field label="Drug name" error={rowErrors?.drug_name?.message} required>
                  <Input {...register(`prescriptions.${index}.drug_name`)} autoComplete="off" />
                </Field>
                <Field label="Strength" error={rowErrors?.strength?.message}>
                  <Input {...register(`prescriptions.${index}.strength`)} autoComplete="off" placeholder="e.g. 10 mg" />
                </Field>
                <Field label="Quantity" error={rowErrors?.quantity?.message}>
                  <Input {...register(`prescriptions.${index}.quantity`)} inputMode="numeric" autoComplete="off" />
                </Field>
                <SelectField control={control} name={`prescriptions.${index}.frequency`} label="Frequency" options={FREQUENCY_OPTIONS} />
                <SelectField control={control} name={`prescriptions.${index}.days_supply`} label="Days supply" options={SUPPLY_OPTIONS} />
                <CheckboxField control={control} name={`prescriptions.${index}.generic_ok`} label="Generic is fine" className="sm:mt-7" />
              </div>
              <div>
                <Button variant="ghost" size="sm" onClick={() => prescriptions.remove(index)}>
                  Remove prescription {index + 1}
                </Button>
              </div>
            </fieldset>
          );
        })}
        <ListError message={errors.prescriptions?.message} />
        <div>
          <Button variant="secondary" size="sm" onClick={() => prescriptions.append({ ...NEW_PRESCRIPTION })}>
            Add prescription
          </Button>
        </div>
      </section>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">Pharmacy</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Pharmacy name" error={errors.pharmacy?.name?.message}>
            <Input {...register('pharmacy.name')} autoComplete="off" />
          </Field>
          <Field label="Pharmacy address" error={errors.pharmacy?.address?.message}>
            <Input {...register('pharmacy.address')} autoComplete="off" />
          </Field>
          <Field label="Pharmacy phone" error={errors.pharmacy?.phone?.message}>
            <Input {...register('pharmacy.phone')} type="tel" autoComplete="off" />
          </Field>
          <CheckboxField control={control} name="pharmacy.mail_order" label="Mail order" className="sm:mt-7" />
        </div>
      </fieldset>

      <SaveBar formError={formError} label="Save prescriptions" pending={formState.isSubmitting} dirty={formState.isDirty} />
    </form>
  );
}

export type RxTabProps = {
  contactId: number;
  /** The user's IANA time zone. */
  zone: string;
};

/** A contact's prescriptions (drug, strength, quantity, frequency, days supply, generic) and pharmacy, for Medicare plan matching. */
export function RxTab({ contactId, zone }: RxTabProps) {
  const client = useApiClient();
  const details = useQuery(rxDetailsQueryOptions(client, contactId));
  return (
    <SavedRecordFrame query={details} loadingLabel="Loading prescriptions" zone={zone}>
      {(data) => <RxForm contactId={contactId} initial={rxFormValues(data)} />}
    </SavedRecordFrame>
  );
}
