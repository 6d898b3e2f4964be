import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox, Field, Select } from '@crm/ui';

/** A field of a form made by useApiForm (its values as typed, T, and as checked, O). */
type Controlled<T extends FieldValues, O extends FieldValues> = { control: Control<T, unknown, O>; name: Path<T>; label: string; description?: string };

/** A form's yes/no field: a checkbox bound to `name` (react-hook-form's Controller). */
export function FormCheckbox<T extends FieldValues, O extends FieldValues>({ control, name, label, description }: Controlled<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          description={description}
          checked={field.value}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

/** A form's choice field: a labelled select bound to `name`, its error beside it. */
export function FormSelect<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  label,
  description,
  options,
  required,
}: Controlled<T, O> & { options: { value: string; label: string }[]; required?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} description={description} error={fieldState.error?.message} required={required}>
          <Select options={options} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
        </Field>
      )}
    />
  );
}
