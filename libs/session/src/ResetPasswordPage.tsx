import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import type { resetPasswordBody, resetRequestBody } from './auth-schemas';
import { Button, Field, Input } from '@crm/ui';
import { useBrand } from '@crm/variant';
import { AuthLayout } from './AuthLayout';
import { FormError } from './FormError';
import { NewPasswordField } from './NewPasswordField';
import { withPasswordRule } from './password-rule-form';
import { useApiForm } from './useApiForm';

export type ResetPasswordPageProps = {
  /** Shown above the heading (the brand's logo). */
  logo?: ReactNode;
};

type RequestInput = z.input<typeof resetRequestBody>;
type RequestOutput = z.output<typeof resetRequestBody>;
type ResetInput = z.input<typeof resetPasswordBody>;
type ResetOutput = z.output<typeof resetPasswordBody>;

const backToLogin = (
  <Link to="/login" className="text-sm text-primary underline">
    Back to sign in
  </Link>
);

function RequestForm() {
  const client = useApiClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<RequestInput, RequestOutput>({
    // The contract's schemas are imported on demand: the page starts without zod.
    schema: () => import('./auth-schemas').then((schemas) => schemas.resetRequestBody),
    defaultValues: { email: '' },
    fields: ['email'],
    onSubmit: async (values) => {
      await client.call('resetPasswordInstructions', { body: values });
      setSentTo(values.email);
    },
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status">
          If an account exists for {sentTo}, we have sent it instructions to reset the password.
        </p>
        {backToLogin}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Reset password">
      <Field label="Email" error={errors.email?.message} required>
        <Input {...register('email')} type="email" autoComplete="username" spellCheck={false} />
      </Field>
      <FormError message={formError} />
      <Button type="submit" loading={isSubmitting}>
        Send instructions
      </Button>
      {backToLogin}
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const client = useApiClient();
  const [done, setDone] = useState(false);
  // Signed out, the account is not known here: the browser checks the length, the common-password
  // list and the brand's name; the server also the account's names, e-mail and company (its answer
  // shows under the field the same way).
  const brand = useBrand();
  const context = useMemo(() => ({ brandName: brand.name }), [brand.name]);
  const {
    register,
    submit,
    watch,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<ResetInput, ResetOutput>({
    schema: () => import('./auth-schemas').then((schemas) => withPasswordRule(schemas.resetPasswordBody, context)),
    defaultValues: { reset_password_token: token, password: '', password_confirmation: '' },
    // Not the hidden token: a server message about it shows as the form's error.
    fields: ['password', 'password_confirmation'],
    onSubmit: async (values) => {
      await client.call('resetPasswordByToken', { body: values });
      setDone(true);
    },
  });

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status">Your password has been changed. You can sign in with it now.</p>
        <Link to="/login" className="text-sm text-primary underline">
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Set a new password"
    >
      <input type="hidden" {...register('reset_password_token')} />
      <NewPasswordField {...register('password')} error={errors.password?.message} password={watch('password')} context={context} />
      <Field label="Confirm new password" error={errors.password_confirmation?.message} required>
        <Input {...register('password_confirmation')} type="password" autoComplete="new-password" />
      </Field>
      <FormError message={formError ?? errors.reset_password_token?.message} />
      <Button type="submit" loading={isSubmitting}>
        Change password
      </Button>
      {backToLogin}
    </form>
  );
}

/**
 * /reset-password: the request form (e-mail → instructions), or with `?reset_password_token=…` the
 * new-password form.
 */
export function ResetPasswordPage({ logo }: ResetPasswordPageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('reset_password_token');
  return token ? (
    <AuthLayout title="Choose a new password" logo={logo}>
      <NewPasswordForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout
      title="Reset your password"
      logo={logo}
      description="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      <RequestForm />
    </AuthLayout>
  );
}
