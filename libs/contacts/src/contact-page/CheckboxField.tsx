import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@crm/ui';

export type CheckboxFieldProps<T extends FieldValues, Output = T> = {
  /** The form's control (its values may be converted on submit: Output). */
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, boolean>;
  label: string;
  className?: string;
};

/** A Checkbox bound to a boolean react-hook-form field. */
export function CheckboxField<T extends FieldValues, Output = T>({ control, name, label, className }: CheckboxFieldProps<T, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          checked={field.value as boolean}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          className={className}
        />
      )}
    />
  );
}
