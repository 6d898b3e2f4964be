import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, Select, type SelectOption } from '@crm/ui';

/** The "nothing chosen" choice of an optional Select (Radix reserves ''); the form holds '' for it. */
const NONE = 'none';

export type SelectFieldProps<T extends FieldValues, Output = T> = {
  /** The form's control (its values may be converted on submit: Output). */
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  /** Offers "None" first, which clears the value. */
  optional?: boolean;
  placeholder?: string;
  required?: boolean;
  className?: string;
};

/** A Select bound to a react-hook-form field, labelled, with its error beside it. */
export function SelectField<T extends FieldValues, Output = T>({
  control,
  name,
  label,
  options,
  optional = false,
  placeholder = 'Choose…',
  required,
  className,
}: SelectFieldProps<T, Output>) {
  const choices = optional ? [{ value: NONE, label: 'None' }, ...options] : options;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message} required={required} className={className}>
          <Select
            options={choices}
            value={field.value === '' ? (optional ? NONE : '') : String(field.value)}
            onValueChange={(value) => field.onChange(value === NONE ? '' : value)}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            placeholder={placeholder}
          />
        </Field>
      )}
    />
  );
}
