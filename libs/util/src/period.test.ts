import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './date';
import { formatPeriod, formatPeriodDate, formatPeriodMonth } from './period';

describe('formatPeriod', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows a period stored at UTC midnight as the same dates in Los Angeles and New York', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Asia/Tokyo', 'UTC']) {
      vi.stubEnv('TZ', zone);
      expect(formatPeriod('2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).toBe('12/01/2026 until 01/01/2027');
      expect(formatPeriodDate(new Date('2027-01-01T00:00:00Z'))).toBe('01/01/2027');
    }
  });

  it('is what the zone-converting formatter got wrong: 11/30/2026 in Los Angeles', () => {
    // the formatter periods used before: an instant in the viewer's zone
    expect(formatDate('2026-12-01T00:00:00.000Z', 'America/Los_Angeles')).toBe('11/30/2026');
    expect(formatDate('2026-12-01T00:00:00.000Z', 'America/New_York')).toBe('11/30/2026');
    expect(formatPeriodDate('2026-12-01T00:00:00.000Z')).toBe('12/01/2026');
  });

  it('writes the end as the day the next period starts, with "until"', () => {
    expect(formatPeriod('2026-11-15T18:30:00Z', '2026-12-15T18:30:00Z')).toBe('11/15/2026 until 12/15/2026');
    expect(formatPeriod(null, '2027-01-01T00:00:00Z')).toBe('until 01/01/2027');
    expect(formatPeriod('2026-12-01T00:00:00Z', null)).toBe('from 12/01/2026');
  });

  it('gives an empty string for an empty or invalid boundary', () => {
    expect(formatPeriodDate('')).toBe('');
    expect(formatPeriodDate(null)).toBe('');
    expect(formatPeriodDate('not a date')).toBe('');
    expect(formatPeriod('', undefined)).toBe('');
  });
});

describe('formatPeriodMonth', () => {
  it('names the usage month of a UTC month start, the same in every zone', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York']) {
      vi.stubEnv('TZ', zone);
      expect(formatPeriodMonth('2026-12-01T00:00:00.000Z')).toBe('December 2026');
      expect(formatPeriodMonth('2026-11', 'short')).toBe('Nov 2026');
    }
    vi.unstubAllEnvs();
    expect(formatPeriodMonth('nonsense')).toBe('');
  });
});
