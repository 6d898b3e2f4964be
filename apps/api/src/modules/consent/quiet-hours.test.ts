import { describe, expect, it } from 'vitest';
import { AREA_CODES_BY_STATE, STATE_TIME_ZONES, stateOfAreaCode, zonesOfAreaCode } from './us-area-codes';
import { isWithinWindow, nextWindowOpening, QUIET_HOURS_RULES, resolveLocation, windowOf } from './quiet-hours';

/** A recipient placed in one zone and state. */
const at = (zone: string, state?: string) => ({ zones: [zone], state, source: 'time_zone' as const });
const NY = 'America/New_York';
const CHI = 'America/Chicago';

// Instants in UTC. 2026-06-01 is a Monday (EDT UTC-4, CDT UTC-5, HST UTC-10); 2026-06-07 a Sunday.
const utc = (iso: string) => new Date(iso);

describe('the federal window, 8 am to 9 pm local', () => {
  it('holds a Honolulu contact at 9:30 am Eastern (4:30 am there) until 8 am Hawaii time', () => {
    const sent = utc('2026-12-07T14:30:00Z'); // Monday 9:30 EST, 4:30 HST
    const location = resolveLocation({ timeZone: 'hst' }, '+18085550100');
    expect(location).toMatchObject({ zones: ['Pacific/Honolulu'], state: 'HI', source: 'time_zone' });
    expect(isWithinWindow(sent, location)).toBe(false);
    expect(nextWindowOpening(sent, location)).toEqual(utc('2026-12-07T18:00:00Z')); // 8:00 HST
  });

  it('opens at 8 am and closes at 9 pm in a state without its own rule', () => {
    const ga = at(NY, 'GA');
    expect(isWithinWindow(utc('2026-06-01T11:59:00Z'), ga)).toBe(false); // 7:59
    expect(isWithinWindow(utc('2026-06-01T12:00:00Z'), ga)).toBe(true); // 8:00
    expect(isWithinWindow(utc('2026-06-02T00:59:00Z'), ga)).toBe(true); // 20:59
    expect(isWithinWindow(utc('2026-06-02T01:00:00Z'), ga)).toBe(false); // 21:00
    expect(nextWindowOpening(utc('2026-06-02T01:00:00Z'), ga)).toEqual(utc('2026-06-02T12:00:00Z'));
  });

  it('answers the moment itself when the window is open', () => {
    const open = utc('2026-06-01T15:07:00Z');
    expect(nextWindowOpening(open, at(NY, 'NY'))).toBe(open);
  });
});

describe('state rules, one test each', () => {
  it.each(['FL', 'OK', 'MD', 'MS', 'NJ', 'WA'])('%s: 8 am to 8 pm, held at 8:30 pm though 9 pm is the federal limit', (state) => {
    const zone = state === 'WA' ? 'America/Los_Angeles' : state === 'OK' || state === 'MS' ? CHI : NY;
    const location = at(zone, state);
    const evening = { NY: '2026-06-02T00:30:00Z', CHI: '2026-06-02T01:30:00Z', LA: '2026-06-02T03:30:00Z' }; // 20:30 local
    const morning = { NY: '2026-06-02T12:00:00Z', CHI: '2026-06-02T13:00:00Z', LA: '2026-06-02T15:00:00Z' }; // 8:00 next day
    const key = zone === NY ? 'NY' : zone === CHI ? 'CHI' : 'LA';
    expect(isWithinWindow(utc(evening[key]), location)).toBe(false);
    expect(nextWindowOpening(utc(evening[key]), location)).toEqual(utc(morning[key]));
    expect(isWithinWindow(utc(morning[key]), location)).toBe(true);
    expect(windowOf(state, 3)).toEqual({ open: 480, close: 1200 });
  });

  it('FL: a Florida contact (by state, no time zone) at 8:30 pm local is held', () => {
    const location = resolveLocation({ state: 'FL' }, '+13055550100');
    expect(location.source).toBe('state');
    expect(isWithinWindow(utc('2026-06-02T00:30:00Z'), location)).toBe(false); // 20:30 EDT
    expect(isWithinWindow(utc('2026-06-01T20:00:00Z'), location)).toBe(true); // 16:00 EDT
  });

  it('CT: 9 am to 8 pm', () => {
    const ct = at(NY, 'CT');
    expect(isWithinWindow(utc('2026-06-01T12:30:00Z'), ct)).toBe(false); // 8:30
    expect(nextWindowOpening(utc('2026-06-01T12:30:00Z'), ct)).toEqual(utc('2026-06-01T13:00:00Z')); // 9:00
    expect(isWithinWindow(utc('2026-06-02T00:00:00Z'), ct)).toBe(false); // 20:00
  });

  it('TX: 9 am to 9 pm Monday to Saturday, held until noon on a Sunday', () => {
    const tx = at(CHI, 'TX');
    expect(isWithinWindow(utc('2026-06-01T13:30:00Z'), tx)).toBe(false); // Monday 8:30 CDT
    expect(isWithinWindow(utc('2026-06-01T14:00:00Z'), tx)).toBe(true); // Monday 9:00
    expect(isWithinWindow(utc('2026-06-02T01:30:00Z'), tx)).toBe(true); // Monday 20:30
    const sundayTen = utc('2026-06-07T15:00:00Z'); // Sunday 10:00 CDT
    expect(isWithinWindow(sundayTen, tx)).toBe(false);
    expect(nextWindowOpening(sundayTen, tx)).toEqual(utc('2026-06-07T17:00:00Z')); // Sunday 12:00
    expect(isWithinWindow(utc('2026-06-07T14:00:00Z'), at(CHI, 'OK'))).toBe(true); // Sunday 9:00 elsewhere
  });

  it('every rule is the overlap of the federal window and the state’s, and names its source', () => {
    for (const rule of QUIET_HOURS_RULES) {
      expect(rule.source.length).toBeGreaterThan(10);
      for (let day = 0; day < 7; day++) {
        const w = windowOf(rule.where === 'US' ? undefined : rule.where, day);
        expect(w!.open).toBeGreaterThanOrEqual(480);
        expect(w!.close).toBeLessThanOrEqual(1260);
      }
    }
  });
});

