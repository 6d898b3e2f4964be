import { ProgressBar } from '@crm/ui';
import { formatUnits } from './telephony-format';

export type UsageMeterProps = {
  /** What is measured: `Minutes used in November 2026`. */
  label: string;
  /** The amount used (or given out). */
  used: number;
  /** What may be used; the bar is full at or above it. */
  allocation: number;
  /** `minutes`, `segments`. */
  unit: string;
};

/** Used against allocated, as a labelled progress bar whose name tells both figures: `…: 640 of 1,500 minutes`. */
export function UsageMeter({ label, used, allocation, unit }: UsageMeterProps) {
  const figures = `${formatUnits(used)} of ${formatUnits(allocation)} ${unit}`;
  // with nothing allocated, any use fills the bar
  const value = allocation > 0 ? used : used > 0 ? 1 : 0;
  return <ProgressBar label={`${label}: ${figures}`} value={value} max={Math.max(allocation, 1)} />;
}
