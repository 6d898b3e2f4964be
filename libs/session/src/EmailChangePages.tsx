import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { Button } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { useSessionContext } from './session-context';
import { sessionQueryKey, sessionQueryOptions } from './session-query';

export type EmailChangePageProps = {
  /** Shown above the heading (the brand's logo). */
  logo?: ReactNode;
};

const MISSING_TOKEN = 'This link is incomplete. Open the whole link from the e-mail.';

type TokenActionProps = {
  /** What the button does, for example "Confirm my new address". */
  label: string;
  variant?: 'primary' | 'danger';
  run(token: string): Promise<string>;
  done(email: string): ReactNode;
  /** Told the answer's address once the action has worked. */
  onDone?(email: string): void;
};

/** Where a public link's page leads back: sign-in, or the app for a user who is signed in. */
function BackLink() {
  const { user } = useSessionContext();
  return user ? (
    <Link to="/" className="text-sm text-primary underline">
      Back to the app
    </Link>
  ) : (
    <Link to="/login" className="text-sm text-primary underline">
      Back to sign in
    </Link>
  );
}

/**
 * The screen behind an e-mailed link: nothing happens until the button is pressed, so a mail
 * scanner that opens links cannot act for the user. The server's refusal (expired, used, taken)
 * shows under the button.
 */
function TokenAction({ label, variant = 'primary', run, done, onDone }: TokenActionProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const [result, setResult] = useState<string | null>(null);

  if (result !== null) return <div className="flex flex-col gap-4">{done(result)}</div>;

  const handleClick = async () => {
    setPending(true);
    setError(null);
    try {
      const email = await run(token);
      setResult(email);
      onDone?.(email);
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Button type="button" variant={variant} loading={pending} disabled={!token} onClick={handleClick}>
        {label}
      </Button>
      <FormError message={error} />
      <BackLink />
    </div>
  );
}

/**
 * /email-change/confirm?token=…: the link sent to a new address makes it the account's address.
 * Once confirmed, the heading and subtitle say so; a signed-in user (their session is fetched
 * again, with the new address) goes on to their profile, anyone else to sign in.
 */
export function EmailChangeConfirmPage({ logo }: EmailChangePageProps) {
  const client = useApiClient();
  // A public page runs no session check by itself; this one asks (once) whether someone is signed
  // in, as the link is often opened in a new tab of a signed-in browser.
  useQuery({ ...sessionQueryOptions(client), retry: false, staleTime: Infinity });
  const { user } = useSessionContext();
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  return (
    <AuthLayout
      title={confirmed === null ? 'Confirm your new e-mail address' : 'Your new e-mail address is confirmed'}
      logo={logo}
      description={
        confirmed === null
          ? 'Your account keeps its current address until you confirm the new one.'
          : `Your account's e-mail address is now ${confirmed}.`
      }
    >
      <TokenAction
        label="Confirm my new address"
        run={async (token) => (await client.call('confirmEmailChange', { body: { token } })).email}
        onDone={(email) => {
          setConfirmed(email);
          if (user) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }}
        done={(email) =>
          user ? (
            <>
              <p role="status">Your e-mail address is now {email}. Use it to sign in from now on.</p>
              <Link to="/account/profile" className="text-sm text-primary underline">
                Go to my profile
              </Link>
            </>
          ) : (
            <>
              <p role="status">Your e-mail address is now {email}. Sign in with it from now on.</p>
              <Link to="/login" className="text-sm text-primary underline">
                Sign in
              </Link>
            </>
          )
        }
      />
    </AuthLayout>
  );
}

/**
 * /email-change/not-me?token=…: from the notice to the old address. Cancels (or undoes) the change,
 * ends every session and API key, and the account must get a new password.
 */
export function EmailChangeReportPage({ logo }: EmailChangePageProps) {
  const client = useApiClient();
  return (
    <AuthLayout
      title="This was not me"
      logo={logo}
      description="We will cancel the e-mail change, sign out every session, revoke your API keys and API token, and ask for a new password."
    >
      <TokenAction
        label="Cancel the change and secure my account"
        variant="danger"
        run={async (token) => (await client.call('reportEmailChange', { body: { token } })).email}
        done={(email) => (
          <>
            <p role="status">
              Done. The e-mail change is cancelled and your address is {email}. Every session is signed out
              and your API keys and API token no longer work. You must choose a new password: sign in and you
              will be asked for one, or reset it if you do not know your password.
            </p>
            <div className="flex gap-4">
              <Link to="/login" className="text-sm text-primary underline">
                Sign in
              </Link>
              <Link to="/reset-password" className="text-sm text-primary underline">
                Reset my password
              </Link>
            </div>
          </>
        )}
      />
    </AuthLayout>
  );
}
