/**
 * Calendar arithmetic of the dashboard, on plain dates (YYYY-MM-DD, the user's own calendar day:
 * no time zone left in them). Pure, so the year end and Feb 29 are tested without a database.
 */

/** A month and day as the birthday index keys them: month * 100 + day (db/schema birthdayMonthDay). */
export type MonthDay = number;

/** One range of month-days within one calendar year. */
export type BirthdaySegment = { year: number; from: MonthDay; to: MonthDay };

export type BirthdayWindow = { from: string; to: string; segments: BirthdaySegment[] };

const DAY_MS = 86_400_000;

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const format = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const utc = (date: string) => {
  const { year, month, day } = parts(date);
  return Date.UTC(year, month - 1, day);
};

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** Monday of the week `date` is in (weeks start on Monday, ISO 8601). */
export function weekStart(date: string): string {
  const weekday = new Date(utc(date)).getUTCDay(); // 0 Sunday ... 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The date a birthday (month, day) falls on in `year`: Feb 29 falls on Feb 28 in years without it
 * (the common reading, and the one most US states apply to coming of age).
 */
export function birthdayIn(year: number, month: number, day: number): string {
  if (month === 2 && day === 29 && !isLeapYear(year)) return format(year, 2, 28);
  return format(year, month, day);
}

/** `date` moved by whole years, Feb 29 falling on Feb 28 in a year without it. */
export function addYears(date: string, years: number): string {
  const { year, month, day } = parts(date);
  return birthdayIn(year + years, month, day);
}

/**
 * The birthdays from `today` for `days` days as month-day ranges: one range, or two when the
 * window runs past Dec 31. A range that ends on Feb 28 of a year without Feb 29 takes in 229, so
 * people born on Feb 29 are listed on Feb 28 (a range starting on Mar 1 does not: their day has
 * passed).
 */
export function birthdayWindow(today: string, days: number): BirthdayWindow {
  const to = addDays(today, days - 1);
  const start = parts(today);
  const end = parts(to);
  const md = (p: { month: number; day: number }) => p.month * 100 + p.day;
  const ranges: BirthdaySegment[] =
    start.year === end.year
      ? [{ year: start.year, from: md(start), to: md(end) }]
      : [
          { year: start.year, from: md(start), to: 1231 },
          { year: end.year, from: 101, to: md(end) },
        ];
  for (const range of ranges) if (range.to === 228 && !isLeapYear(range.year)) range.to = 229;
  return { from: today, to, segments: ranges };
}

/**
 * A date of birth's next birthday within a window (the segment it was found in says the year):
 * the date, the age turned, and the days from today.
 */
export function nextBirthday(dateOfBirth: string, segmentYear: number, today: string): { birthday: string; age: number; daysAway: number } {
  const born = parts(dateOfBirth);
  const birthday = birthdayIn(segmentYear, born.month, born.day);
  return { birthday, age: segmentYear - born.year, daysAway: daysBetween(today, birthday) };
}

/**
 * Dates of birth whose 65th birthday falls from `today` to `months` months ahead: the range of
 * dates of birth, and the last day. People born on Feb 29 turn 65 on Feb 28 when the year has no
 * Feb 29, so a window ending on that Feb 28 takes in Feb 29 of the birth year.
 */
export function turning65Window(today: string, months: number): { from: string; to: string; bornFrom: string; bornTo: string } {
  const start = parts(today);
  const lastMonth = start.month - 1 + months;
  const year = start.year + Math.floor(lastMonth / 12);
  const month = (lastMonth % 12) + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const to = format(year, month, Math.min(start.day, daysInMonth));
  // born on the same day 65 years ago; today being Feb 29, those born on Feb 28 of a year without it turned 65 yesterday
  const bornFrom = start.month === 2 && start.day === 29 && !isLeapYear(start.year - 65) ? format(start.year - 65, 3, 1) : addYears(today, -65);
  let bornTo = addYears(to, -65);
  const end = parts(to);
  if (end.month === 2 && end.day === 28 && !isLeapYear(end.year) && isLeapYear(end.year - 65)) bornTo = format(end.year - 65, 2, 29);
  return { from: today, to, bornFrom, bornTo };
}
