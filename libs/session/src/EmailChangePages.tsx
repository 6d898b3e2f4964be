import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { Button } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';

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
};

/**
 * The screen behind an e-mailed link: nothing happens until the button is pressed, so a mail
 * scanner that opens links cannot act for the user. The server's refusal (expired, used, taken)
 * shows under the button.
 */
function TokenAction({ label, variant = 'primary', run, done }: TokenActionProps) {
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
      setResult(await run(token));
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
      <Link to="/login" className="text-sm text-primary underline">
        Back to sign in
      </Link>
    </div>
  );
}

/** /email-change/confirm?token=…: the link sent to a new address makes it the account's address. */
export function EmailChangeConfirmPage({ logo }: EmailChangePageProps) {
  const client = useApiClient();
  return (
    <AuthLayout
      title="Confirm your new e-mail address"
      logo={logo}
      description="Your account keeps its current address until you confirm the new one."
    >
      <TokenAction
        label="Confirm my new address"
        run={async (token) => (await client.call('confirmEmailChange', { body: { token } })).email}
        done={(email) => (
          <>
            <p role="status">Your e-mail address is now {email}. Sign in with it from now on.</p>
            <Link to="/login" className="text-sm text-primary underline">
              Sign in
            </Link>
          </>
        )}
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
