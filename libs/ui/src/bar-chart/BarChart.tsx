import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export type BarChartDatum = {
  /** The bar's name under it and in the table ("Nov 2026"). */
  label: string;
  value: number;
};

export type BarChartProps = {
  /** The chart's name, shown above it and as the table's caption. */
  title: ReactNode;
  data: readonly BarChartDatum[];
  /** The table's header of the value column ("Minutes used"). */
  valueHeader: string;
  /** The table's header of the label column (default "Period"). */
  labelHeader?: string;
  /** A value as shown on the bar and in the table (default: the number in en-US digits). */
  format?: (value: number) => string;
  /** Shown instead of the chart when there is no data. */
  empty?: ReactNode;
  className?: string;
};

const WIDTH = 600;
const HEIGHT = 220;
const TOP = 20;
const BOTTOM = 28;

const defaultFormat = (value: number) => value.toLocaleString('en-US');

/**
 * A small bar chart (SVG, no library) for a few values over time. The picture is for the eye; the
 * same values are in a table under it for screen readers (the SVG is hidden from them), so nothing
 * is told by the bars alone. Bars take the brand's primary colour.
 */
export function BarChart({ title, data, valueHeader, labelHeader = 'Period', format = defaultFormat, empty, className }: BarChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = WIDTH / Math.max(data.length, 1);
  const barWidth = Math.min(64, slot * 0.6);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <figure aria-labelledby={titleId} className={cn('flex flex-col gap-2', className)}>
      <figcaption id={titleId} className="text-base font-semibold">
        {title}
      </figcaption>
      {data.length === 0 ? (
        (empty ?? <p className="text-sm text-muted">Nothing to show yet.</p>)
      ) : (
        <>
          <svg
            aria-hidden="true"
            focusable="false"
            data-testid="bar-chart"
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-auto w-full max-w-3xl text-text"
          >
            <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-border" strokeWidth={1} />
            {data.map((d, i) => {
              const h = Math.round((d.value / max) * plot);
              const x = i * slot + (slot - barWidth) / 2;
              const y = HEIGHT - BOTTOM - h;
              return (
                <g key={d.label} data-bar={d.label}>
                  <rect x={x} y={y} width={barWidth} height={Math.max(h, d.value > 0 ? 1 : 0)} rx={2} className="fill-primary" />
                  <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" fontSize={13} className="fill-current">
                    {format(d.value)}
                  </text>
                  <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={13} className="fill-current">
                    {d.label}
                  </text>
                </g>
              );
            })}
          </svg>
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.label}>
                  <th scope="row">{d.label}</th>
                  <td>{format(d.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
