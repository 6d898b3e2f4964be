import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, SECURITY_EVENT_DAYS, type CurrentUser, type SecurityEvent } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Card, EmptyState, Pager, Spinner, Table, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { securityEventsQueryOptions } from './security-queries';

export type SecurityEventsPanelProps = {
  user: CurrentUser;
};

/** The account's security events of the last 90 days, newest first, paged, in the user's time zone. */
export function SecurityEventsPanel({ user }: SecurityEventsPanelProps) {
  const client = useApiClient();
  const [page, setPage] = useState(1);
  const events = useQuery(securityEventsQueryOptions(client, page));
  const zone = IANA_TIMEZONES[user.timezone];

  const columns: TableColumn<SecurityEvent>[] = [
    { id: 'when', header: 'When', cell: (event) => formatDateTime(event.created_at, zone) },
    { id: 'what', header: 'What happened', rowHeader: true, cell: (event) => event.description },
    { id: 'browser', header: 'Browser', cell: (event) => event.browser ?? '—' },
    { id: 'ip', header: 'IP address', cell: (event) => event.ip ?? '—' },
  ];

  return (
    <Card
      title="Security events"
      description={`Sign-ins, failed sign-ins and changes to your account's security in the last ${SECURITY_EVENT_DAYS} days.`}
    >
      {events.isPending ? (
        <Spinner label="Loading security events" />
      ) : events.isError ? (
        <FormError message={apiErrorMessage(events.error)} />
      ) : (
        <div className="flex flex-col gap-3">
          <Table
            caption="Security events"
            captionHidden
            columns={columns}
            rows={events.data.data}
            getRowKey={(event) => event.id}
            empty={<EmptyState title="No security events" description={`Nothing in the last ${SECURITY_EVENT_DAYS} days.`} />}
          />
          <Pager label="Pages of security events" page={page} totalPages={events.data.meta.total_pages} onPage={setPage} />
        </div>
      )}
    </Card>
  );
}
