import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { RECENT_AUTH_MINUTES, type CurrentUser } from '@crm/contract';
import { Button, Dialog, Notice } from '@crm/ui';
import type { reauthenticateBody } from './auth-schemas';
import { apiErrorMessage } from './api-errors';
import { FormError } from './FormError';
import { reauthBridge, type ReauthBridge } from './reauth-bridge';
import { isSsoReauthMessage, ssoReauthRedirectUri } from './sso-reauth';
import { useApiForm } from './useApiForm';
import { OwnerProofField } from './OwnerProofField';

type ReauthInput = z.input<typeof reauthenticateBody>;
type ReauthOutput = z.output<typeof reauthenticateBody>;

/**
 * "Confirm with single sign-on": the issuer's login (a fresh one: prompt=login) opens in a popup,
 * whose callback page finishes the re-authentication and tells this window; nothing on the page
 * underneath is lost.
 */
function SsoReauthButton({ onDone }: { onDone(): void }) {
  const client = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isSsoReauthMessage(event.data)) return;
      if (event.data.ok) onDone();
      else setError(event.data.message);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onDone]);

  const open = async () => {
    setError(null);
    setOpening(true);
    // opened at once (a popup blocker allows it only within the click), then sent to the issuer
    const popup = window.open('', 'crm-sso-reauth', 'popup,width=520,height=680');
    try {
      const answer = await client.call('reauthenticate', { body: { redirect_uri: ssoReauthRedirectUri(window.location.origin) } });
      if (!('authorization_url' in answer)) throw new Error('Single sign-on did not start');
      if (popup) popup.location.href = answer.authorization_url;
      else setError('Allow pop-up windows for this site to confirm with single sign-on.');
    } catch (failure) {
      popup?.close();
      setError(apiErrorMessage(failure));
    } finally {
      setOpening(false);
    }
  };

  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3">
      <Button type="button" variant="secondary" loading={opening} onClick={open}>
        Confirm with single sign-on
      </Button>
      <FormError message={error} />
    </div>
  );
}

type ReauthFormProps = {
  user: CurrentUser;
  byCode: boolean;
  onDone(): void;
  onCancel(): void;
  /** Switches between the password and a code (a user with a second factor). */
  onSwitch?: () => void;
};

/** The password, or (a user with a second factor) a code, sent to POST /v1/sessions/reauthenticate. */
function ReauthForm({ user, byCode, onDone, onCancel, onSwitch }: ReauthFormProps) {
  const client = useApiClient();
  const field = byCode ? 'otp_code' : 'password';
  const [notice, setNotice] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    submit,
    formError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useApiForm<ReauthInput, ReauthOutput>({
    schema: () => import('./auth-schemas').then((schemas) => schemas.reauthenticateBody),
    defaultValues: { [field]: '' },
    // the schema has a transform (not an object schema), so the field is named
    fields: [field],
    onSubmit: async (values) => {
      await client.call('reauthenticate', { body: values });
      onDone();
    },
  });

  useEffect(() => setFocus(field), [setFocus, field]);

  const sendCode = async () => {
    setSendError(null);
    setNotice(null);
    setSending(true);
    try {
      await client.call('sendOtp', { body: { via: 'email' } });
      setNotice(`We sent a code to ${user.email}. It is valid for 10 minutes.`);
    } catch (failure) {
      setSendError(apiErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Confirm it is you">
      <OwnerProofField byCode={byCode} register={register} errors={errors} />
      <Notice message={notice} />
      <FormError message={formError ?? sendError} />
      {/* the other ways first; Cancel and Confirm stay together at the end of the row, at any width */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {(onSwitch || byCode) && (
          <div className="flex flex-wrap gap-2">
            {onSwitch && (
              <Button type="button" variant="ghost" onClick={onSwitch}>
                {byCode ? 'Use my password instead' : 'Use a verification code instead'}
              </Button>
            )}
            {byCode && (
              <Button type="button" variant="ghost" loading={sending} onClick={sendCode}>
                Send code by e-mail
              </Button>
            )}
          </div>
        )}
        <div role="group" aria-label="Confirm or cancel" className="ms-auto flex gap-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Confirm
          </Button>
        </div>
      </div>
    </form>
  );
}

export type ReauthDialogProps = {
  user: CurrentUser;
  /** Where the api-client's re-authentication requests arrive (default: the app-wide `reauthBridge`). */
  bridge?: ReauthBridge;
};

/**
 * The one re-authentication prompt of the app: when a request answers that it needs a recent
 * authentication (changing the e-mail, password, two-factor or API keys), this dialog asks for the
 * password (or, with a second factor, a code in its place; or single sign-on again); once accepted the api-client sends the request again,
 * so what the user typed on the screen is kept. Closing it (Escape, Cancel) leaves the 403 standing.
 */
export function ReauthDialog({ user, bridge = reauthBridge }: ReauthDialogProps) {
  const [asking, setAsking] = useState(false);
  const [byCode, setByCode] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);

  useLayoutEffect(
    () =>
      bridge.attach(
        () =>
          new Promise<boolean>((resolve) => {
            answer.current = resolve;
            setAsking(true);
          }),
      ),
    [bridge],
  );

  const finish = (ok: boolean) => {
    answer.current?.(ok);
    answer.current = null;
    setAsking(false);
    setByCode(false);
  };

  return (
    <Dialog
      open={asking}
      onOpenChange={(open) => {
        if (!open) finish(false);
      }}
      title="Confirm it is you"
      description={`${byCode ? 'Enter a code from your second factor' : 'Enter your password'} to continue. You will not be asked again for ${RECENT_AUTH_MINUTES} minutes.`}
      size="sm"
    >
      {asking && (
        <div className="flex flex-col gap-4">
          {/* a new form for each way: what was typed for one is nothing for the other */}
          <ReauthForm
            key={byCode ? 'code' : 'password'}
            user={user}
            byCode={byCode}
            onDone={() => finish(true)}
            onCancel={() => finish(false)}
            onSwitch={user['has_2fa_enabled?'] ? () => setByCode(!byCode) : undefined}
          />
          {user.features.sso && <SsoReauthButton onDone={() => finish(true)} />}
        </div>
      )}
    </Dialog>
  );
}
