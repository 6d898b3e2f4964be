import { describe, expect, it } from 'vitest';
import { SYSTEM_VERSION, storageKey } from './storage-key';

describe('storageKey', () => {
  it('is prefixed with the user id and the system version 0.2.37', () => {
    expect(SYSTEM_VERSION).toBe('0.2.37');
    expect(storageKey(42, 'login_stack')).toBe('42:0.2.37:login_stack');
  });
  it('uses a guest prefix without a user', () => {
    expect(storageKey(null, 'search')).toBe('guest:0.2.37:search');
  });
  it('keeps different users apart', () => {
    expect(storageKey(1, 'search')).not.toBe(storageKey(2, 'search'));
  });
});
