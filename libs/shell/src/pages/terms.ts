import type { CurrentUser } from '@crm/contract';

/**
 * Whether the user still has to accept the terms of service: never accepted (tos false), or the
 * terms changed since they accepted (updated_tos true) — the API's reading of the two flags.
 */
export function mustAcceptTerms(
  user: Pick<CurrentUser, 'tos' | 'updated_tos'> | null | undefined,
): boolean {
  return !!user && (!user.tos || user.updated_tos);
}
