import { describe, expect, it } from 'vitest';
import { CONTACTS_CURSOR_MAX } from '@crm/contract';
import { countKey, decodeCursor, encodeCursor } from './contacts-cursor';

const key = countKey([{ kind: 'downline', companyId: 1, userId: 2 }, 'America/New_York', { q: 'smith' }]);
const raw = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('contacts cursor', () => {
  it('carries the count of the search it was made for', () => {
    const cursor = encodeCursor('last_name', 'asc', { value: 'Smith', then: 'Ann', id: 42 }, { total: 10_000, capped: true, key });
    expect(decodeCursor(cursor, 'last_name', 'asc', key)).toEqual({
      after: { value: 'Smith', then: 'Ann', id: 42 },
      count: { total: 10_000, capped: true },
    });
    // another search (or another caller, zone, filter) gets the row but not the count
    const other = countKey([{ kind: 'downline', companyId: 1, userId: 2 }, 'America/New_York', { q: 'smit' }]);
    expect(decodeCursor(cursor, 'last_name', 'asc', other)).toEqual({ after: { value: 'Smith', then: 'Ann', id: 42 }, count: undefined });
    expect(decodeCursor(cursor, 'last_name', 'asc')).toEqual({ after: { value: 'Smith', then: 'Ann', id: 42 }, count: undefined });
    expect(decodeCursor(cursor, 'last_name', 'desc', key)).toBeNull();
  });

  it('without a count, or with a malformed one, gives the row only', () => {
    const plain = encodeCursor('city', 'desc', { value: null, id: 7 });
    expect(decodeCursor(plain, 'city', 'desc', key)).toEqual({ after: { value: null, id: 7 }, count: undefined });
    for (const bad of [{ n: -1, c: false }, { n: 1.5, c: false }, { n: '3', c: false }, { n: 3, c: 'no' }, { n: 3 }]) {
      const cursor = raw({ f: 'city', o: 'desc', v: 'Austin', i: 7, s: key, ...bad });
      expect(decodeCursor(cursor, 'city', 'desc', key)).toEqual({ after: { value: 'Austin', id: 7 }, count: undefined });
    }
  });

  it('leaves the count out rather than go past the 1,500 characters the contract takes', () => {
    const value = '語'.repeat(350);
    const cursor = encodeCursor('city', 'asc', { value, id: 2_147_483_647 }, { total: 10_000, capped: true, key });
    expect(cursor.length).toBeLessThanOrEqual(CONTACTS_CURSOR_MAX);
    expect(decodeCursor(cursor, 'city', 'asc', key)).toEqual({ after: { value, id: 2_147_483_647 }, count: undefined });
    const short = encodeCursor('city', 'asc', { value: 'x'.repeat(100), id: 2_147_483_647 }, { total: 10_000, capped: true, key });
    expect(decodeCursor(short, 'city', 'asc', key)?.count).toEqual({ total: 10_000, capped: true });
  });

  it('a last-name cursor carries the first name too, and fits with names of 100 four-byte characters each', () => {
    const longest = '𠀀'.repeat(100);
    const cursor = encodeCursor('last_name', 'asc', { value: longest, then: longest, id: 2_147_483_647 }, { total: 10_000, capped: true, key });
    expect(cursor.length).toBeLessThanOrEqual(CONTACTS_CURSOR_MAX);
    expect(decodeCursor(cursor, 'last_name', 'asc', key)).toEqual({ after: { value: longest, then: longest, id: 2_147_483_647 }, count: { total: 10_000, capped: true } });
    // a last-name cursor without the first name (made before the order had it) starts over
    expect(decodeCursor(raw({ f: 'last_name', o: 'asc', v: 'Garcia', i: 7 }), 'last_name', 'asc')).toBeNull();
  });
});
