import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@crm/api-client';
import { Spinner } from '@crm/ui';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { useLogout } from './useLogout';

export type SsoLogoutPageProps = {
  logo?: ReactNode;
};

/**
 * /sso-logout: where single sign-on logout lands. Runs the logout here (nothing of the session
 * stays in this browser; an already ended session is fine) and offers to sign in again.
 */
export function SsoLogoutPage({ logo }: SsoLogoutPageProps) {
  const logout = useLogout({ redirectTo: false });
  const [status, setStatus] = useState<'pending' | 'done' | 'failed'>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout().then(
      () => setStatus('done'),
      (error: unknown) => {
        // A session that had already ended (401) leaves this browser signed out all the same.
        setStatus(error instanceof ApiError && error.status === 401 ? 'done' : 'failed');
      },
    );
  }, [logout]);

  return (
    <AuthLayout
      title={
        status === 'pending'
          ? 'Signing you out'
          : status === 'done'
            ? 'You are signed out'
            : 'Sign-out failed'
      }
      logo={logo}
    >
      {status === 'failed' ? (
        <div className="flex flex-col gap-4">
          <FormError message="We could not end your session. Check your connection and reload this page." />
          <Link to="/" className="text-sm text-primary underline">
            Back to the application
          </Link>
        </div>
      ) : status === 'done' ? (
        <div className="flex flex-col gap-4">
          <p role="status">You have been signed out of single sign-on and of this application.</p>
          <Link to="/login" className="text-sm text-primary underline">
            Sign in again
          </Link>
        </div>
      ) : (
        <Spinner label="Signing you out" size="lg" />
      )}
    </AuthLayout>
  );
}
