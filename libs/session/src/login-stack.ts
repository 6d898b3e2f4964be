import { storageKey } from '@crm/util';

/** Markers of the login stack (spec part 1 §4, Impersonation). */
export const LOGIN_MARKERS = [
  'login_as',
  'impersonate',
  'impersonating_as_rm',
  'logged_as_bu_admin',
  'logged_as_admin',
  'impersonating',
] as const;
export type LoginMarker = (typeof LOGIN_MARKERS)[number];

/**
 * The stack outlives the user switch it records (an admin's "login as" changes the signed-in user),
 * so it is stored under the user-less key `guest:0.2.37:login_stack`.
 */
export const LOGIN_STACK_KEY = storageKey(null, 'login_stack');

export type LoginStackStore = {
  get(): readonly LoginMarker[];
  push(marker: LoginMarker): void;
  pop(): LoginMarker | undefined;
  clear(): void;
  subscribe(listener: () => void): () => void;
};

function isMarker(value: unknown): value is LoginMarker {
  return typeof value === 'string' && (LOGIN_MARKERS as readonly string[]).includes(value);
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const EMPTY: readonly LoginMarker[] = Object.freeze([]);

/** A login stack persisted in local storage under `key`, shared by every hook that reads it. */
export function createLoginStackStore(key: string = LOGIN_STACK_KEY): LoginStackStore {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cached: readonly LoginMarker[] = EMPTY;

  function read(): readonly LoginMarker[] {
    const raw = storage()?.getItem(key) ?? null;
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cached = Array.isArray(parsed) ? Object.freeze(parsed.filter(isMarker)) : EMPTY;
    } catch {
      cached = EMPTY;
    }
    return cached;
  }

  function write(next: readonly LoginMarker[]) {
    const store = storage();
    if (next.length === 0) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(next));
    for (const listener of [...listeners]) listener();
  }

  function handleStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) for (const listener of [...listeners]) listener();
  }

  return {
    get: read,
    push(marker) {
      write([...read(), marker]);
    },
    pop() {
      const current = read();
      const top = current[current.length - 1];
      if (top !== undefined) write(current.slice(0, -1));
      return top;
    },
    clear() {
      if (read().length > 0) write([]);
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', handleStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', handleStorage);
      };
    },
  };
}

/** The app's login stack. */
export const loginStack: LoginStackStore = createLoginStackStore();
