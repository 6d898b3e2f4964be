import { SYSTEM_VERSION, storageKey } from '@crm/util';

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const anyUserKey = new RegExp(`^\\d+:${SYSTEM_VERSION.replace(/\./g, '\\.')}:`);

/**
 * Clears cached per-user state in local storage (cached search state and the like): every key made
 * with `storageKey(userId, ...)`, or with `null` every signed-in user's keys. User-less keys (the
 * login stack) are left alone.
 */
export function clearUserStorage(userId: number | null): void {
  const store = localStore();
  if (!store) return;
  const prefix = userId === null ? null : storageKey(userId, '');
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key === null) continue;
    if (prefix === null ? anyUserKey.test(key) : key.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
