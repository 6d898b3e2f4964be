import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { clearUserStorage } from './local-state';
import { loginStack } from './login-stack';
import { LOGIN_PATH } from './public-paths';
import { forgetReturnPath } from './return-path';
import { useSessionContext } from './session-context';
import { sessionEvents } from './session-events';

export type LogoutOptions = {
  /** Where to go once signed out; default /login. `false` stays (the SSO logout page). */
  redirectTo?: string | false;
};

/**
 * Logout (spec part 1 §4), in this order: hide the mini calendar (`hideMiniCalendar` event), clear
 * cached search state (the user's `storageKey` entries in local storage), clear the login stack,
 * DELETE /v1/sessions, go to /login; then the query cache is cleared (logged-in state is reset
 * completely). While it runs `useSession().loading` is true; if the call fails, loading is reset
 * and the error re-thrown.
 */
export function useLogout(options: LogoutOptions = {}): () => Promise<void> {
  const { redirectTo = LOGIN_PATH } = options;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user, setLoggingOut, forgetEndedSession } = useSessionContext();
  const userId = user?.id ?? null;

  return useCallback(async () => {
    setLoggingOut(true);
    try {
      sessionEvents.emit('hideMiniCalendar', undefined);
      clearUserStorage(userId);
      loginStack.clear();
      await client.call('destroySession');
    } catch (error) {
      setLoggingOut(false);
      throw error;
    }
    forgetReturnPath();
    if (redirectTo !== false) navigate(redirectTo, { replace: true });
    queryClient.clear();
    forgetEndedSession();
    sessionEvents.emit('signedOut', { reason: 'logout' });
    setLoggingOut(false);
  }, [client, queryClient, navigate, userId, setLoggingOut, forgetEndedSession, redirectTo]);
}
