import { cn } from '../lib/cn';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  /** Announced to assistive technology (the element has role="status"). */
  label?: string;
  size?: SpinnerSize;
  className?: string;
};

const sizeClasses: Record<SpinnerSize, string> = {
  sm: 'size-4',
  md: 'size-6',
  lg: 'size-10',
};

/** The spinning circle alone, hidden from assistive technology (used inside busy controls). */
export function SpinnerIcon({
  size = 'md',
  className,
}: {
  size?: SpinnerSize;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('shrink-0 animate-spin', sizeClasses[size], className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A loading indicator with role="status" and a text label for screen readers. */
export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-current', className)}>
      <SpinnerIcon size={size} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
