import { Select as RadixSelect } from 'radix-ui';
import type { AriaAttributes, ReactNode, Ref } from 'react';
import { controlClassName } from '../input/Input';
import { cn } from '../lib/cn';

export type SelectOption = {
  /** Must not be the empty string (Radix reserves it for "no value"). */
  value: string;
  label: ReactNode;
  disabled?: boolean;
};

export type SelectProps = {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: ReactNode;
  /** Submitted with a native form under this name. */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  /** Put on the trigger, so that a Field's <label htmlFor> names it. */
  id?: string;
  /** Needed when the Select is not inside a Field or labelled otherwise. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-required'?: AriaAttributes['aria-required'];
  /** The trigger button (react-hook-form's Controller focuses it on error). */
  ref?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
  className?: string;
};

function ChevronIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4 shrink-0">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4">
      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A single-choice list built on Radix Select (keyboard navigation, typeahead, form value). */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  name,
  disabled,
  required,
  id,
  ref,
  onBlur,
  className,
  ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      disabled={disabled}
      required={required}
    >
      <RadixSelect.Trigger
        {...aria}
        ref={ref}
        id={id}
        onBlur={onBlur}
        className={cn(
          controlClassName,
          'flex cursor-pointer items-center justify-between gap-2 text-start data-placeholder:text-muted',
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="text-muted">
          <ChevronIcon />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded border border-border bg-surface text-text shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex cursor-pointer items-center rounded py-1.5 ps-7 pe-3 text-sm outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-60 data-highlighted:bg-primary data-highlighted:text-primary-contrast"
              >
                <RadixSelect.ItemIndicator className="absolute start-1.5 inline-flex items-center">
                  <CheckIcon />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
