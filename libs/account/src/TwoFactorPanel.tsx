import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import {
  disable2fa,
  enable2fa,
  RECOVERY_CODE_COUNT,
  regenerateRecoveryCodes,
  type CurrentUser,
  type generateQr,
  type ResponseOf,
} from '@crm/contract';
import { apiErrorMessage, FormError, useApiForm, useSession } from '@crm/session';
import { Button, Card, Field, Input, Notice } from '@crm/ui';
import { accountKeys, recoveryCodesQueryOptions } from './api-keys-queries';

/** enable and disable take the same body: the contract's one-time code. */
type CodeInput = z.input<typeof enable2fa.body>;
type CodeOutput = z.output<typeof enable2fa.body>;

type Enrolment = ResponseOf<typeof generateQr>;

type CodeFormProps = {
  label: string;
  submitLabel: string;
  variant?: 'primary' | 'danger';
  schema: typeof enable2fa.body | typeof disable2fa.body | typeof regenerateRecoveryCodes.body;
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

/** The recovery codes as a text file: one a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Two-factor recovery codes for ${email}`,
    'Each code signs you in once when you cannot get a verification code. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Recovery codes just made (at enrolment or on request): shown this once, with copy and download;
 * focus moves to the heading so a screen reader starts there.
 */
function RecoveryCodesShown({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), [codes]);
  const text = recoveryCodesText(codes, email);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice('The codes were copied.');
    } catch {
      setNotice('Copying is not allowed here: download the codes or write them down.');
    }
  };
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    setNotice('The codes were downloaded as recovery-codes.txt.');
  };

  return (
    <section aria-labelledby="recovery-codes-heading" className="flex flex-col gap-3 rounded border-2 border-primary p-3">
      <h3 id="recovery-codes-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Save these {codes.length} codes somewhere safe. If you cannot get a verification code, each one signs you in
        once. They will not be shown again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Notice message={notice} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={handleCopy}>
          Copy codes
        </Button>
        <Button type="button" variant="secondary" onClick={handleDownload}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </section>
  );
}

/** How many recovery codes are left, and new ones for a current code (the old ones stop working). */
function RecoveryCodesCard({ email }: { email: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const left = useQuery(recoveryCodesQueryOptions(client));
  const [codes, setCodes] = useState<string[] | null>(null);

  const handleRegenerate = async (otpCode: string) => {
    const answer = await client.call('regenerateRecoveryCodes', { body: { otp_code: otpCode } });
    setCodes(answer.recovery_codes);
    await queryClient.invalidateQueries({ queryKey: accountKeys.recoveryCodes() });
  };

  return (
    <Card title="Recovery codes">
      <div className="flex flex-col gap-3">
        <p className="text-sm" aria-live="polite">
          {left.data === undefined
            ? 'Counting your recovery codes…'
            : `${left.data} of ${RECOVERY_CODE_COUNT} recovery codes left.`}
        </p>
        {codes ? (
          <RecoveryCodesShown codes={codes} email={email} onDone={() => setCodes(null)} />
        ) : (
          <CodeForm
            label="Current code to make new recovery codes"
            submitLabel="Make new recovery codes"
            schema={regenerateRecoveryCodes.body}
            onSubmit={handleRegenerate}
          />
        )}
      </div>
    </Card>
  );
}

export type TwoFactorPanelProps = {
  user: CurrentUser;
};

/**
 * Two-factor authentication: its status; enrolment (POST generate_qr shows the QR image and the
 * secret for manual entry, a code from the app turns it on); turning it off with a code (not while
 * the account requires it); how codes arrive at sign-in (PATCH update_2fa); the recovery codes,
 * shown once when two-factor is turned on (copy, download), and new ones for a current code.
 */
export function TwoFactorPanel({ user }: TwoFactorPanelProps) {
  const client = useApiClient();
  const { setUser, invalidate } = useSession();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
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
    const { recovery_codes: recoveryCodes, ...updated } = await client.call('enable2fa', { body: { otp_code: otpCode } });
    setEnrolment(null);
    setCodes(recoveryCodes);
    setUser(updated);
    await queryClient.invalidateQueries({ queryKey: accountKeys.recoveryCodes() });
    setNotice('Two-factor authentication is now on.');
    await invalidate();
  };

  const handleDisable = async (otpCode: string) => {
    const updated = await client.call('disable2fa', { body: { otp_code: otpCode } });
    setCodes(null);
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

          {codes && <RecoveryCodesShown codes={codes} email={user.email} onDone={() => setCodes(null)} />}

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

      {enabled && !codes && <RecoveryCodesCard email={user.email} />}
    </div>
  );
}
