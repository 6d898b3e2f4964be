import { ACCESS_DENIED } from '@crm/contract';
import { toast } from '@crm/ui';

/** The message of a 403 answer: its body's errors.user, 'Access denied!' otherwise. */
export function accessDeniedMessage(error: unknown): string {
  const body = (error as { body?: unknown } | null)?.body;
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  const user = (errors as { user?: unknown } | null | undefined)?.user;
  if (typeof user === 'string' && user.trim()) return user;
  if (Array.isArray(user) && typeof user[0] === 'string' && user[0].trim()) return user[0];
  return ACCESS_DENIED;
}

export const ACCESS_DENIED_TOAST_ID = 'access-denied';

/**
 * Shows the 403 toast (spec part 1 §6: 'Access denied!'). Wire it as api-client's onForbidden:
 * `createApiClient({ onForbidden: showAccessDenied })`. Repeated 403s share one toast.
 */
export function showAccessDenied(error: unknown): void {
  toast.error(accessDeniedMessage(error), { id: ACCESS_DENIED_TOAST_ID });
}
