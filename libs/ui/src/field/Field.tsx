import { cloneElement, useId, type AriaAttributes, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The props Field sets on its control; any component that forwards them to its element works. */
export type FieldControlProps = {
  id?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
};

export type FieldProps = {
  label: ReactNode;
  /** Error text (for example react-hook-form's `errors.email?.message`); marks the control invalid. */
  error?: ReactNode;
  /** Help text shown under the label and linked to the control with aria-describedby. */
  description?: ReactNode;
  /** Shows a required marker and sets aria-required on the control. */
  required?: boolean;
  /** Exactly one control: Input, Textarea, Select, or any element accepting the props above. */
  children: ReactElement<FieldControlProps>;
  /** The control's id; by default the control's own id prop, otherwise a generated one. */
  id?: string;
  className?: string;
};

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

/**
 * A labelled form field. It gives the control an id, links label, description and error to it
 * (htmlFor, aria-describedby, aria-invalid) and shows the error beside the control in an
 * always-present live region, so that screen readers announce it when it appears.
 */
export function Field({
  label,
  error,
  description,
  required,
  children,
  id,
  className,
}: FieldProps) {
  const generatedId = useId();
  const controlId = children.props.id ?? id ?? `field-${generatedId}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const invalid = hasContent(error);
  const showDescription = hasContent(description);

  const describedBy =
    [
      children.props['aria-describedby'],
      showDescription ? descriptionId : undefined,
      invalid ? errorId : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  const control = cloneElement(children, {
    id: controlId,
    'aria-invalid': invalid ? true : children.props['aria-invalid'],
    'aria-describedby': describedBy,
    'aria-required': required ? true : children.props['aria-required'],
  });

  return (
    <div className={cn('flex flex-col', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-text">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        )}
      </label>
      {showDescription && (
        <p id={descriptionId} className="mt-0.5 text-sm text-muted">
          {description}
        </p>
      )}
      <div className="mt-1">{control}</div>
      <p
        id={errorId}
        role="alert"
        className={cn('text-sm font-medium text-danger', invalid && 'mt-1')}
      >
        {invalid ? error : null}
      </p>
    </div>
  );
}
