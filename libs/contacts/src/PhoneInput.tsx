import type { ChangeEvent } from 'react';
import { Input, type InputProps } from '@crm/ui';
import { formatPhone } from '@crm/util';

export type PhoneInputProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> & {
  /** The digits of the number (what the form keeps). */
  value: string | null | undefined;
  /** Called with digits only. */
  onValueChange: (digits: string) => void;
};

/**
 * A phone input (spec part 1 §5, part 2 §5): keeps digits only and shows them grouped 1-3-3-4 for
 * 11 digits and 3-3-4-4 otherwise; the form gets the digits.
 */
export function PhoneInput({ value, onValueChange, ...props }: PhoneInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onValueChange(event.target.value.replace(/\D/g, ''));
  };
  return (
    <Input
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'tel'}
      value={formatPhone(value ?? '')}
      onChange={handleChange}
    />
  );
}
