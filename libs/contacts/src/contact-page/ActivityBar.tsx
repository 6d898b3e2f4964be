import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ActivityType, Contact } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, toast } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactKeys } from '../contacts-queries';
import { timeAgo } from './format';
import { ACTIVITY_LABELS, LOGGED_ACTIVITIES } from './labels';

export type ActivityBarProps = {
  contact: Contact;
  /** The user's IANA time zone. */
  zone: string;
  /** Offers the "Log …" buttons (not for a contact in the trash). */
  editable?: boolean;
  /** The present moment (stories and tests). */
  now?: Date;
};

/** "Last activity: Call, 3 days ago" and the quick actions that record one (PUT activity_info). */
export function ActivityBar({ contact, zone, editable = true, now }: ActivityBarProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: (type: ActivityType) => client.call('recordActivity', { params: { id: contact.id }, body: { type } }),
    onSuccess: async (answer, type) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), answer);
      toast.success(`${ACTIVITY_LABELS[type]} recorded.`);
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
  const last = contact.last_activity_at;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm">
          {last && contact.last_activity_type ? (
            <>
              Last activity: {ACTIVITY_LABELS[contact.last_activity_type]},{' '}
              <time dateTime={last} title={formatDateTime(last, zone)}>
                {timeAgo(last, zone, now)}
              </time>
            </>
          ) : (
            <span className="text-muted">No activity recorded yet</span>
          )}
        </p>
        {editable && (
          <div role="group" aria-label="Log an activity" className="flex flex-wrap gap-1">
            {LOGGED_ACTIVITIES.map((type) => (
              <Button
                key={type}
                size="sm"
                variant="secondary"
                loading={record.isPending && record.variables === type}
                disabled={record.isPending}
                onClick={() => record.mutate(type)}
              >
                Log {ACTIVITY_LABELS[type].toLowerCase()}
              </Button>
            ))}
          </div>
        )}
      </div>
      <FormError message={record.error ? apiErrorMessage(record.error) : null} />
    </div>
  );
}
