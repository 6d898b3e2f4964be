import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from '../lib/focus-ring';

export type CheckboxCheckedState = boolean | 'indeterminate';

export type CheckboxProps = {
  label: ReactNode;
  /** Help text under the label, linked with aria-describedby. */
  description?: ReactNode;
  checked?: CheckboxCheckedState;
  defaultChecked?: CheckboxCheckedState;
  onCheckedChange?: (checked: CheckboxCheckedState) => void;
  name?: string;
  /** Submitted value when checked (default "on"). */
  value?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  ref?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
  className?: string;
};

/** A checkbox (Radix) with its label; clicking the label toggles it. */
export function Checkbox({ label, description, id, className, ref, ...props }: CheckboxProps) {
  const generatedId = useId();
  const controlId = id ?? `checkbox-${generatedId}`;
  const descriptionId = `${controlId}-description`;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <RadixCheckbox.Root
        {...props}
        ref={ref}
        id={controlId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'mt-0.5 inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded border border-muted bg-surface text-primary-contrast',
          'data-[state=checked]:border-primary data-[state=checked]:bg-primary',
          'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary',
          'disabled:cursor-not-allowed disabled:opacity-60',
          focusRing,
        )}
      >
        <RadixCheckbox.Indicator>
          {props.checked === 'indeterminate' ? (
            <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-3.5">
              <path d="M3.5 8h9" stroke="currentColor" strokeWidth="2" />
            </svg>
          ) : (
            <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-3.5">
              <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          )}
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <div className="flex flex-col">
        <label htmlFor={controlId} className="cursor-pointer text-sm font-medium text-text">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-sm text-muted">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
