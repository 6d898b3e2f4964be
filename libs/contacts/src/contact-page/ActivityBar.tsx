import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ActivityType, CallOutcome, Contact, LoggedActivity } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, toast } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactKeys } from '../contacts-queries';
import { timeAgo } from './format';
import { ACTIVITY_LABELS, LOGGED_ACTIVITIES } from './labels';
import { LogActivityDialog } from './LogActivityDialog';

export type ActivityBarProps = {
  contact: Contact;
  /** The user's IANA time zone. */
  zone: string;
  /** Offers the "Log …" buttons (not for a contact in the trash). */
  editable?: boolean;
  /** The present moment (stories and tests). */
  now?: Date;
};

/**
 * "Last activity: Call, 3 days ago" and the quick actions: each "Log …" asks for the details (a
 * call's outcome, a note) before it records the activity (PUT activity_info), and the activity
 * just logged can be undone from here (DELETE activity_info/{id}) until another is logged.
 */
export function ActivityBar({ contact, zone, editable = true, now }: ActivityBarProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [logging, setLogging] = useState<ActivityType | null>(null);
  const [logged, setLogged] = useState<LoggedActivity | null>(null);
  const refresh = async (noteAdded: boolean) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
      noteAdded && queryClient.invalidateQueries({ queryKey: contactKeys.record(contact.id, 'notes') }),
    ]);
  };
  const record = async (type: ActivityType, details: { outcome: CallOutcome | null; note: string | null }) => {
    const answer = await client.call('recordActivity', { params: { id: contact.id }, body: { type, ...details } });
    queryClient.setQueryData(contactKeys.detail(contact.id), { data: answer.data });
    setLogged(answer.activity);
    undo.reset();
    toast.success(`${ACTIVITY_LABELS[type]} recorded.`);
    await refresh(answer.activity.note_id !== null);
  };
  const undo = useMutation({
    mutationFn: (activity: LoggedActivity) =>
      client.call('undoActivity', { params: { id: contact.id, activityId: activity.id } }),
    onSuccess: async (answer, activity) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), answer);
      setLogged(null);
      toast.success(`${ACTIVITY_LABELS[activity.type]} removed.`);
      await refresh(activity.note_id !== null);
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
        {editable && logged && (
          <Button size="sm" variant="secondary" loading={undo.isPending} onClick={() => undo.mutate(logged)}>
            Undo {ACTIVITY_LABELS[logged.type].toLowerCase()}
          </Button>
        )}
        {editable && (
          <div role="group" aria-label="Log an activity" className="flex flex-wrap gap-1">
            {LOGGED_ACTIVITIES.map((type) => (
              <Button key={type} size="sm" variant="secondary" onClick={() => setLogging(type)}>
                Log {ACTIVITY_LABELS[type].toLowerCase()}
              </Button>
            ))}
          </div>
        )}
      </div>
      <FormError message={undo.error ? apiErrorMessage(undo.error) : null} />
      <LogActivityDialog
        type={logging}
        onOpenChange={(open) => !open && setLogging(null)}
        onSubmit={(details) => record(logging as ActivityType, details)}
      />
    </div>
  );
}
