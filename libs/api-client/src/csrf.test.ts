import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, addCsrfHeader, readCookie } from './csrf';

afterEach(() => {
  document.cookie = 'crm_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('readCookie', () => {
  it('reads one cookie, decoded', () => {
    expect(readCookie('crm_csrf', 'a=1; crm_csrf=x%2By%3D%3D; b=2')).toBe('x+y==');
    expect(readCookie('crm_csrf', 'xcrm_csrf=1')).toBeUndefined();
    expect(readCookie('crm_csrf', '')).toBeUndefined();
  });
  it('keeps a value that is not valid percent-encoding', () => {
    expect(readCookie('a', 'a=%E0%A4%A')).toBe('%E0%A4%A');
  });
  it('reads document.cookie by default', () => {
    document.cookie = 'crm_csrf=abc; path=/';
    expect(readCookie(CSRF_COOKIE)).toBe('abc');
  });
});

describe('addCsrfHeader', () => {
  it('adds X-CSRF-Token from the crm_csrf cookie on non-GET requests only', () => {
    document.cookie = 'crm_csrf=abc; path=/';
    expect(CSRF_HEADER).toBe('X-CSRF-Token');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const headers = new Headers();
      addCsrfHeader(headers, method);
      expect(headers.get('X-CSRF-Token')).toBe('abc');
    }
    const get = new Headers();
    addCsrfHeader(get, 'GET');
    expect(get.has('X-CSRF-Token')).toBe(false);
  });
});
