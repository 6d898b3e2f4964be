import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { Button } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { useSessionContext } from './session-context';
import { sessionQueryKey, sessionQueryOptions } from './session-query';
import { useApiForm } from './useApiForm';
import { OwnerProofField } from './OwnerProofField';

export type EmailChangePageProps = {
  /** Shown above the heading (the brand's logo). */
  logo?: ReactNode;
};

const MISSING_TOKEN = 'This link is incomplete. Open the whole link from the e-mail.';

type TokenActionProps<R> = {
  /** What the button does, for example "Confirm my new address". */
  label: string;
  variant?: 'primary' | 'danger';
  run(token: string): Promise<R>;
  done(result: R): ReactNode;
  /** Told the answer once the action has worked. */
  onDone?(result: R): void;
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
function TokenAction<R>({ label, variant = 'primary', run, done, onDone }: TokenActionProps<R>) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const [result, setResult] = useState<{ value: R } | null>(null);

  if (result !== null) return <div className="flex flex-col gap-4">{done(result.value)}</div>;

  const handleClick = async () => {
    setPending(true);
    setError(null);
    try {
      const value = await run(token);
      setResult({ value });
      onDone?.(value);
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

type RestoreInput = { token: string; password?: string; otp_code?: string };
type RestoreOutput = { token: string; proof: { password: string } | { otp_code: string } };

/**
 * An account held by a "this was not me" report: the old address comes back only with the
 * account's password (or, for a user with a second factor, a current code in its place).
 */
function RestoreAddressForm({ token, heldEmail }: { token: string; heldEmail: string }) {
  const client = useApiClient();
  const [byCode, setByCode] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const field = byCode ? 'otp_code' : 'password';
  const {
    register,
    submit,
    formError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useApiForm<RestoreInput, RestoreOutput>({
    schema: () => import('./auth-schemas').then((schemas) => schemas.restoreEmailChangeBody),
    defaultValues: { token, [field]: '' },
    fields: [field],
    onSubmit: async (values) => {
      const body = 'otp_code' in values.proof ? { token: values.token, otp_code: values.proof.otp_code } : { token: values.token, password: values.proof.password };
      setRestored((await client.call('restoreEmailChange', { body })).email);
    },
  });

  useEffect(() => setFocus(field), [setFocus, field]);

  if (restored !== null) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status">
          Your e-mail address is {restored} again. Sign in with it; you will be asked to choose a new password.
        </p>
        <Link to="/login" className="text-sm text-primary underline">
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p role="status">
        The change to {heldEmail} had already been confirmed, so your account is now on hold: every session is signed
        out, your API keys and API token no longer work, and nobody can sign in, by either address. To put your earlier
        address back, confirm it is your account.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Put my earlier address back">
        <OwnerProofField byCode={byCode} register={register} errors={errors} />
        <FormError message={formError} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setByCode(!byCode)}>
            {byCode ? 'Use my password instead' : 'Use a code from my authenticator app instead'}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Put my earlier address back
          </Button>
        </div>
      </form>
      <p className="text-sm text-muted">
        If you do not know the password, ask your administrator: the account stays on hold until then.
      </p>
    </div>
  );
}

/**
 * /email-change/not-me?token=…: from the notice to the old address (72 hours, once). Cancels a
 * pending change; a confirmed one puts the account on hold, and the earlier address comes back
 * with the account's password or second factor. Every session and API key ends, and the account
 * must get a new password.
 */
export function EmailChangeReportPage({ logo }: EmailChangePageProps) {
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthLayout
      title="This was not me"
      logo={logo}
      description="We will cancel the e-mail change, sign out every session, revoke your API keys and API token, and ask for a new password."
    >
      <TokenAction
        label="Cancel the change and secure my account"
        variant="danger"
        run={async (token) => {
          const answer = await client.call('reportEmailChange', { body: { token } });
          return answer.frozen ? { held: answer.email } : answer.email;
        }}
        done={(result) =>
          typeof result === 'string' ? (
            <>
              <p role="status">
                Done. The e-mail change is cancelled and your address is {result}. Every session is signed out
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
          ) : (
            <RestoreAddressForm token={token} heldEmail={result.held} />
          )
        }
      />
    </AuthLayout>
  );
}
