import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from '../lib/focus-ring';

/** Shared look of text-like controls (Input, Textarea, the Select trigger). */
export const controlClassName = cn(
  'block w-full rounded border border-muted bg-surface px-3 py-2 text-base text-text',
  'placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-60',
  'aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger',
  focusRing,
);

/** A native input. `ref` is an ordinary prop in React 19, so react-hook-form's register() works. */
export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input {...props} type={type} className={cn(controlClassName, className)} />;
}

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea {...props} rows={rows} className={cn(controlClassName, 'min-h-20', className)} />
  );
}
