import { IANA_TIMEZONES, type Timezone } from '@crm/contract';
import { STATE_TIME_ZONES, stateOfAreaCode, zonesOfAreaCode } from './us-area-codes';

/** Minutes after local midnight. */
const h = (hour: number, minute = 0) => hour * 60 + minute;

/** When texts and calls may go on one day of the week, in the recipient's local time; null: not that day. */
export type DayWindow = { open: number; close: number } | null;

export type QuietHoursRule = {
  /** 'US' for the federal rule, else a state's two letters. */
  where: string;
  /** Sunday first, as Date.getDay() counts. */
  days: readonly [DayWindow, DayWindow, DayWindow, DayWindow, DayWindow, DayWindow, DayWindow];
  /** The law it comes from. */
  source: string;
};

const every = (open: number, close: number) => [0, 1, 2, 3, 4, 5, 6].map(() => ({ open, close })) as unknown as QuietHoursRule['days'];

/**
 * The one table of contact windows (issue 30 item 6). The federal rule holds everywhere; a state's
 * rule narrows it for recipients located in that state (a day's window is the overlap of both).
 * Only rules we are sure of are here; a state missing from the table is held to the federal window.
 */
export const QUIET_HOURS_RULES: readonly QuietHoursRule[] = [
  { where: 'US', days: every(h(8), h(21)), source: '47 CFR 64.1200(c)(1): no solicitation before 8 am or after 9 pm at the called party’s location' },
  { where: 'FL', days: every(h(8), h(20)), source: 'Fla. Stat. § 501.616(6)(a) (Florida Telephone Solicitation Act, as amended 2021): 8 am to 8 pm' },
  { where: 'OK', days: every(h(8), h(20)), source: '15 Okla. Stat. § 775C.4 (Oklahoma Telephone Solicitation Act of 2022): 8 am to 8 pm' },
  { where: 'MD', days: every(h(8), h(20)), source: 'Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023): 8 am to 8 pm' },
  { where: 'MS', days: every(h(8), h(20)), source: 'Miss. Code Ann. § 77-3-725 (telephone solicitation): 8 am to 8 pm, as issue 30 lists it' },
  { where: 'NJ', days: every(h(8), h(20)), source: 'issue 30 item 6 lists New Jersey at 8 am to 8 pm (stricter than N.J.S.A. 56:8-130’s 9 pm; the issue’s window is kept)' },
  { where: 'CT', days: every(h(9), h(20)), source: 'Conn. Gen. Stat. § 42-288a(c) (as amended 2023): 9 am to 8 pm' },
  { where: 'WA', days: every(h(8), h(20)), source: 'Rev. Code Wash. § 80.36.390(2): no solicitation before 8 am or after 8 pm' },
  {
    where: 'TX',
    days: [{ open: h(12), close: h(21) }, ...every(h(9), h(21)).slice(1)] as unknown as QuietHoursRule['days'],
    source: 'Tex. Bus. & Com. Code § 301.051: 9 am to 9 pm Monday to Saturday, noon to 9 pm Sunday',
  },
];

const FEDERAL = QUIET_HOURS_RULES.find((r) => r.where === 'US')!;
const BY_STATE = new Map(QUIET_HOURS_RULES.filter((r) => r.where !== 'US').map((r) => [r.where, r]));

/** The state's own rule, when the table has one. */
export const stateRuleOf = (state: string | undefined): QuietHoursRule | undefined => (state ? BY_STATE.get(state) : undefined);

/** The window of a day of the week in a state (the federal window where the state has no rule of its own). */
export function windowOf(state: string | undefined, day: number): DayWindow {
  const federal = FEDERAL.days[day] ?? null;
  const own = state ? BY_STATE.get(state)?.days[day] : undefined;
  if (own === undefined) return federal;
  if (!own || !federal) return null;
  const open = Math.max(own.open, federal.open);
  const close = Math.min(own.close, federal.close);
  return open < close ? { open, close } : null;
}

/**
 * Where the recipient is, for their local time: the zones they may be in (held to the window open
 * in all of them) and the state whose rule applies. `source` says which of the recipient's facts
 * placed them.
 */
export type RecipientLocation = {
  zones: readonly string[];
  state: string | undefined;
  source: 'time_zone' | 'state' | 'area_code' | 'unknown';
};

export type Recipient = {
  /** An IANA zone (America/Chicago) or one of the spec's codes (est, cst, mst, pst, akst, hst). */
  timeZone?: string | null | undefined;
  /** Two letters. */
  state?: string | null | undefined;
};

