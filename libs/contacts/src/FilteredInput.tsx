import type { ChangeEvent, KeyboardEvent } from 'react';
import { Input, type InputProps } from '@crm/ui';
import { filterKeystrokes, isKeystrokeAllowed, useBrand } from '@crm/variant';

export type FilteredInputProps = InputProps;

/**
 * A text input that takes only the characters of the brand's keystroke filter (spec part 2 §5:
 * letters, digits and spaces; one brand also # and /). Typed characters outside it are ignored and
 * pasted text loses them. Works with react-hook-form's register().
 */
export function FilteredInput({ onKeyDown, onChange, ...props }: FilteredInputProps) {
  const brand = useBrand();
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (printable && !isKeystrokeAllowed(brand, event.key)) event.preventDefault();
    onKeyDown?.(event);
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const filtered = filterKeystrokes(brand, event.target.value);
    if (filtered !== event.target.value) event.target.value = filtered;
    onChange?.(event);
  };
  return <Input {...props} onKeyDown={handleKeyDown} onChange={handleChange} />;
}
