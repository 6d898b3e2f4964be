import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { formatDateTime } from '@crm/util';

dayjs.extend(utc);
dayjs.extend(timezone);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How long ago a moment was, for people: "just now", "5 minutes ago", "3 hours ago", "yesterday",
 * "3 days ago", then the date. Days are calendar days in the user's time zone.
 */
export function timeAgo(iso: string, ianaZone: string, now: Date = new Date()): string {
  const then = dayjs.utc(iso);
  if (!then.isValid()) return '';
  const current = dayjs(now);
  const minutes = current.diff(then, 'minute');
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const day = (moment: dayjs.Dayjs) => dayjs.utc(moment.tz(ianaZone).format('YYYY-MM-DD'));
  const days = day(current).diff(day(then), 'day');
  if (days <= 0) return `${plural(current.diff(then, 'hour'), 'hour')} ago`;
  if (days === 1) return 'yesterday';
  if (days < 30) return `${days} days ago`;
  return `on ${formatDateTime(iso, ianaZone, 'MM/DD/YYYY')}`;
}

/** A calendar day YYYY-MM-DD as MM/DD/YYYY (no time zone: it is a date, not a moment). */
export function usDate(value: string | null | undefined): string {
  return value ? `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}` : '';
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $1,234.56; empty for no amount. */
export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : money.format(value);
}

/** A byte count as people read it: 512 B, 1.5 KB, 20 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${units[unit]}`;
}

