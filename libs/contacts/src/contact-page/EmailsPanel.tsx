import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { Contact, EmailVerification } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, cn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactKeys } from '../contacts-queries';
import { EMAIL_VERIFICATION_LABELS } from './labels';

const BADGE_CLASSES: Record<EmailVerification, string> = {
  unchecked: 'border-border text-muted',
  valid: 'border-success text-success',
  forced: 'border-success text-success',
  invalid: 'border-danger text-danger',
  unknown: 'border-border text-text',
};

type Action = { kind: 'validate' | 'verify'; emailId: number };

export type EmailsPanelProps = {
  contact: Contact;
  /** The user's IANA time zone. */
  zone: string;
  /** Offers Validate and Mark verified (not for a contact in the trash). */
  editable?: boolean;
};

/** Each e-mail of the contact with how it was checked, "Validate" (mail servers) and "Mark verified" (the agent's word). */
export function EmailsPanel({ contact, zone, editable = true }: EmailsPanelProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: ({ kind, emailId }: Action) =>
      client.call(kind === 'validate' ? 'validateEmail' : 'forceVerifyEmail', {
        params: { id: contact.id },
        body: { email_id: emailId },
      }),
    onSuccess: (answer) => queryClient.setQueryData(contactKeys.detail(contact.id), answer),
  });
  const busy = (kind: Action['kind'], emailId: number) =>
    act.isPending && act.variables.kind === kind && act.variables.emailId === emailId;

  return (
    <section aria-labelledby="contact-emails-heading" className="flex flex-col gap-2">
      <h2 id="contact-emails-heading" className="text-base font-semibold">
        E-mail addresses
      </h2>
      {contact.emails.length === 0 ? (
        <p className="text-sm text-muted">No e-mail addresses.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {contact.emails.map((email) => (
            <li key={email.id} className="flex flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium break-all">{email.email}</span>
                <span className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', BADGE_CLASSES[email.verification])}>
                  {EMAIL_VERIFICATION_LABELS[email.verification]}
                </span>
              </div>
              {email.verified_at && (
                <span className="text-xs text-muted">Checked {formatDateTime(email.verified_at, zone)}</span>
              )}
              {editable && (
                <div role="group" aria-label={email.email} className="flex gap-1">
                  <Button size="sm" variant="secondary" loading={busy('validate', email.id)} onClick={() => act.mutate({ kind: 'validate', emailId: email.id })}>
                    Validate
                  </Button>
                  {!email.verified && (
                    <Button size="sm" variant="secondary" loading={busy('verify', email.id)} onClick={() => act.mutate({ kind: 'verify', emailId: email.id })}>
                      Mark verified
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormError message={act.error ? apiErrorMessage(act.error) : null} />
    </section>
  );
}
