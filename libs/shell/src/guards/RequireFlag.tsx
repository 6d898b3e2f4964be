import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import type { Role } from '@crm/contract';
import { useSession } from '@crm/session';
import { useFlag, type FlagName } from '@crm/variant';
import { roleMatches } from '../navigation/nav-items';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';

export type RequireFlagProps = {
  /** The feature flag the route needs (the signed-in user's resolved flags). */
  flag?: FlagName;
  /** Only these roles may open the route (sub_admin counts as admin, unless `exactRoles`). */
  roles?: readonly Role[];
  /** `roles` as listed: sub_admin does not count as admin (a System Admin's screen). */
  exactRoles?: boolean;
  /** Rendered when allowed; default the child routes (<Outlet />). */
  children?: ReactNode;
};

function FlagGate({ flag, children }: { flag: FlagName; children: ReactNode }) {
  const on = useFlag(flag);
  return on ? <>{children}</> : <AccessDeniedPage />;
}

/**
 * Route guard for a feature: the 'Access denied!' screen instead of the route when its flag is
 * off for the user, or their role is not among `roles`. Put it inside RequireSession and the frame.
 */
export function RequireFlag({ flag, roles, exactRoles = false, children }: RequireFlagProps) {
  const { user } = useSession();
  const content = <>{children ?? <Outlet />}</>;
  if (roles && !roleMatches(user?.profile.account_type ?? null, roles, exactRoles)) {
    return <AccessDeniedPage />;
  }
  return flag ? <FlagGate flag={flag}>{content}</FlagGate> : content;
}
