import type { Dispatch, SetStateAction } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, useApiClient } from '@crm/api-client';
import type { ContactsScope, ExportFormat } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Button, toast } from '@crm/ui';
import type { FollowedJob, ExportState } from './jobs/JobNotification';
import { hasSelection, selectAllMatching, selectionBody, type Selection } from './selection';

export type ExportButtonsProps = {
  selection: Selection;
  scope: ContactsScope;
  /** The list's process notification: an export shows its progress there while the file arrives. */
  onJob?: Dispatch<SetStateAction<FollowedJob | null>>;
};

const ENDPOINTS = { csv: 'exportContactsCsv', xlsx: 'exportContactsXlsx' } as const;
/** The notification is redrawn at most this often while a file arrives (a large one comes in thousands of parts). */
const PROGRESS_MS = 250;

let exportsStarted = 0;

/**
 * The contact export: starts a download of the ticked contacts (or every contact matching the
 * search when none is ticked), says which, tracks which format runs. The process notification
 * follows the download as it arrives (rows of about how many for a CSV, the size received), then
 * names the file saved under the name the server gives; a refusal shows an error toast with the
 * status text (the spec). Closing the notification stops following the export, not the export.
 */
export function useContactExport({ selection, scope, onJob }: ExportButtonsProps) {
  const client = useApiClient();
  const exporting = useMutation({
    mutationFn: async (format: ExportFormat) => {
      const id = (exportsStarted += 1);
      // a later export, another job, or a close replaces it: then this one no longer updates the notification
      const show = (state: ExportState) => onJob?.((current) => (current?.kind === 'export' && current.id === id ? { ...current, state } : current));
      onJob?.({ kind: 'export', id, state: { format } });
      let shown = 0;
      try {
        const body = selectionBody(hasSelection(selection) ? selection : selectAllMatching(), scope);
        let last: ExportState = { format };
        const file = await client.download(ENDPOINTS[format], {
          body,
          onProgress: (progress) => {
            last = { format, progress };
            if (performance.now() - shown < PROGRESS_MS) return;
            shown = performance.now();
            show(last);
          },
        });
        client.saveDownload(file);
        show({ ...last, filename: file.filename, bytes: file.blob.size });
      } catch (error) {
        show({ format, failure: error instanceof ApiError && error.statusText ? error.statusText : apiErrorMessage(error) });
        throw error;
      }
    },
    // the spec: the status text of the answer ("Service Unavailable")
    onError: (error) => toast.error(error instanceof ApiError && error.statusText ? error.statusText : apiErrorMessage(error)),
  });
  return {
    start: (format: ExportFormat) => exporting.mutate(format),
    busy: (format: ExportFormat) => exporting.isPending && exporting.variables === format,
    pending: exporting.isPending,
    what: hasSelection(selection) ? 'the selected contacts' : 'every contact matching the search',
  };
}

/** Export CSV / Excel of the list, as buttons (the phone layout puts the same in its actions menu). */
export function ExportButtons(props: ExportButtonsProps) {
  const { start, busy, pending, what } = useContactExport(props);
  return (
    <>
      <Button type="button" variant="secondary" loading={busy('csv')} disabled={pending} title={`Download ${what} as CSV`} onClick={() => start('csv')}>
        Export CSV
      </Button>
      <Button type="button" variant="secondary" loading={busy('xlsx')} disabled={pending} title={`Download ${what} as an Excel workbook`} onClick={() => start('xlsx')}>
        Export Excel
      </Button>
    </>
  );
}