describe('where the recipient is', () => {
  it('takes the contact’s time zone first, then the state, then the area code', () => {
    expect(resolveLocation({ timeZone: 'America/Denver', state: 'CO' }, '+12125550100')).toMatchObject({ zones: ['America/Denver'], state: 'CO', source: 'time_zone' });
    expect(resolveLocation({ timeZone: 'pst' }, '+12125550100')).toMatchObject({ zones: ['America/Los_Angeles'], state: 'NY' });
    expect(resolveLocation({ state: 'ca' }, '+12125550100')).toMatchObject({ zones: ['America/Los_Angeles'], state: 'CA', source: 'state' });
    expect(resolveLocation({}, '+12125550100')).toMatchObject({ zones: [NY], state: 'NY', source: 'area_code' });
    expect(resolveLocation({ timeZone: 'Not/AZone' }, '12145550100')).toMatchObject({ zones: [CHI], state: 'TX', source: 'area_code' });
  });

  it('holds a contact whose time zone no part of their state keeps (the est default left unchanged) to both', () => {
    const winter = utc('2026-12-07T14:30:00Z'); // 9:30 EST, 4:30 HST
    const location = resolveLocation({ timeZone: 'est', state: 'HI' }, '+12125550100', winter);
    expect(location.zones).toEqual([NY, 'Pacific/Honolulu']);
    expect(nextWindowOpening(winter, location)).toEqual(utc('2026-12-07T18:00:00Z'));
    expect(resolveLocation({ timeZone: 'est', state: 'IN' }, '+13175550100', winter).zones).toEqual([NY]);
    expect(resolveLocation({ timeZone: 'cst', state: 'TN' }, '+16155550100', winter).zones).toEqual([CHI]);
  });

  it('falls back to the area code: a 305 number at 8:30 pm Eastern is held under Florida’s rule', () => {
    const location = resolveLocation({}, '+13055550100');
    expect(location).toMatchObject({ zones: [NY], state: 'FL', source: 'area_code' });
    expect(isWithinWindow(utc('2026-06-02T00:30:00Z'), location)).toBe(false);
    expect(nextWindowOpening(utc('2026-06-02T00:30:00Z'), location)).toEqual(utc('2026-06-02T12:00:00Z'));
  });

  it('an El Paso 915 number is Mountain time and Texan', () => {
    expect(resolveLocation({}, '+19155550100')).toMatchObject({ zones: ['America/Denver'], state: 'TX' });
  });

  it('a state of several zones is held to the window open in all of them', () => {
    const tn = resolveLocation({ state: 'TN' }, '+19315550100');
    expect(tn.zones).toEqual([CHI, NY]);
    // 8:30 Eastern is 7:30 Central: held until 8:00 Central (9:00 Eastern).
    expect(isWithinWindow(utc('2026-06-01T12:30:00Z'), tn)).toBe(false);
    expect(nextWindowOpening(utc('2026-06-01T12:30:00Z'), tn)).toEqual(utc('2026-06-01T13:00:00Z'));
  });

  it('a number with no known area code is held to the window of every US zone', () => {
    const unknown = resolveLocation({}, '+18005550100');
    expect(unknown.source).toBe('unknown');
    expect(isWithinWindow(utc('2026-06-01T15:00:00Z'), unknown)).toBe(false); // 11 am Eastern is 5 am in Hawaii
    expect(nextWindowOpening(utc('2026-06-01T15:00:00Z'), unknown)).toEqual(utc('2026-06-01T18:00:00Z'));
  });
});

describe('the area code table', () => {
  it('lists each code once, with a state that has zones', () => {
    const all = Object.values(AREA_CODES_BY_STATE).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) {
      expect(code).toBeGreaterThanOrEqual(200);
      expect(code).toBeLessThan(1000);
      expect(STATE_TIME_ZONES[stateOfAreaCode(code)!]).toBeDefined();
      expect(zonesOfAreaCode(code)!.length).toBeGreaterThan(0);
    }
    expect(all.length).toBeGreaterThan(330);
  });

  it('covers every state and DC', () => {
    for (const state of ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY'])
      expect(AREA_CODES_BY_STATE[state]?.length, state).toBeGreaterThan(0);
    expect(stateOfAreaCode(808)).toBe('HI');
    expect(stateOfAreaCode(907)).toBe('AK');
    expect(zonesOfAreaCode(850)).toEqual([NY, CHI]);
  });
});
