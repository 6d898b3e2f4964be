import { describe, expect, it } from 'vitest';
import { formatBytes, formatMoney, timeAgo, usDate } from './format';

const NY = 'America/New_York';
const now = new Date('2026-03-10T15:00:00Z'); // 11:00 AM in New York

describe('timeAgo', () => {
  it('counts minutes and hours within the day', () => {
    expect(timeAgo('2026-03-10T14:59:40Z', NY, now)).toBe('just now');
    expect(timeAgo('2026-03-10T14:59:00Z', NY, now)).toBe('1 minute ago');
    expect(timeAgo('2026-03-10T14:15:00Z', NY, now)).toBe('45 minutes ago');
    expect(timeAgo('2026-03-10T12:00:00Z', NY, now)).toBe('3 hours ago');
  });

  it('counts calendar days in the given time zone', () => {
    // 11 PM on the 9th in New York, though already the 10th in UTC.
    expect(timeAgo('2026-03-10T03:00:00Z', NY, now)).toBe('yesterday');
    expect(timeAgo('2026-03-10T03:00:00Z', 'UTC', now)).toBe('12 hours ago');
    expect(timeAgo('2026-03-07T16:00:00Z', NY, now)).toBe('3 days ago');
    expect(timeAgo('2026-01-02T16:00:00Z', NY, now)).toBe('on 01/02/2026');
  });

  it('answers nothing for an invalid moment and "just now" for a future one', () => {
    expect(timeAgo('soon', NY, now)).toBe('');
    expect(timeAgo('2026-03-10T16:00:00Z', NY, now)).toBe('just now');
  });
});

describe('formatting', () => {
  it('shows sizes as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(3_250_000)).toBe('3.1 MB');
  });

  it('shows amounts in dollars and calendar days as MM/DD/YYYY', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(null)).toBe('');
    expect(usDate('2026-04-01')).toBe('04/01/2026');
    expect(usDate(null)).toBe('');
  });
});
