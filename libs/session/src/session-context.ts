import { createContext, useContext } from 'react';
import type { CurrentUser } from '@crm/contract';

export type SessionState = {
  /** The signed-in user, or null (signed out, or not loaded on a public page). */
  user: CurrentUser | null;
  /** The session check is loading (no data, no error yet), or a logout is under way. */
  loading: boolean;
  /** Set when the session check was refused ('Unauthorized') or failed. */
  error: Error | null;
  /** Refetches the session check (after anything that changes the user or its account flags). */
  invalidate(): Promise<void>;
  /** Puts a user answered by the API (login, profile updates) into the session without a refetch. */
  setUser(user: CurrentUser): void;
};

export type SessionContextValue = SessionState & {
  setLoggingOut(value: boolean): void;
  /** After a logout: forget the error of an earlier 401 (the signed-out state starts clean). */
  forgetEndedSession(): void;
  /** False after a 401 ended the session, until someone signs in: no session check runs. */
  checkEnabled: boolean;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value)
    throw new Error('useSession and the session components need a <SessionProvider> above them.');
  return value;
}
