import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, useApiClient } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { BrandUserProvider, ThemeOverrides } from '@crm/variant';
import { loginStack } from './login-stack';
import { isPublicPath, LOGIN_PATH } from './public-paths';
import { rememberReturnPath } from './return-path';
import { sessionBridge, type SessionBridge } from './session-bridge';
import { reauthBridge, type ReauthBridge } from './reauth-bridge';
import { SessionContext, type SessionContextValue } from './session-context';
import { sessionEvents } from './session-events';
import { sessionQueryKey, sessionQueryOptions } from './session-query';

/** The re-authentication dialog, fetched once someone is signed in: the public pages (login) never load it. */
const ReauthDialog = lazy(() => import('./ReauthDialog').then((module) => ({ default: module.ReauthDialog })));

export type SessionProviderProps = {
  children: ReactNode;
  /** A server-supplied user: the session check's initial data (seeds the cache once, on mount). */
  initialUser?: CurrentUser | null;
  /** Where the api-client's 401s arrive (default: the app-wide `sessionBridge`). */
  bridge?: SessionBridge;
  /** Where the api-client's re-authentication requests arrive (default: the app-wide `reauthBridge`). */
  reauth?: ReauthBridge;
};

/** Spec part 1 §8: a session check that is not ok raises 'Unauthorized' (the ApiError is its cause). */
function unauthorizedError(cause: ApiError): Error {
  return new Error('Unauthorized', { cause });
}

/**
 * The session (spec part 1 §4, Session check): GET /auth/profile in TanStack Query, not run on the
 * public routes (they need no user loading; a user already known stays available there). While
 * mounted it handles the api-client's 401s: the query cache is cleared and, outside the public
 * pages, the browser goes to /login remembering where it was. Render it inside the router.
 * It also tells `useFlag` whom to answer for (the user's `features`) and puts the user's profile
 * theme over the brand's (ThemeOverrides).
 */
export function SessionProvider({
  children,
  initialUser,
  bridge = sessionBridge,
  reauth = reauthBridge,
}: SessionProviderProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);
  // The error of the 401 that ended the session. The cache is cleared then, so the query cannot carry
  // it; and the session check stays off until someone signs in (no second 401 on the way to /login).
  const [ended, setEnded] = useState<Error | null>(null);

  // The server-supplied user seeds the cache once (as `initialData` it would come back after every
  // cache clear, signing a logged-out user in again).
  useState(() => {
    if (initialUser && queryClient.getQueryData(sessionQueryKey) === undefined) {
      queryClient.setQueryData(sessionQueryKey, initialUser);
    }
    return null;
  });

  const checkEnabled = ended === null;
  const query = useQuery({
    ...sessionQueryOptions(client),
    enabled: checkEnabled && !isPublicPath(location.pathname),
  });

  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location]);

  // A layout effect: attached before the first session check can answer.
  useLayoutEffect(
    () =>
      bridge.attach((apiError) => {
        const { pathname, search, hash } = locationRef.current;
        const hadUser = queryClient.getQueryData(sessionQueryKey) !== undefined;
        queryClient.clear();
        setEnded(unauthorizedError(apiError));
        // A wrong password on /login is a 401 too, but no session ended there.
        if (hadUser) sessionEvents.emit('signedOut', { reason: 'unauthorized' });
        if (isPublicPath(pathname)) return;
        rememberReturnPath(`${pathname}${search}${hash}`);
        navigate(LOGIN_PATH, { replace: true });
      }),
    [bridge, queryClient, navigate],
  );

  // A 403 naming an account gate: the user's flags changed on the server (a plan lapsed, a password
  // change was forced); the session is checked again and RequireSession redirects by its rules.
  useLayoutEffect(
    () => bridge.attachGate(() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })),
    [bridge, queryClient],
  );

  const user = query.data ?? null;

  // The server says who is impersonating (impersonated_by); keep the stored login stack in line with it.
  const impersonatedBy = user?.impersonated_by ?? null;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    if (!impersonatedBy) loginStack.clear();
    else if (loginStack.get().length === 0) loginStack.push(impersonatedBy.login_type);
  }, [userId, impersonatedBy]);

  const invalidate = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    [queryClient],
  );
  const setUser = useCallback(
    (next: CurrentUser) => {
      queryClient.setQueryData(sessionQueryKey, next);
      setEnded(null);
    },
    [queryClient],
  );

  const forgetEndedSession = useCallback(() => setEnded(null), []);

  const rawError = query.error;
  const queryError = useMemo(
    () => (rawError instanceof ApiError ? unauthorizedError(rawError) : rawError),
    [rawError],
  );
  const error = user ? null : (queryError ?? ended);

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      loading: query.isLoading || loggingOut,
      error,
      invalidate,
      setUser,
      setLoggingOut,
      forgetEndedSession,
      checkEnabled,
    }),
    [
      user,
      query.isLoading,
      loggingOut,
      error,
      invalidate,
      setUser,
      forgetEndedSession,
      checkEnabled,
    ],
  );

  // Below the session, useFlag answers the signed-in user's server-resolved flags (the brand's
  // matrix for nobody when signed out), and the user's own theme overrides the brand's colours.
  const profile = user?.profile;
  return (
    <SessionContext.Provider value={value}>
      <BrandUserProvider role={profile?.account_type ?? null} features={user?.features ?? null}>
        <ThemeOverrides
          primaryColor={profile?.primary_color}
          background={profile?.background}
          fontSize={profile?.font_size}
        />
        {children}
        {user && (
          <Suspense fallback={null}>
            <ReauthDialog user={user} bridge={reauth} />
          </Suspense>
        )}
      </BrandUserProvider>
    </SessionContext.Provider>
  );
}
