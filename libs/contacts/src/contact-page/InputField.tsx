import type { ReactNode } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field, Input } from '@crm/ui';

/** text: free text; amount: a decimal number ("1,234.56"); numeric: digits; date: a date picker. */
export type InputFieldKind = 'text' | 'amount' | 'numeric' | 'date';

const KIND_PROPS = {
  text: { autoComplete: 'off' },
  amount: { inputMode: 'decimal', autoComplete: 'off' },
  numeric: { inputMode: 'numeric', autoComplete: 'off' },
  date: { type: 'date' },
} as const;

export type InputFieldProps<T extends FieldValues, Output = T> = {
  /** The form (its values may be converted on submit: Output). */
  form: Pick<UseFormReturn<T, unknown, Output>, 'register' | 'formState'>;
  name: Path<T>;
  label: string;
  kind?: InputFieldKind;
  description?: ReactNode;
  required?: boolean;
};

/** An Input registered with a react-hook-form field, labelled, with its error beside it. */
export function InputField<T extends FieldValues, Output = T>({
  form,
  name,
  label,
  kind = 'text',
  description,
  required,
}: InputFieldProps<T, Output>) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return (
    <Field label={label} error={error?.message} description={description} required={required}>
      <Input {...form.register(name)} {...KIND_PROPS[kind]} />
    </Field>
  );
}
