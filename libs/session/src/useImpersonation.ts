import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { loginStack, type LoginMarker } from './login-stack';
import { useSessionContext } from './session-context';

/** Replaces the session's user after a user switch; the other user's cached data goes. */
function useSwitchUser(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setUser } = useSessionContext();
  return useCallback(
    (user: CurrentUser) => {
      queryClient.removeQueries();
      setUser(user);
      navigate('/', { replace: true });
    },
    [queryClient, navigate, setUser],
  );
}

/**
 * Starts a session as another user (admin area: POST /v1/admin/users/{id}/login with login_type
 * login_as or impersonate). Pushes `marker` (default: the login type) onto the login stack.
 */
export function useLoginAs(): (
  userId: number,
  loginType: 'login_as' | 'impersonate',
  marker?: LoginMarker,
) => Promise<CurrentUser> {
  const client = useApiClient();
  const switchUser = useSwitchUser();
  return useCallback(
    async (userId, loginType, marker) => {
      const { user } = await client.call('adminLoginAs', {
        params: { id: userId },
        body: { login_type: loginType },
      });
      loginStack.push(marker ?? loginType);
      switchUser(user);
      return user;
    },
    [client, switchUser],
  );
}

/**
 * Ends an impersonation (POST /v1/sessions/{id} with the impersonated user's id): pops the login
 * stack and returns to the original user, answered by the server.
 */
export function useEndImpersonation(): (impersonatedUserId: number) => Promise<CurrentUser> {
  const client = useApiClient();
  const switchUser = useSwitchUser();
  return useCallback(
    async (impersonatedUserId) => {
      const { user } = await client.call('endImpersonation', {
        params: { id: impersonatedUserId },
      });
      loginStack.pop();
      switchUser(user);
      return user;
    },
    [client, switchUser],
  );
}
