import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, formatDate, formatDateTime, instantIn, startOfDayIn } from './date';

describe('formatDateTime', () => {
  it('shows a UTC timestamp in the given IANA zone', () => {
    expect(formatDateTime('2024-03-05T15:30:00Z', 'America/New_York')).toBe('03/05/2024 10:30 AM');
    expect(formatDateTime('2024-03-05T15:30:00Z', 'Asia/Tokyo')).toBe('03/06/2024 12:30 AM');
  });
  it('follows daylight saving time', () => {
    expect(formatDateTime('2024-07-05T15:30:00Z', 'America/New_York')).toBe('07/05/2024 11:30 AM');
  });
  it('takes a custom format', () => {
    expect(formatDateTime('2024-03-05T15:30:00Z', 'America/Chicago', 'YYYY-MM-DD HH:mm')).toBe(
      '2024-03-05 09:30',
    );
  });
  it('gives an empty string for an empty or invalid timestamp', () => {
    expect(formatDateTime('', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('formatDate', () => {
  it('uses the calendar format MM/DD/YYYY', () => {
    expect(DATE_FORMAT).toBe('MM/DD/YYYY');
    expect(formatDate('2024-12-31T23:30:00Z', 'UTC')).toBe('12/31/2024');
  });
  it('gives the date in the given zone', () => {
    expect(formatDate('2024-12-31T23:30:00Z', 'Europe/Berlin')).toBe('01/01/2025');
    expect(formatDate('2025-01-01T03:00:00Z', 'America/Los_Angeles')).toBe('12/31/2024');
  });
});

describe('startOfDayIn', () => {
  it("gives the instant of the day's midnight in the zone, in and out of daylight saving time", () => {
    expect(startOfDayIn('2026-11-23', 'America/New_York').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(startOfDayIn('2026-07-06', 'America/New_York').toISOString()).toBe('2026-07-06T04:00:00.000Z');
    // the night the clocks go forward, midnight is still standard time
    expect(startOfDayIn('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfDayIn('2026-11-23', 'Pacific/Honolulu').toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});

describe('instantIn', () => {
  it('reads a wall-clock time (a datetime-local value) in the zone', () => {
    expect(instantIn('2026-11-25T18:30', 'America/Los_Angeles').toISOString()).toBe('2026-11-26T02:30:00.000Z');
    expect(instantIn('2026-07-04T09:00', 'America/Chicago').toISOString()).toBe('2026-07-04T14:00:00.000Z');
  });
});
