import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { Spinner } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { SecondFactorForm, type SecondFactorChallenge } from './SecondFactorForm';
import type { SsoReauthMessage } from './sso-reauth';
import { useCompleteSignIn } from './useCompleteSignIn';

export type SsoCallbackPageProps = {
  logo?: ReactNode;
  /** The re-authentication callback (SSO_REAUTH_CALLBACK_PATH), in the popup of the re-authentication dialog. */
  reauth?: boolean;
};

type CallbackState =
  | { kind: 'pending' }
  | { kind: 'reauthenticated' }
  | { kind: 'challenge'; challenge: SecondFactorChallenge }
  | { kind: 'failed'; message: string };

/**
 * /api/auth/callback: the identity provider returns here with `code` and `state`; they go to
 * POST /v1/sessions/sso, which signs in like the login (a second factor is possible). With
 * `reauth` (/api/auth/callback/reauth: a re-authentication the re-authentication dialog opened in a
 * popup) they go to POST /v1/sessions/reauthenticate instead, and the popup tells its opener and closes.
 */
export function SsoCallbackPage({ logo, reauth = false }: SsoCallbackPageProps) {
  const client = useApiClient();
  const completeSignIn = useCompleteSignIn();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const providerError = searchParams.get('error_description') ?? searchParams.get('error');
  const [result, setResult] = useState<CallbackState>(() =>
    providerError || !code || !state
      ? { kind: 'failed', message: providerError ?? 'The single sign-on answer is incomplete.' }
      : { kind: 'pending' },
  );
  // The code can be exchanged once only: the effect must not post twice (React's strict mode runs it twice).
  const started = useRef(false);

  useEffect(() => {
    if (started.current || providerError || !code || !state) return;
    started.current = true;
    if (reauth) {
      // a re-authentication in a popup: it stamps the opener's session (same cookie) and tells the opener
      const tell = (message: SsoReauthMessage) => window.opener?.postMessage(message, window.location.origin);
      client
        .call('reauthenticate', { body: { code, state } })
        .then(() => {
          tell({ type: 'crm:sso-reauth', ok: true });
          setResult({ kind: 'reauthenticated' });
          window.close();
        })
        .catch((error: unknown) => {
          const message = apiErrorMessage(error);
          tell({ type: 'crm:sso-reauth', ok: false, message });
          setResult({ kind: 'failed', message });
        });
      return;
    }
    client
      .call('createSsoSession', { body: { code, state } })
      .then((answer) => {
        if ('authorization_url' in answer)
          setResult({ kind: 'failed', message: 'Single sign-on did not complete.' });
        else if (answer.otp_required) setResult({ kind: 'challenge', challenge: answer });
        else completeSignIn(answer.user);
      })
      .catch((error: unknown) => setResult({ kind: 'failed', message: apiErrorMessage(error) }));
  }, [client, code, state, providerError, completeSignIn, reauth]);

  if (result.kind === 'reauthenticated') {
    return (
      <AuthLayout title="Confirmed" logo={logo}>
        <p className="text-sm">It is you: close this window and go on where you were.</p>
      </AuthLayout>
    );
  }

  if (result.kind === 'challenge') {
    return (
      <AuthLayout title="Two-factor verification" logo={logo}>
        <SecondFactorForm challenge={result.challenge} onSuccess={completeSignIn} />
      </AuthLayout>
    );
  }

  if (result.kind === 'failed') {
    return (
      <AuthLayout title="Single sign-on failed" logo={logo}>
        <div className="flex flex-col gap-4">
          <FormError message={result.message} />
          <Link to="/login" className="text-sm text-primary underline">
            Back to sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Signing you in" logo={logo}>
      <Spinner label="Signing you in" size="lg" />
    </AuthLayout>
  );
}
