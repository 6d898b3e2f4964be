import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type CurrentUser, type OwnSession } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, Card, ConfirmDialog, Notice, Spinner, Table, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { securityKeys, sessionsQueryOptions } from './security-queries';

export type SessionsPanelProps = {
  user: CurrentUser;
};

/**
 * The user's active sessions (browser, address, last use, this one marked): sign out one, or every
 * other one after a confirmation.
 */
export function SessionsPanel({ user }: SessionsPanelProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions(client));
  const [confirmOthers, setConfirmOthers] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const zone = IANA_TIMEZONES[user.timezone];
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });

  const endOne = useMutation({
    mutationFn: (session: OwnSession) => client.call('endOwnSession', { params: { id: session.id } }),
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: async (_answer, session) => {
      setNotice(`Signed out ${session.browser} (${session.ip ?? 'unknown address'}).`);
      await refresh();
    },
    onError: (failure) => setError(apiErrorMessage(failure)),
  });

  const endOthers = useMutation({
    mutationFn: () => client.call('signOutOtherSessions', { body: {} }),
    onMutate: () => {
      setError(null);
      setNotice(null);
    },
    onSuccess: async (answer) => {
      setConfirmOthers(false);
      setNotice(
        answer.signed_out === 1 ? 'Signed out 1 other session.' : `Signed out ${answer.signed_out} other sessions.`,
      );
      await refresh();
    },
  });

  const columns: TableColumn<OwnSession>[] = [
    {
      id: 'browser',
      header: 'Browser',
      rowHeader: true,
      cell: (session) => (
        <span className="flex flex-wrap items-center gap-2">
          {session.browser}
          {session.current && (
            <span className="rounded bg-primary px-1.5 py-0.5 text-xs text-primary-contrast">This session</span>
          )}
        </span>
      ),
    },
    { id: 'ip', header: 'IP address', cell: (session) => session.ip ?? 'Unknown' },
    { id: 'last_seen', header: 'Last active', cell: (session) => formatDateTime(session.last_seen_at, zone) },
    { id: 'created', header: 'Signed in', cell: (session) => formatDateTime(session.created_at, zone) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (session) =>
        session.current ? null : (
          <Button
            size="sm"
            variant="secondary"
            loading={endOne.isPending && endOne.variables?.id === session.id}
            onClick={() => endOne.mutate(session)}
            aria-label={`Sign out ${session.browser} at ${session.ip ?? 'unknown address'}`}
          >
            Sign out
          </Button>
        ),
    },
  ];

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card
      title="Active sessions"
      description="Where your account is signed in. Sign out any session you do not recognise, then change your password."
      actions={
        <Button
          variant="secondary"
          disabled={others === 0}
          onClick={() => {
            endOthers.reset();
            setConfirmOthers(true);
          }}
        >
          Sign out all other sessions
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <FormError message={error} />
        <Notice message={notice} />
        {sessions.isPending ? (
          <Spinner label="Loading sessions" />
        ) : sessions.isError ? (
          <FormError message={apiErrorMessage(sessions.error)} />
        ) : (
          <Table
            caption="Your active sessions"
            captionHidden
            columns={columns}
            rows={sessions.data}
            getRowKey={(session) => session.id}
          />
        )}
      </div>
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title="Sign out all other sessions?"
        description="Every browser and device but this one will have to sign in again."
        confirmLabel="Sign out others"
        onConfirm={() => endOthers.mutate()}
        pending={endOthers.isPending}
        error={endOthers.isError ? apiErrorMessage(endOthers.error) : undefined}
      />
    </Card>
  );
}
