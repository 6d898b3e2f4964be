import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoginStackStore, LOGIN_STACK_KEY, loginStack } from './login-stack';
import { useLoginStack } from './useLoginStack';

afterEach(() => localStorage.clear());

describe('login stack store', () => {
  it('pushes, pops and clears, persisted under the storage key', () => {
    const store = createLoginStackStore('test:stack');
    store.push('login_as');
    store.push('impersonating_as_rm');
    expect(store.get()).toEqual(['login_as', 'impersonating_as_rm']);
    expect(JSON.parse(localStorage.getItem('test:stack') ?? '[]')).toEqual([
      'login_as',
      'impersonating_as_rm',
    ]);

    expect(store.pop()).toBe('impersonating_as_rm');
    expect(store.get()).toEqual(['login_as']);

    store.clear();
    expect(store.get()).toEqual([]);
    expect(localStorage.getItem('test:stack')).toBeNull();
    expect(store.pop()).toBeUndefined();
  });

  it('reads what another store instance (another tab) wrote and ignores unknown markers', () => {
    localStorage.setItem('test:other', JSON.stringify(['logged_as_admin', 'nonsense', 3]));
    expect(createLoginStackStore('test:other').get()).toEqual(['logged_as_admin']);
    localStorage.setItem('test:other', 'not json');
    expect(createLoginStackStore('test:other').get()).toEqual([]);
  });

  it('uses the user-less storage key with the system version', () => {
    expect(LOGIN_STACK_KEY).toBe('guest:0.2.37:login_stack');
  });
});

describe('useLoginStack', () => {
  it('re-renders every reader when the stack changes', () => {
    const first = renderHook(() => useLoginStack());
    const second = renderHook(() => useLoginStack());

    act(() => first.result.current.push('impersonate'));
    expect(second.result.current.stack).toEqual(['impersonate']);

    act(() => second.result.current.push('logged_as_bu_admin'));
    expect(first.result.current.stack).toEqual(['impersonate', 'logged_as_bu_admin']);

    let popped: string | undefined;
    act(() => {
      popped = first.result.current.pop();
    });
    expect(popped).toBe('logged_as_bu_admin');
    expect(second.result.current.stack).toEqual(['impersonate']);

    act(() => loginStack.clear());
    expect(first.result.current.stack).toEqual([]);
  });
});
