/** System version of spec part 1 §9; local storage keys carry it so a new version starts clean. */
export const SYSTEM_VERSION = '0.2.37';

/**
 * Local storage key prefixed with the user id and the system version: `42:0.2.37:login_stack`.
 * Without a signed-in user the prefix is `guest`.
 */
export function storageKey(userId: number | null, key: string): string {
  return `${userId ?? 'guest'}:${SYSTEM_VERSION}:${key}`;
}
