import { useSessionContext, type SessionState } from './session-context';

export type { SessionState };

/** The session: `{ user, loading, error, invalidate, setUser }`. */
export function useSession(): SessionState {
  const { user, loading, error, invalidate, setUser } = useSessionContext();
  return { user, loading, error, invalidate, setUser };
}
