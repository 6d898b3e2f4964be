import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { useSessionContext, type SessionState } from './session-context';
import { sessionQueryOptions } from './session-query';
import { useSession } from './useSession';

/**
 * The session on a public page that wants to know the user (public routes skip the session check;
 * for example /terms-of-use?accept=1 after a reload). Runs the check there too; a 401 does not
 * leave the page.
 */
export function useSessionCheck(): SessionState {
  const client = useApiClient();
  const { checkEnabled } = useSessionContext();
  useQuery({ ...sessionQueryOptions(client), enabled: checkEnabled });
  return useSession();
}
