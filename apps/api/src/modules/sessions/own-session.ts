import { RECENT_AUTH_MINUTES } from '@crm/contract';
import { forbidden } from '../../lib/http-errors';
import type { Identity } from './identity';
import type { SessionRow } from './sessions.repository';

export const KEY_NOT_ALLOWED = 'This needs a signed-in browser session; an API key cannot do it';
export const NOT_WHILE_IMPERSONATING = 'Not while signed in as another user: only the account owner can do this';

/**
 * The caller's own browser session: a key or user token, or a session opened as another user
 * (login as, impersonate), answers 403 with a message saying why. Credential changes and the
 * re-authentication itself need one.
 */
export function ownSession(identity: Identity): SessionRow {
  if (!identity.session) throw forbidden({ user: KEY_NOT_ALLOWED });
  if (identity.session.actorSessionId) throw forbidden({ user: NOT_WHILE_IMPERSONATING });
  return identity.session;
}

/** Signed in or re-authenticated within RECENT_AUTH_MINUTES. */
export function recentlyAuthenticated(session: SessionRow, now = Date.now()): boolean {
  const at = session.reauthenticatedAt?.getTime();
  return at !== undefined && now - at < RECENT_AUTH_MINUTES * 60_000;
}
