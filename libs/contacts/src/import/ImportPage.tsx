import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useCableChannel } from '@crm/api-client';
import { CABLE_CHANNELS, type ImportAttempt } from '@crm/contract';
import { ProcessNotification, type ProcessNotificationState, PageHeader } from '@crm/ui';
import { contactKeys } from '../contacts-queries';
import { applyAttemptMessage, attemptCounts, laterAttempt } from './import-queries';
import { ImportAttempts } from './ImportAttempts';
import { ImportWizard } from './ImportWizard';
import { BackToContactsLink } from '../BackToContactsLink';
import { withInterruption } from '../jobs/interrupted';

const HIDDEN: ProcessNotificationState = { visible: false, text: '' };

/** What the process notification says of an attempt. */
export function importNotification(a: ImportAttempt): ProcessNotificationState {
  const rows = attemptCounts(a).join(', ');
  if (a.status === 'completed') return { visible: true, status: 'completed', text: `Imported ${a.file_name}: ${rows}.`, linkUrl: '/contacts', linkText: 'See contacts' };
  if (a.status === 'failed') return { visible: true, status: 'failed', text: `The import of ${a.file_name} failed: ${a.failure ?? 'unknown reason'}.` };
  if (a.status === 'queued') return { visible: true, status: 'processing', text: withInterruption(`${a.file_name} waits for a worker…`, a.interrupted) };
  return { visible: true, status: 'processing', text: withInterruption(`Importing ${a.file_name}: ${a.progress}% (${rows})`, a.interrupted) };
}

/**
 * /contacts/import: the wizard, and the attempts below it. Live messages of the contacts-import
 * channel replace attempts in place by id (part 2 §4); the import started here is followed in
 * the process notification until it ends or is closed.
 */
export function ImportPage() {
  const queryClient = useQueryClient();
  const [following, setFollowing] = useState<number | null>(null);
  const [notice, setNotice] = useState<ProcessNotificationState>(HIDDEN);
  /** The latest message of each attempt: a short import can end before the request that started it answers. */
  const heard = useRef(new Map<number, ImportAttempt>());
  useCableChannel<{ attempt: ImportAttempt }>(CABLE_CHANNELS.contactsImport, ({ attempt }) => {
    heard.current.set(attempt.id, laterAttempt(attempt, heard.current.get(attempt.id)));
    applyAttemptMessage(queryClient, attempt);
    if (attempt.id === following) setNotice(importNotification(attempt));
    if (attempt.status === 'completed') void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  });
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4">
      <PageHeader title="Import contacts" actions={<BackToContactsLink />} />
      <ProcessNotification
        {...notice}
        renderLink={(url, text) => (
          <Link to={url} className="text-primary underline">
            {text}
          </Link>
        )}
        onClose={() => {
          setNotice(HIDDEN);
          setFollowing(null);
        }}
      />
      <ImportWizard
        onStarted={(started) => {
          const attempt = laterAttempt(started, heard.current.get(started.id));
          setFollowing(attempt.id);
          setNotice(importNotification(attempt));
          applyAttemptMessage(queryClient, attempt);
        }}
      />
      <ImportAttempts />
    </div>
  );
}
