import { useMutation } from '@tanstack/react-query';
import { ApiError, useApiClient } from '@crm/api-client';
import type { ContactsScope, ExportFormat } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Button, toast } from '@crm/ui';
import { hasSelection, selectAllMatching, selectionBody, type Selection } from './selection';

export type ExportButtonsProps = { selection: Selection; scope: ContactsScope };

const ENDPOINTS = { csv: 'exportContactsCsv', xlsx: 'exportContactsXlsx' } as const;

/** The contact export: starts a download of the ticked contacts (or all matching), says which, tracks which format runs. */
export function useContactExport({ selection, scope }: ExportButtonsProps) {
  const client = useApiClient();
  const exporting = useMutation({
    mutationFn: async (format: ExportFormat) => {
      const body = selectionBody(hasSelection(selection) ? selection : selectAllMatching(), scope);
      client.saveDownload(await client.download(ENDPOINTS[format], { body }));
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

/**
 * Export CSV / Excel of the list: the ticked contacts, or every contact matching the search when
 * none is ticked. The file is saved under the name the server gives; a refusal shows an error
 * toast with the status text (the spec).
 */
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
