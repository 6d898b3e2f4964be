import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { signInBody, type CurrentUser, type SignInResponse } from '@crm/contract';
import { Button, Field, Input } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { FormError } from './FormError';
import { useApiForm } from './useApiForm';

/** What the second-factor step needs from a sign-in answer with otp_required. */
export type SecondFactorChallenge = Extract<SignInResponse, { otp_required: true }>;

/** The contract's sign-in body: with otp_code it checks the one-time code alone. */
type CodeInput = z.input<typeof signInBody>;
type CodeOutput = z.output<typeof signInBody>;

export type SecondFactorFormProps = {
  challenge: SecondFactorChallenge;
  /** The sign-in finished: the user is signed in. */
  onSuccess(user: CurrentUser): void;
  /** Back to the e-mail and password (not shown without it). */
  onCancel?(): void;
};

/**
 * The second-factor step of a sign-in (password or single sign-on): the 6-digit code goes to
 * POST /v1/sessions (a pending cookie links it to the first step); "Send code by e-mail" asks for a
 * code by e-mail.
 */
export function SecondFactorForm({ challenge, onSuccess, onCancel }: SecondFactorFormProps) {
  const client = useApiClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    submit,
    formError,
    setFormError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useApiForm<CodeInput, CodeOutput>({
    schema: signInBody,
    defaultValues: { otp_code: '' },
    // signInBody has a transform (not an object schema), so the field is named.
    fields: ['otp_code'],
    onSubmit: async (values, form) => {
      const answer = await client.call('createSession', { body: values });
      if (answer.otp_required) form.setFormError('The code was not accepted. Try again.');
      else onSuccess(answer.user);
    },
  });

  useEffect(() => setFocus('otp_code'), [setFocus]);

  const handleSendEmail = async () => {
    setFormError(null);
    setNotice(null);
    setSending(true);
    try {
      await client.call('sendOtp', { body: { via: 'email' } });
      setNotice(`We sent a code to ${challenge.email_hint}. It is valid for 10 minutes.`);
    } catch (error) {
      setFormError(apiErrorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const instructions =
    challenge.otp_delivery === 'email'
      ? `Enter the 6-digit code sent to ${challenge.email_hint}.`
      : 'Enter the 6-digit code from your authenticator app.';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Second factor">
      <p className="text-sm text-muted">{instructions}</p>
      <Field label="Verification code" error={errors.otp_code?.message} required>
        <Input
          {...register('otp_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
        />
      </Field>
      <FormError message={formError} />
      <p role="status" className="text-sm text-muted">
        {notice}
      </p>
      <Button type="submit" loading={isSubmitting}>
        Verify
      </Button>
      <Button type="button" variant="secondary" loading={sending} onClick={handleSendEmail}>
        Send code by e-mail
      </Button>
      {onCancel && (
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Use a different account
        </Button>
      )}
    </form>
  );
}
