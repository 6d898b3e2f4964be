import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type CurrentUser } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, Notice } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { emailChangeQueryOptions, securityKeys } from './security-queries';

export type PendingEmailChangeProps = {
  user: CurrentUser;
};

/**
 * "Pending confirmation to X" under the profile form while a new address waits for its link, with
 * a way to send the link again or to cancel the change. Nothing when no change is pending.
 */
export function PendingEmailChange({ user }: PendingEmailChangeProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const pending = useQuery(emailChangeQueryOptions(client));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const zone = IANA_TIMEZONES[user.timezone];
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.emailChange() });
  const callbacks = {
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onError: (failure: unknown) => setError(apiErrorMessage(failure)),
  };

  const resend = useMutation({
    mutationFn: () => client.call('resendEmailChange', { body: {} }),
    ...callbacks,
    onSuccess: async (answer) => {
      setNotice(`We sent a new link to ${answer.data.new_email}.`);
      await refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => client.call('cancelEmailChange'),
    ...callbacks,
    onSuccess: async () => {
      setNotice(`The change was cancelled. Your address stays ${user.email}.`);
      await refresh();
    },
  });

  const change = pending.data;
  if (!change) {
    return (
      <>
        <Notice message={notice} />
        <FormError message={error} />
      </>
    );
  }

  return (
    <section aria-labelledby="pending-email-heading" className="flex flex-col gap-2 rounded border border-border p-4">
      <h3 id="pending-email-heading" className="font-medium">
        Pending confirmation to {change.new_email}
      </h3>
      <p className="text-sm">
        {change.expired
          ? `The link we sent to ${change.new_email} has expired. Send a new one, or cancel the change.`
          : `Open the link we sent to ${change.new_email} (it works until ${formatDateTime(change.expires_at, zone)}). Until then you sign in and get e-mails at ${user.email}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
          Send the link again
        </Button>
        <Button size="sm" variant="ghost" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          Cancel the change
        </Button>
      </div>
      <Notice message={notice} />
      <FormError message={error} />
    </section>
  );
}
