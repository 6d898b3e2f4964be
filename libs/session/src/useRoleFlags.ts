import { useMemo } from 'react';
import { roleFlags, type RoleFlags } from './role-flags';
import { useSessionContext } from './session-context';

/** Role flags of the signed-in user (sub_admin sets sub_admin and admin; others their own flag). */
export function useRoleFlags(): RoleFlags {
  const { user } = useSessionContext();
  const accountType = user?.profile.account_type ?? null;
  return useMemo(() => roleFlags(accountType), [accountType]);
}
