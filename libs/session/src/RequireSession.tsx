import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@crm/ui';
import { LOGIN_PATH } from './public-paths';
import { sessionRedirect } from './redirect-rules';
import { rememberReturnPath } from './return-path';
import { useSessionContext } from './session-context';
import { useLoginStack } from './useLoginStack';

export type RequireSessionProps = {
  /** Rendered when the session passes the rules; default the child routes (<Outlet />). */
  children?: ReactNode;
  /** Send unpaid accounts to /billing (spec part 1 §2). Default true; turn off for a brand without billing. */
  requirePaid?: boolean;
  /** Shown while the session check loads. */
  fallback?: ReactNode;
};

function Loading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading your session" size="lg" />
    </div>
  );
}

/**
 * Route element for everything behind the login: shows a loading state during the session check,
 * then applies the redirect rules of spec part 1 §2 (see `sessionRedirect`). Without a session it
 * goes to /login and remembers the path for after the login.
 */
export function RequireSession({ children, requirePaid = true, fallback }: RequireSessionProps) {
  const { user, loading } = useSessionContext();
  const { stack } = useLoginStack();
  const location = useLocation();

  if (!user && loading) return <>{fallback ?? <Loading />}</>;

  const target = sessionRedirect(user, {
    pathname: location.pathname,
    loginStack: stack,
    requirePaid,
  });
  if (target === LOGIN_PATH) {
    rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={LOGIN_PATH} replace />;
  }
  if (target) return <Navigate to={target} replace />;
  return <>{children ?? <Outlet />}</>;
}
