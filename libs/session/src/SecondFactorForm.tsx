import { useEffect, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import type { CurrentUser, SignInResponse } from '@crm/contract';
import type { signInBody } from './auth-schemas';
import { Button, Field, Input } from '@crm/ui';
import { apiErrorMessage } from './api-errors';
import { FormError } from './FormError';
import { useApiForm } from './useApiForm';

/** What the second-factor step needs from a sign-in answer with otp_required. */
export type SecondFactorChallenge = Extract<SignInResponse, { otp_required: true }>;

/** The contract's sign-in body: with otp_code (or recovery_code) it checks that code alone. */
type CodeInput = z.input<typeof signInBody>;
type CodeOutput = z.output<typeof signInBody>;

/** Where the code the user types comes from: the authenticator app, an e-mail, or their saved recovery codes. */
export type CodeSource = 'app' | 'email' | 'recovery';

/** The step's wording for each source: what to do, the field's label and its input hints. */
export function secondFactorWording(source: CodeSource, emailHint: string): { instructions: string; label: string } {
  if (source === 'recovery') {
    return {
      instructions: 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.',
      label: 'Recovery code',
    };
  }
  if (source === 'email') return { instructions: `Enter the 6-digit code sent to ${emailHint}.`, label: 'Verification code' };
  return { instructions: 'Enter the 6-digit code from your authenticator app.', label: 'Verification code' };
}

type CodeFormProps = {
  source: CodeSource;
  emailHint: string;
  onSuccess(user: CurrentUser): void;
  /** Extra buttons below Verify. */
  children?: ReactNode;
  /** An error from outside the form (sending a code by e-mail failed). */
  outsideError: string | null;
};

/** One code (6 digits, or a recovery code) sent to POST /v1/sessions; refusals show beside the field. */
function CodeForm({ source, emailHint, onSuccess, children, outsideError }: CodeFormProps) {
  const client = useApiClient();
  const field = source === 'recovery' ? 'recovery_code' : 'otp_code';
  const {
    register,
    submit,
    formError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useApiForm<CodeInput, CodeOutput>({
    // The contract's schema, imported on demand: the sign-in page starts without zod.
    schema: () => import('./auth-schemas').then((schemas) => schemas.signInBody),
    defaultValues: { [field]: '' },
    // signInBody has a transform (not an object schema), so the field is named.
    fields: [field],
    onSubmit: async (values, form) => {
      const answer = await client.call('createSession', { body: values });
      if (answer.otp_required) form.setFormError('The code was not accepted. Try again.');
      else onSuccess(answer.user);
    },
  });

  useEffect(() => setFocus(field), [setFocus, field]);
  const { instructions, label } = secondFactorWording(source, emailHint);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Second factor">
      <p className="text-sm text-muted">{instructions}</p>
      <Field label={label} error={errors[field]?.message} required>
        {source === 'recovery' ? (
          <Input {...register('recovery_code')} autoComplete="off" autoCapitalize="none" spellCheck={false} />
        ) : (
          <Input {...register('otp_code')} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" spellCheck={false} />
        )}
      </Field>
      <FormError message={formError ?? outsideError} />
      <Button type="submit" loading={isSubmitting}>
        Verify
      </Button>
      {children}
    </form>
  );
}

export type SecondFactorFormProps = {
  challenge: SecondFactorChallenge;
  /** The sign-in finished: the user is signed in. */
  onSuccess(user: CurrentUser): void;
  /** Back to the e-mail and password (not shown without it). */
  onCancel?(): void;
};

/**
 * The second-factor step of a sign-in (password or single sign-on): the 6-digit code goes to
 * POST /v1/sessions (a pending cookie links it to the first step). Its wording follows where the
 * code comes from: the authenticator app, or an e-mail (the user's delivery choice, or after "Send
 * code by e-mail"). "Use a recovery code" takes one of the user's single-use recovery codes instead.
 */
export function SecondFactorForm({ challenge, onSuccess, onCancel }: SecondFactorFormProps) {
  const client = useApiClient();
  const [source, setSource] = useState<CodeSource>(challenge.otp_delivery);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const handleSendEmail = async () => {
    setError(null);
    setNotice(null);
    setSending(true);
    try {
      await client.call('sendOtp', { body: { via: 'email' } });
      setSource('email');
      setNotice(`We sent a code to ${challenge.email_hint}. It is valid for 10 minutes.`);
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const switchTo = (next: CodeSource) => {
    setError(null);
    setNotice(null);
    setSource(next);
  };

  return (
    <div className="flex flex-col gap-4">
      {/* a new form for each source: what was typed for one is no code for the other */}
      <CodeForm key={source === 'recovery' ? 'recovery' : 'code'} source={source} emailHint={challenge.email_hint} onSuccess={onSuccess} outsideError={error}>
        {source !== 'recovery' && (
          <Button type="button" variant="secondary" loading={sending} onClick={handleSendEmail}>
            {source === 'email' ? 'Send another code by e-mail' : 'Send code by e-mail'}
          </Button>
        )}
        {source === 'recovery' ? (
          <Button type="button" variant="ghost" onClick={() => switchTo(challenge.otp_delivery)}>
            Use a verification code instead
          </Button>
        ) : (
          <Button type="button" variant="ghost" onClick={() => switchTo('recovery')}>
            Use a recovery code
          </Button>
        )}
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Use a different account
          </Button>
        )}
      </CodeForm>
      <p role="status" className="text-sm text-muted">
        {notice}
      </p>
    </div>
  );
}
