import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import {
  disable2fa,
  enable2fa,
  type CurrentUser,
  type generateQr,
  type ResponseOf,
} from '@crm/contract';
import { apiErrorMessage, FormError, useApiForm, useSession } from '@crm/session';
import { Button, Card, Field, Input, Notice } from '@crm/ui';

/** enable and disable take the same body: the contract's one-time code. */
type CodeInput = z.input<typeof enable2fa.body>;
type CodeOutput = z.output<typeof enable2fa.body>;

type Enrolment = ResponseOf<typeof generateQr>;

type CodeFormProps = {
  label: string;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  schema: typeof enable2fa.body | typeof disable2fa.body;
  onSubmit(code: string): Promise<void>;
};

/** One 6-digit code and a submit button; the server's message goes beside the field. */
function CodeForm({ label, submitLabel, variant = 'primary', schema, onSubmit }: CodeFormProps) {
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<CodeInput, CodeOutput>({
    schema,
    defaultValues: { otp_code: '' },
    onSubmit: (values) => onSubmit(values.otp_code),
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-sm flex-col gap-3"
      aria-label={submitLabel}
    >
      <Field label={label} error={errors.otp_code?.message} required>
        <Input
          {...register('otp_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
        />
      </Field>
      <FormError message={formError} />
      <div>
        <Button type="submit" variant={variant} loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function DeliveryChoice({ user }: { user: CurrentUser }) {
  const client = useApiClient();
  const { setUser, invalidate } = useSession();
  const [choice, setChoice] = useState<'app' | 'email'>(user.otp_delivery);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setPending(true);
    try {
      const updated = await client.call('update2fa', { body: { otp_delivery: choice } });
      setUser(updated);
      setNotice('Your choice has been saved.');
      await invalidate();
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" aria-label="Code delivery">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">How should sign-in codes reach you?</legend>
        {(
          [
            ['app', 'From my authenticator app'],
            ['email', 'By e-mail'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="otp_delivery"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
              className="size-4 accent-(--color-primary)"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <Notice message={notice} />
      <div>
        <Button type="submit" variant="secondary" loading={pending}>
          Save delivery choice
        </Button>
      </div>
    </form>
  );
}

export type TwoFactorPanelProps = {
  user: CurrentUser;
};

/**
 * Two-factor authentication: its status; enrolment (POST generate_qr shows the QR image and the
 * secret for manual entry, a code from the app turns it on); turning it off with a code (not while
 * the account requires it); how codes arrive at sign-in (PATCH update_2fa).
 */
export function TwoFactorPanel({ user }: TwoFactorPanelProps) {
  const client = useApiClient();
  const { setUser, invalidate } = useSession();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const enabled = user['has_2fa_enabled?'];
  const required = user['two_fa_is_required?'];

  const handleStart = async () => {
    setError(null);
    setNotice(null);
    setStarting(true);
    try {
      setEnrolment(await client.call('generateQr', { body: {} }));
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setStarting(false);
    }
  };

  const handleEnable = async (otpCode: string) => {
    const updated = await client.call('enable2fa', { body: { otp_code: otpCode } });
    setEnrolment(null);
    setUser(updated);
    setNotice('Two-factor authentication is now on.');
    await invalidate();
  };

  const handleDisable = async (otpCode: string) => {
    const updated = await client.call('disable2fa', { body: { otp_code: otpCode } });
    setUser(updated);
    setNotice('Two-factor authentication is now off.');
    await invalidate();
  };

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <Card title="Two-factor authentication">
        <div className="flex flex-col gap-3">
          <p>
            Status: <strong>{enabled ? 'On' : 'Off'}</strong>
          </p>
          {required && !enabled && (
            <p className="rounded border border-border bg-bg px-3 py-2 text-sm">
              Your account requires two-factor authentication. Set it up to continue.
            </p>
          )}
          <Notice message={notice} />
          <FormError message={error} />

          {!enabled && !enrolment && (
            <div>
              <Button type="button" loading={starting} onClick={handleStart}>
                Set up two-factor authentication
              </Button>
            </div>
          )}

          {!enabled && enrolment && (
            <div className="flex flex-col gap-4">
              <p className="text-sm">
                Scan this QR code with your authenticator app, or enter the secret by hand. Then
                type the 6-digit code the app shows.
              </p>
              <img
                src={enrolment.qr_code}
                alt="QR code to scan with your authenticator app"
                width={200}
                height={200}
                className="size-50 rounded border border-border bg-white p-2"
              />
              <div className="text-sm">
                <span id="two-factor-secret-label">Secret for manual entry: </span>
                <code aria-labelledby="two-factor-secret-label" className="font-mono break-all">
                  {enrolment.otp_secret}
                </code>
              </div>
              <CodeForm
                label="Code from your authenticator app"
                submitLabel="Turn on two-factor authentication"
                schema={enable2fa.body}
                onSubmit={handleEnable}
              />
              <div>
                <Button type="button" variant="ghost" onClick={() => setEnrolment(null)}>
                  Cancel set-up
                </Button>
              </div>
            </div>
          )}

          {enabled && required && (
            <p className="text-sm text-muted">
              Your account requires two-factor authentication, so it cannot be turned off.
            </p>
          )}
          {enabled && !required && (
            <CodeForm
              label="Current code to turn it off"
              submitLabel="Turn off two-factor authentication"
              variant="danger"
              schema={disable2fa.body}
              onSubmit={handleDisable}
            />
          )}
        </div>
      </Card>

      {enabled && (
        <Card title="Sign-in codes">
          <DeliveryChoice user={user} />
        </Card>
      )}
    </div>
  );
}
