import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Calendar date format of spec part 1 §9. */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY h:mm A';

/**
 * Shows an ISO timestamp (stored in UTC) in the given IANA time zone. An empty or invalid
 * timestamp gives an empty string rather than "Invalid Date".
 */
export function formatDateTime(
  iso: string,
  ianaZone: string,
  format: string = DATE_TIME_FORMAT,
): string {
  if (!iso) return '';
  const moment = dayjs.utc(iso);
  return moment.isValid() ? moment.tz(ianaZone).format(format) : '';
}

/** The calendar date (MM/DD/YYYY) of an ISO timestamp in the given IANA time zone. */
export function formatDate(iso: string, ianaZone: string, format: string = DATE_FORMAT): string {
  return formatDateTime(iso, ianaZone, format);
}

/**
 * The instant a wall-clock date and time (YYYY-MM-DDTHH:mm, as a datetime-local input gives it) is
 * in the given IANA time zone, daylight saving time included.
 */
export function instantIn(localDateTime: string, ianaZone: string): Date {
  return dayjs.tz(localDateTime, ianaZone).toDate();
}

/** The instant a calendar day (YYYY-MM-DD) begins in the given IANA time zone: its midnight there. */
export function startOfDayIn(date: string, ianaZone: string): Date {
  return instantIn(`${date}T00:00`, ianaZone);
}
