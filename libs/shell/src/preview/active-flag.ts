import { useSyncExternalStore } from 'react';
import { readCookie } from '@crm/api-client';

/**
 * The domain cookie development, stage and demo environments set from the active feature flag
 * (spec part 1 §9); the server sets it when an administrator chooses a flag to preview.
 */
export const ACTIVE_FLAG_COOKIE = 'crm_active_flag';

const CHANGE_EVENT = 'crm:active-flag-change';

/** Tells the preview banner to read the cookie again (after the previewed flag changed). */
export function notifyActiveFlagChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

type CookieStoreLike = EventTarget;

function subscribe(onChange: () => void): () => void {
  const cookieStore = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore;
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('focus', onChange);
  cookieStore?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('focus', onChange);
    cookieStore?.removeEventListener('change', onChange);
  };
}

function snapshot(): string | null {
  return readCookie(ACTIVE_FLAG_COOKIE) || null;
}

/** The flag being previewed (the `crm_active_flag` cookie), or null. */
export function useActiveFlagCookie(): string | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
