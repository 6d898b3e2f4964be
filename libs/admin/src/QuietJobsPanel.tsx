import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, QUIET_JOBS_MAX_DAYS, QUIET_JOBS_REASON_MAX, type QuietJobsState } from '@crm/contract';
import { apiErrorMessage, FormError, useApiForm, useSession } from '@crm/session';
import { Button, Card, Field, Input, Notice, Spinner } from '@crm/ui';
import { formatDateTime, instantIn } from '@crm/util';
import { adminKeys, quietJobsQueryOptions } from './admin-queries';

/** The form: the end as the datetime-local input gives it (in the user's time zone), and why. */
const pauseSchema = z.object({
  until: z.string().min(1, 'Choose when the quiet period ends'),
  reason: z.string().trim().max(QUIET_JOBS_REASON_MAX, `Reason must be at most ${QUIET_JOBS_REASON_MAX} characters`),
});
type PauseInput = z.input<typeof pauseSchema>;
type PauseOutput = z.output<typeof pauseSchema>;

/**
 * Admin → Feature flags → Scheduled sends (POST /v1/admin/quiet_jobs): pause the company's sends
 * to contacts until a time, in the administrator's time zone, or resume them now. Sends that come
 * due meanwhile wait and go out when the pause ends.
 */
export function QuietJobsPanel() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const state = useQuery(quietJobsQueryOptions(client));
  const [notice, setNotice] = useState<string | null>(null);
  const show = (answer: QuietJobsState) => queryClient.setQueryData(adminKeys.quietJobs(), { data: answer });
  const when = (iso: string) => formatDateTime(iso, zone, 'ddd, MMM D, YYYY h:mm A');

  const form = useApiForm<PauseInput, PauseOutput>({
    schema: pauseSchema,
    defaultValues: { until: '', reason: '' },
    onSubmit: async (values) => {
      setNotice(null);
      const until = instantIn(values.until, zone).toISOString();
      const answer = await client.call('updateQuietJobs', { body: { quiet: true, until, ...(values.reason && { reason: values.reason }) } });
      show(answer.data);
      setNotice(`Scheduled sends are paused until ${when(answer.data.until ?? until)}.`);
      form.reset();
    },
  });
  const resume = useMutation({
    mutationFn: () => client.call('updateQuietJobs', { body: { quiet: false } }),
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      show(answer.data);
      setNotice('Scheduled sends are going out again.');
    },
  });

  return (
    <Card title="Scheduled sends" description="Campaign e-mails and texts and workflow steps your company sends to contacts.">
      {state.isPending ? (
        <Spinner label="Loading scheduled sends" />
      ) : state.isError ? (
        <FormError message={apiErrorMessage(state.error)} />
      ) : (
        <div className="flex max-w-xl flex-col gap-4">
          {state.data.quiet ? (
            <>
              <p>
                <span className="font-medium">Paused until {when(state.data.until as string)}</span>
                {state.data.set_by && <> by {state.data.set_by.name}</>}
                {state.data.reason && <>: {state.data.reason}</>}.{' '}
                {state.data.held_jobs === 1 ? '1 send waits' : `${state.data.held_jobs.toLocaleString('en-US')} sends wait`} for the pause to end.
              </p>
              <div>
                <Button variant="secondary" loading={resume.isPending} onClick={() => resume.mutate()}>
                  Resume now
                </Button>
              </div>
              <FormError message={resume.isError ? apiErrorMessage(resume.error) : null} />
            </>
          ) : (
            <form noValidate onSubmit={form.submit} aria-label="Pause scheduled sends" className="flex flex-col gap-4">
              <p className="text-sm text-muted">
                Sends go out as planned. Pause them (at most {QUIET_JOBS_MAX_DAYS} days) and those that come due wait until the pause ends.
              </p>
              <Controller
                control={form.control}
                name="until"
                render={({ field, fieldState }) => (
                  <Field label="Pause until" description={`Your time (${zone})`} error={fieldState.error?.message}>
                    <Input type="datetime-local" {...field} />
                  </Field>
                )}
              />
              <Controller
                control={form.control}
                name="reason"
                render={({ field, fieldState }) => (
                  <Field label="Reason (optional)" error={fieldState.error?.message}>
                    <Input {...field} />
                  </Field>
                )}
              />
              <FormError message={form.formError} />
              <div>
                <Button type="submit" loading={form.formState.isSubmitting}>
                  Pause sends
                </Button>
              </div>
            </form>
          )}
          <Notice message={notice} />
        </div>
      )}
    </Card>
  );
}
