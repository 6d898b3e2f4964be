import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCents, isCardExpired, parseCardExpiry } from './card';

describe('card expiry as printed (MM/YY)', () => {
  it('takes a month 01-12 and a two- or four-digit year', () => {
    expect(parseCardExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseCardExpiry(' 12 / 2031 ')).toEqual({ month: 12, year: 2031 });
    expect(parseCardExpiry('00/29')).toBeNull();
    expect(parseCardExpiry('13/29')).toBeNull();
    expect(parseCardExpiry('4/29')).toBeNull();
  });
  it('is good through the last day of its month (the month-end check)', () => {
    expect(isCardExpired({ month: 2, year: 2028 }, new Date(2028, 1, 29, 23, 0))).toBe(false);
    expect(isCardExpired({ month: 2, year: 2028 }, new Date(2028, 2, 1, 0, 0))).toBe(true);
    expect(isCardExpired({ month: 4, year: 2027 }, new Date(2027, 3, 30, 12))).toBe(false);
    expect(isCardExpired({ month: 4, year: 2027 }, new Date(2027, 4, 1, 0, 0, 1))).toBe(true);
  });
});

describe('card number and money display', () => {
  it('groups the digits as printed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782-822463-10005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42a4')).toBe('424');
  });
  it('shows integer cents as money', () => {
    expect(formatCents(2900, 'usd')).toBe('$29.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
