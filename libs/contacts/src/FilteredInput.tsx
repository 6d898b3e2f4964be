import type { ChangeEvent, CompositionEvent } from 'react';
import { Input, type InputProps } from '@crm/ui';
import { filterText, useBrand, type BrandConfig, type TextKind } from '@crm/variant';

export type FilteredInputProps = InputProps & {
  /** A person's name also takes the apostrophe, hyphen and period names carry; default 'text'. */
  kind?: TextKind;
};

/**
 * Drops what the field does not take from the input's text, keeping the caret where it was
 * relative to the characters kept. Answers whether the text changed.
 */
function keepAllowed(input: HTMLInputElement, brand: BrandConfig, kind: TextKind, setValue: (value: string) => void): boolean {
  const { value } = input;
  const filtered = filterText(brand, kind, value);
  if (filtered === value) return false;
  const focused = input.ownerDocument.activeElement === input;
  const caret = filterText(brand, kind, value.slice(0, input.selectionStart ?? value.length)).length;
  setValue(filtered);
  if (focused) input.setSelectionRange(caret, caret);
  return true;
}

/** Sets the value behind React's back, so that the `input` event dispatched next reaches onChange. */
const nativeValueSetter = (input: HTMLInputElement) => (value: string) =>
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);

/**
 * A text input that keeps only the characters the field takes (spec part 2 §5: letters of any
 * script, digits and spaces; names also ' ’ - .; one brand also # and /: text-filter.ts, the rule the
 * API applies too). The text is filtered as it changes, not key by key: a key press says nothing of
 * what an input method (Chinese, Vietnamese) or a dead key will insert, and a combining mark typed on
 * its own is a letter's accent only once it follows the letter. While an input method composes, the
 * text is left alone (rewriting it would break the composition) and filtered when it ends. Works
 * with react-hook-form's register().
 */
export function FilteredInput({ kind = 'text', onChange, onCompositionEnd, ...props }: FilteredInputProps) {
  const brand = useBrand();
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const composing = (event.nativeEvent as Partial<InputEvent>).isComposing === true;
    if (!composing) {
      const input = event.target;
      keepAllowed(input, brand, kind, (value) => {
        input.value = value;
      });
    }
    onChange?.(event);
  };
  const handleCompositionEnd = (event: CompositionEvent<HTMLInputElement>) => {
    onCompositionEnd?.(event);
    const input = event.currentTarget;
    // the last change came during the composition, unfiltered: a fresh input event tells onChange
    if (keepAllowed(input, brand, kind, nativeValueSetter(input))) {
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
  return <Input {...props} onChange={handleChange} onCompositionEnd={handleCompositionEnd} />;
}
