/**
 * Billing periods (the account plan's, a dialer or SMS subscription's, a charge's) are spans of
 * calendar dates, computed by the server in UTC (a month or a year after the start, the same day in
 * UTC). They read the same to every user, wherever they are: a boundary is shown as its UTC
 * calendar date, never as an instant converted to the viewer's time zone (which turned a period
 * stored as 2026-12-01T00:00Z into "11/30/2026" for US users).
 *
 * The end of a period is the day the next one starts (the renewal day), and is always written with
 * "until": `12/01/2026 until 01/01/2027`, "Paid until 01/01/2027", "Renews on 01/01/2027". Every
 * screen and e-mail that shows a period uses these functions.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A period boundary (an ISO timestamp or a Date) as its calendar date, MM/DD/YYYY; '' when empty or invalid. */
export function formatPeriodDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  return `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()}`;
}

/** A billing period as a span of dates: `12/01/2026 until 01/01/2027` (the end is the day the next period starts). */
export function formatPeriod(start: string | Date | null | undefined, end: string | Date | null | undefined): string {
  const from = formatPeriodDate(start);
  const until = formatPeriodDate(end);
  if (from && until) return `${from} until ${until}`;
  if (until) return `until ${until}`;
  return from ? `from ${from}` : '';
}

/**
 * A usage period, a calendar month as the usage ledger counts it (UTC), from its start (an ISO
 * timestamp, a Date or `YYYY-MM`): `November 2026`, or `Nov 2026` with `month: 'short'`; '' when invalid.
 */
export function formatPeriodMonth(value: string | Date, month: 'long' | 'short' = 'long'): string {
  const at = typeof value === 'string' ? new Date(/^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : value) : value;
  if (Number.isNaN(at.getTime())) return '';
  return at.toLocaleDateString('en-US', { month, year: 'numeric', timeZone: 'UTC' });
}