/** Every US zone (mainland, Alaska, Hawaii): a recipient we cannot place is held to the window open in all of them. */
const ALL_US_ZONES = Object.values(IANA_TIMEZONES);

function ianaZone(timeZone: string): string | undefined {
  const zone = IANA_TIMEZONES[timeZone.toLowerCase() as Timezone] ?? timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The area code of a +1 number (E.164 or digits), or undefined. */
export function areaCodeOf(number: string): number | undefined {
  const digits = number.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.length === 10 ? digits : undefined;
  return national ? Number(national.slice(0, 3)) : undefined;
}

/**
 * The recipient's location at an instant: their time zone (with their state's zones too when the
 * two disagree), else their state's zones, else their number's area code. The state rule is the recipient's state, else the area code's state (a number kept from
 * another state may follow its owner: the stricter of being wrong is applying a rule that did not
 * need to apply).
 */
export function resolveLocation(recipient: Recipient, number: string, at: Date = new Date()): RecipientLocation {
  const code = areaCodeOf(number);
  const codeState = code === undefined ? undefined : stateOfAreaCode(code);
  const state = recipient.state?.trim().toUpperCase() || undefined;
  const zone = recipient.timeZone ? ianaZone(recipient.timeZone) : undefined;
  const stateZones = state ? STATE_TIME_ZONES[state] : undefined;
  if (zone) {
    // A contact's time zone is never empty (contacts.timezone defaults to est), so one that no part
    // of their state keeps may be the default left unchanged: such a contact is held to the window
    // open both at the zone and across the state (a Honolulu contact left at est is not texted at
    // 4:30 am Hawaii time).
    const clock = (z: string) => localTime(at, z);
    const agrees = !stateZones || stateZones.some((z) => clock(z).minutes === clock(zone).minutes && clock(z).day === clock(zone).day);
    return { zones: agrees ? [zone] : [zone, ...stateZones], state: state ?? codeState, source: 'time_zone' };
  }
  if (state && stateZones) return { zones: stateZones, state, source: 'state' };
  const codeZones = code === undefined ? undefined : zonesOfAreaCode(code);
  if (codeZones) return { zones: codeZones, state: codeState, source: 'area_code' };
  return { zones: ALL_US_ZONES, state: undefined, source: 'unknown' };
}

const FORMATS = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' });
    FORMATS.set(zone, format);
  }
  return format;
}
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The day of the week (Sunday 0) and minutes after midnight at an instant in a zone. */
export function localTime(at: Date, zone: string): { day: number; minutes: number } {
  const parts = Object.fromEntries(formatIn(zone).formatToParts(at).map((p) => [p.type, p.value]));
  return { day: WEEKDAYS.indexOf(parts.weekday ?? ''), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether the window is open at an instant in every zone the recipient may be in. */
export function isWithinWindow(at: Date, location: RecipientLocation): boolean {
  return location.zones.every((zone) => {
    const { day, minutes } = localTime(at, zone);
    const window = windowOf(location.state, day);
    return window !== null && minutes >= window.open && minutes < window.close;
  });
}

const STEP = 15 * 60_000;
const HORIZON = 8 * 24 * 60 * 60_000;

/**
 * When the recipient's window next opens: `at` itself when it is open, else the first quarter hour
 * after (every rule opens on a quarter hour and every US zone is whole hours from UTC, so that is
 * the opening itself). Computed, never waited for: a held send is scheduled for this instant.
 */
export function nextWindowOpening(at: Date, location: RecipientLocation): Date {
  if (isWithinWindow(at, location)) return at;
  const start = Math.floor(at.getTime() / STEP) * STEP + STEP;
  for (let t = start; t <= at.getTime() + HORIZON; t += STEP) {
    const candidate = new Date(t);
    if (isWithinWindow(candidate, location)) return candidate;
  }
  throw new Error('No contact window within a week: the quiet hours table is wrong');
}

const clock = (minutes: number) => {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** The recipient's local time as the agent reads it ("Sunday 4:30 AM"), in their first zone. */
export function describeLocalTime(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
}

/** The day's window in words ("8:00 AM to 8:00 PM"), or that there is none that day. */
export function describeWindow(state: string | undefined, day: number): string {
  const window = windowOf(state, day);
  return window ? `${clock(window.open)} to ${clock(window.close)}` : 'no time that day';
}
