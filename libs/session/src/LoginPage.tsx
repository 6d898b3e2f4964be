import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { signInBody } from '@crm/contract';
import { Button, Field, Input } from '@crm/ui';
import { apiErrorMessage, applyApiErrors } from './api-errors';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { SecondFactorForm, type SecondFactorChallenge } from './SecondFactorForm';
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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CredentialsInput, unknown, CredentialsOutput>({
    resolver: zodResolver(signInBody),
    defaultValues,
  });

  const handleValid = async (values: CredentialsOutput) => {
    setFormError(null);
    try {
      const answer = await client.call('createSession', { body: values });
      if (answer.otp_required) onChallenge(answer, getValues());
      else completeSignIn(answer.user);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['email', 'password']));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(handleValid)}
      className="flex flex-col gap-4"
      aria-label="Sign in"
    >
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
  ssoRedirectUri,
  onSsoRedirect,
}: LoginPageProps) {
  const completeSignIn = useCompleteSignIn();
  const [credentials, setCredentials] = useState<CredentialsInput>({ email: '', password: '' });
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  if (challenge) {
    return (
      <AuthLayout title="Two-factor verification" logo={logo}>
        <SecondFactorForm
          challenge={challenge}
          onSuccess={completeSignIn}
          onCancel={() => setChallenge(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} logo={logo}>
      <CredentialsForm
        defaultValues={credentials}
        onChallenge={(next, values) => {
          setCredentials(values);
          setChallenge(next);
        }}
      />
      {ssoEnabled && <SsoButton redirectUri={ssoRedirectUri} onRedirect={onSsoRedirect} />}
    </AuthLayout>
  );
}
