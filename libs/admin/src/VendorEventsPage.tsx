import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type WebhookEvent, type WebhookEventListStatus } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, cn, EmptyState, Field, focusRing, Notice, PageHeader, Pager, Select, Spinner, Table, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { adminKeys, webhookEventsQueryOptions } from './admin-queries';
import { useListParams } from './list-params';

/** Events per page. */
export const VENDOR_EVENTS_PAGE_SIZE = 25;

const STATUS_OPTIONS: { value: WebhookEventListStatus; label: string }[] = [
  { value: 'dead', label: 'Dead: out of tries' },
  { value: 'failed', label: 'Failed: to be tried again' },
];

const EMPTY: Record<WebhookEventListStatus, { title: string; description: string }> = {
  dead: { title: 'No dead vendor events', description: 'Every event the vendors sent was processed, or is still being tried.' },
  failed: { title: 'No failed vendor events', description: 'Nothing waits to be tried again.' },
};

/**
 * /admin/vendor-events (System Admins): the inbound vendor webhook events that could not be
 * processed, dead ones (out of tries) by default or failed ones (the sweeper tries them again), with
 * when each came in the administrator's time zone and the last error. Retry tries an event again
 * from the start; the result is announced, and the focus stays on the page (a retried dead event
 * leaves the list).
 */
export function VendorEventsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const { page, values, go } = useListParams(['status']);
  const status: WebhookEventListStatus = values.status === 'failed' ? 'failed' : 'dead';
  const events = useQuery(webhookEventsQueryOptions(client, { status, page, limit: VENDOR_EVENTS_PAGE_SIZE }));
  const [notice, setNotice] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const retry = useMutation({
    mutationFn: (event: WebhookEvent) => client.call('retryWebhookEvent', { params: { id: event.id } }),
    onMutate: () => setNotice(null),
    onSuccess: async (answer) => {
      const event = answer.data;
      setNotice(`The ${event.vendor} event ${event.type} (${event.event_id}) is being tried again.`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.webhookEvents() });
    },
    // the button pressed was busy (disabled), and a retried dead event leaves the list with it: the
    // focus goes to the result rather than to the start of the page
    onSettled: () => resultRef.current?.focus(),
  });

  const columns: TableColumn<WebhookEvent>[] = [
    {
      id: 'event',
      header: 'Event',
      rowHeader: true,
      cell: (event) => (
        <span className="flex flex-col">
          <span>{event.type}</span>
          <code className="text-xs font-normal break-all text-muted">{event.event_id}</code>
        </span>
      ),
    },
    { id: 'vendor', header: 'Vendor', cell: (event) => event.vendor },
    { id: 'attempts', header: 'Attempts', align: 'end', cell: (event) => event.attempts.toLocaleString('en-US') },
    {
      id: 'error',
      header: 'Last error',
      cell: (event) => <span className="block max-w-md break-words">{event.last_error ?? '—'}</span>,
    },
    {
      id: 'received',
      header: 'Received',
      cell: (event) => (
        <time dateTime={event.received_at} className="whitespace-nowrap">
          {formatDateTime(event.received_at, zone)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (event) => (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`Retry ${event.type} event ${event.event_id}`}
          loading={retry.isPending && retry.variables?.id === event.id}
          disabled={retry.isPending}
          onClick={() => retry.mutate(event)}
        >
          Retry
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageHeader title="Vendor events" />
        <p className="max-w-prose text-sm text-muted">
          Events the vendors sent us (payments and other services) that could not be processed. A failed event is tried again by
          itself; a dead one is out of tries. Retry tries an event again from the start, once its cause is fixed.
        </p>
      </div>
      <Field label="Show" className="max-w-xs">
        <Select options={STATUS_OPTIONS} value={status} onValueChange={(next) => go({ status: next === 'dead' ? '' : next })} />
      </Field>
      <div ref={resultRef} tabIndex={-1} className={cn('flex flex-col gap-2 rounded', focusRing)}>
        <Notice message={notice} />
        <FormError message={retry.isError ? apiErrorMessage(retry.error) : null} />
      </div>
      {events.isPending ? (
        <Spinner label="Loading vendor events" />
      ) : events.isError ? (
        <FormError message={apiErrorMessage(events.error)} />
      ) : (
        <>
          <Table
            caption={status === 'dead' ? 'Dead vendor events' : 'Failed vendor events'}
            captionHidden
            columns={columns}
            rows={events.data.data}
            getRowKey={(event) => event.id}
            empty={<EmptyState title={EMPTY[status].title} description={EMPTY[status].description} />}
          />
          <Pager label="Pages of vendor events" page={page} totalPages={events.data.meta.total_pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </div>
  );
}
