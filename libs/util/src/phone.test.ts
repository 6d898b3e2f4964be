import { describe, expect, it } from 'vitest';
import { dialingNumber, formatPhone } from './phone';

describe('formatPhone', () => {
  it('formats 11 digits as 1-3-3-4', () => {
    expect(formatPhone('15551234567')).toBe('1-555-123-4567');
  });
  it('formats 10 digits as 3-3-4', () => {
    expect(formatPhone('5551234567')).toBe('555-123-4567');
  });
  it('formats other lengths as 3-3-4-4', () => {
    expect(formatPhone('55512345678901')).toBe('555-123-4567-8901');
    expect(formatPhone('555123456789')).toBe('555-123-4567-89');
    expect(formatPhone('55512')).toBe('555-12');
    expect(formatPhone('555')).toBe('555');
  });
  it('keeps digits only', () => {
    expect(formatPhone('+1 (555) 123-4567')).toBe('1-555-123-4567');
    expect(formatPhone('(555) 123.4567 ext')).toBe('555-123-4567');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('')).toBe('');
  });
  it('keeps digits beyond the fourteenth instead of dropping them', () => {
    expect(formatPhone('555123456789012')).toBe('555-123-4567-8901-2');
  });
});

describe('dialingNumber', () => {
  it('adds a leading 1 to a 10-digit number', () => {
    expect(dialingNumber('555-123-4567')).toBe('15551234567');
  });
  it('keeps other lengths as digits only', () => {
    expect(dialingNumber('+1 (555) 123-4567')).toBe('15551234567');
    expect(dialingNumber('555-1234')).toBe('5551234');
    expect(dialingNumber('')).toBe('');
  });
});
