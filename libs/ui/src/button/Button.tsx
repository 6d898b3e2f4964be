import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from '../lib/focus-ring';
import { SpinnerIcon } from '../spinner/Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button until the work is done. */
  loading?: boolean;
};

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'border-transparent bg-primary text-primary-contrast hover:bg-primary/90',
  secondary: 'border-border bg-surface text-text hover:bg-bg',
  danger: 'border-transparent bg-danger text-danger-contrast hover:bg-danger/90',
  ghost: 'border-transparent bg-transparent text-text hover:bg-text/5',
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'gap-1.5 px-2.5 py-1 text-sm',
  md: 'gap-2 px-4 py-2 text-sm',
  lg: 'gap-2 px-5 py-2.5 text-base',
};

/** The classes of a button, for elements that must look like one (for example a router link). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  loading = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  className?: string;
} = {}): string {
  return cn(
    'inline-flex cursor-pointer items-center justify-center rounded border font-medium no-underline transition-[color,background-color,border-color]',
    // A busy button keeps its colours (it is working, not unavailable).
    loading ? 'cursor-wait' : 'disabled:cursor-not-allowed disabled:opacity-60',
    focusRing,
    variantClasses[variant],
    sizeClasses[size],
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, loading, className })}
    >
      {loading && <SpinnerIcon size="sm" />}
      {children}
    </button>
  );
}
