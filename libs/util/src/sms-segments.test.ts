import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments';

describe('SMS segments', () => {
  it('counts GSM-7: 160 in one, then parts of 153; extension characters count two', () => {
    expect(smsSegments('Hello')).toEqual({ encoding: 'GSM-7', units: 5, segments: 1 });
    expect(smsSegments('a'.repeat(160)).segments).toBe(1);
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}[`).segments).toBe(2);
  });

  it('counts UCS-2 when one character is outside GSM-7: 70 in one, then parts of 67 (an emoji is two units)', () => {
    expect(smsSegments('Olá, ça va?')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('ç'.repeat(70)).segments).toBe(1);
    expect(smsSegments('ç'.repeat(71)).segments).toBe(2);
    expect(smsSegments('😀'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('😀'.repeat(36)).segments).toBe(2);
  });

  it('an empty body is one segment', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
  });
});
