import { describe, expect, it } from 'vitest';
import { callMinutes, smsSegments } from './billed-units';

describe('callMinutes: seconds rounded up to whole minutes, per call', () => {
  it.each([
    [0, 0],
    [1, 1],
    [59.9, 1],
    [60, 1],
    [61, 2],
    [3600, 60],
  ])('%s s is %s min', (seconds, minutes) => {
    expect(callMinutes(seconds)).toBe(minutes);
  });

  it('refuses a negative or missing duration', () => {
    expect(() => callMinutes(-1)).toThrow('seconds');
    expect(() => callMinutes(Number.NaN)).toThrow('seconds');
  });
});

describe('smsSegments: by the encoding the text needs', () => {
  it.each([
    ['empty', '', 1],
    ['160 GSM-7 characters', 'a'.repeat(160), 1],
    ['161 GSM-7 characters', 'a'.repeat(161), 2],
    ['306 GSM-7 characters (2 × 153)', 'a'.repeat(306), 2],
    ['307 GSM-7 characters', 'a'.repeat(307), 3],
    ['80 euro signs (two septets each: 160)', '€'.repeat(80), 1],
    ['81 euro signs (162 septets)', '€'.repeat(81), 2],
    ['accents of the GSM set (é, ñ, ü)', 'Señor Müller, café at 5?', 1],
    ['70 UCS-2 characters', 'ć'.repeat(70), 1],
    ['71 UCS-2 characters', 'ć'.repeat(71), 2],
    ['one emoji makes all of it UCS-2 (two UTF-16 units each): 69 + 2 units', `${'a'.repeat(69)}👍`, 2],
    ['68 GSM-7 characters and an emoji: 70 UCS-2 units', `${'a'.repeat(68)}👍`, 1],
    ['134 UCS-2 units (2 × 67)', 'ć'.repeat(134), 2],
  ])('%s', (_what, body, segments) => {
    expect(smsSegments(body)).toBe(segments);
  });
});
