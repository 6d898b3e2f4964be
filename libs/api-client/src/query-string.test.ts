import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('writes arrays in bracket form', () => {
    expect(toQueryString({ types_list: ['a', 'b'] })).toBe('?types_list[]=a&types_list[]=b');
  });
  it('writes nested objects as a[b]=c', () => {
    expect(toQueryString({ a: { b: 'c', d: { e: 1 } } })).toBe('?a[b]=c&a[d][e]=1');
  });
  it('skips undefined and null, keeps false, 0 and empty strings', () => {
    expect(toQueryString({ a: undefined, b: null, c: false, d: 0, e: '' })).toBe('?c=false&d=0&e=');
    expect(toQueryString({ list: [1, null, 2] })).toBe('?list[]=1&list[]=2');
  });
  it('encodes keys and values', () => {
    expect(toQueryString({ 'full name': 'Ann & Bo', q: 'a=b' })).toBe(
      '?full%20name=Ann%20%26%20Bo&q=a%3Db',
    );
  });
  it('writes dates as ISO strings', () => {
    expect(toQueryString({ from: new Date('2024-01-02T03:04:05Z') })).toBe(
      '?from=2024-01-02T03%3A04%3A05.000Z',
    );
  });
  it('gives an empty string when nothing is left', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: undefined, b: [] })).toBe('');
  });
});
