import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { signInBody } from './auth-schemas';
import { useApiClient } from '@crm/api-client';
import { Button, Field, Input } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { SecondFactorForm, type SecondFactorChallenge } from './SecondFactorForm';
import { useApiForm } from './useApiForm';
import { useCompleteSignIn } from './useCompleteSignIn';

/** The contract's sign-in body: without otp_code it checks e-mail and password. */
type CredentialsInput = z.input<typeof signInBody>;
type CredentialsOutput = z.output<typeof signInBody>;

export type LoginPageProps = {
  /** Shows the single sign-on button (the brand's SSO flag). */
  ssoEnabled?: boolean;
  /** Heading; default 'Sign in'. */
  title?: ReactNode;
  /** Shown above the heading (the brand's logo). */
  logo?: ReactNode;
  /** Shown under the form (the brand's terms, privacy and contact links). */
  footer?: ReactNode;
  /** Where the identity provider sends the browser back; default `<origin>/api/auth/callback`. */
  ssoRedirectUri?: string;
  /** Opens the identity provider's authorization address; default `window.location.assign`. */
  onSsoRedirect?: (url: string) => void;
};

type CredentialsFormProps = {
  defaultValues: CredentialsInput;
  onChallenge(challenge: SecondFactorChallenge, values: CredentialsInput): void;
};

function CredentialsForm({ defaultValues, onChallenge }: CredentialsFormProps) {
  const client = useApiClient();
  const completeSignIn = useCompleteSignIn();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<CredentialsInput, CredentialsOutput>({
    // The contract's schema, imported on demand: the sign-in page starts without zod.
    schema: () => import('./auth-schemas').then((schemas) => schemas.signInBody),
    defaultValues,
    // signInBody has a transform (not an object schema), so the fields are named.
    fields: ['email', 'password'],
    onSubmit: async (values, form) => {
      const answer = await client.call('createSession', { body: values });
      if (answer.otp_required) onChallenge(answer, form.getValues());
      else completeSignIn(answer.user);
    },
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign in">
      <Field label="Email" error={errors.email?.message} required>
        <Input {...register('email')} type="email" autoComplete="username" spellCheck={false} />
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        <Input {...register('password')} type="password" autoComplete="current-password" />
      </Field>
      <FormError message={formError} />
      <Button type="submit" loading={isSubmitting}>
        Sign in
      </Button>
      <Link to="/reset-password" className="text-sm text-primary underline">
        Forgot your password?
      </Link>
    </form>
  );
}

type SsoButtonProps = { redirectUri?: string; onRedirect?: (url: string) => void };

/** The SSO button, once the server says single sign-on is set up (GET /v1/sessions/sso): in production without an issuer it is off. */
function SsoSection(props: SsoButtonProps) {
  const client = useApiClient();
  const status = useQuery({ queryKey: ['sessions', 'sso-status'], queryFn: () => client.call('ssoStatus'), staleTime: Infinity, retry: false });
  return status.data?.enabled ? <SsoButton {...props} /> : null;
}

function SsoButton({ redirectUri, onRedirect }: SsoButtonProps) {
  const client = useApiClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleClick = async () => {
    setError(null);
    setPending(true);
    try {
      const answer = await client.call('createSsoSession', {
        body: { redirect_uri: redirectUri ?? `${window.location.origin}/api/auth/callback` },
      });
      if ('authorization_url' in answer) {
        (onRedirect ?? ((url: string) => window.location.assign(url)))(answer.authorization_url);
        return;
      }
      setError('Single sign-on is not available right now.');
    } catch (failure) {
      setError(apiErrorMessage(failure));
    }
    setPending(false);
  };

  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-border pt-4">
      <Button type="button" variant="secondary" loading={pending} onClick={handleClick}>
        Sign in with SSO
      </Button>
      <FormError message={error} />
    </div>
  );
}

/**
 * /login: e-mail and password, then (when the account has a second factor) the code step, which
 * does not land on /. Success clears the login stack and goes to the remembered path or /.
 */
export function LoginPage({
  ssoEnabled = false,
  title = 'Sign in',
  logo,
  footer,
  ssoRedirectUri,
  onSsoRedirect,
}: LoginPageProps) {
  const completeSignIn = useCompleteSignIn();
  const [credentials, setCredentials] = useState<CredentialsInput>({ email: '', password: '' });
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  if (challenge) {
    return (
      <AuthLayout title="Two-factor verification" logo={logo} footer={footer}>
        <SecondFactorForm
          challenge={challenge}
          onSuccess={completeSignIn}
          onCancel={() => setChallenge(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} logo={logo} footer={footer}>
      <CredentialsForm
        defaultValues={credentials}
        onChallenge={(next, values) => {
          setCredentials(values);
          setChallenge(next);
        }}
      />
      {ssoEnabled && <SsoSection redirectUri={ssoRedirectUri} onRedirect={onSsoRedirect} />}
    </AuthLayout>
  );
}
