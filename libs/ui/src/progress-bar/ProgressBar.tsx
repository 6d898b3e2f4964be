import { Progress } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export type ProgressBarProps = {
  /** Progress from 0 to max; null means indeterminate (work is going on, amount unknown). */
  value: number | null;
  max?: number;
  /** Names the progress bar (visible unless hideLabel). */
  label: ReactNode;
  hideLabel?: boolean;
  /** Shows the percentage beside the label. */
  showValue?: boolean;
  className?: string;
};

/** A progress bar (Radix Progress: role="progressbar" with aria-valuenow/max, labelled). */
export function ProgressBar({
  value,
  max = 100,
  label,
  hideLabel = false,
  showValue = true,
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const clamped = value === null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped === null ? null : Math.round((clamped / max) * 100);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className={cn('flex justify-between gap-2 text-sm', hideLabel && 'sr-only')}>
        <span id={labelId} className="font-medium text-text">
          {label}
        </span>
        {showValue && percent !== null && (
          <span aria-hidden="true" className="text-muted">
            {percent}%
          </span>
        )}
      </div>
      <Progress.Root
        value={clamped}
        max={max}
        aria-labelledby={labelId}
        getValueLabel={(current, maximum) => `${Math.round((current / maximum) * 100)}%`}
        className="relative h-2 w-full overflow-hidden rounded-full border border-border bg-bg"
      >
        <Progress.Indicator
          className={cn(
            'h-full bg-primary transition-[width]',
            percent === null && 'w-1/3 animate-pulse',
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </Progress.Root>
    </div>
  );
}
