import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '@crm/contract';
import { loginStack } from './login-stack';
import { takeReturnPath } from './return-path';
import { useSessionContext } from './session-context';

/**
 * Login success without a pending second factor (spec part 1 §4): the stored login stack is
 * cleared, whatever another user left in the query cache goes, the user becomes the session, and
 * the browser goes to the remembered path or /.
 */
export function useCompleteSignIn(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setUser } = useSessionContext();
  return useCallback(
    (user: CurrentUser) => {
      loginStack.clear();
      queryClient.removeQueries();
      setUser(user);
      navigate(takeReturnPath(), { replace: true });
    },
    [queryClient, navigate, setUser],
  );
}
