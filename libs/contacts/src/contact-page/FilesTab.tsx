import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ContactFile } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, toast, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactFilesQueryOptions, contactKeys } from '../contacts-queries';
import { FileUpload } from './FileUpload';
import { formatBytes } from './format';
import { RecordsTable } from './RecordsTable';

export type FilesTabProps = {
  contactId: number;
  /** The user's IANA time zone. */
  zone: string;
};

/** A contact's files: upload (input or drop), the list with size, uploader and date, download, delete after confirming. */
export function FilesTab({ contactId, zone }: FilesTabProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const files = useQuery(contactFilesQueryOptions(client, contactId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'files') });

  const download = useMutation({
    mutationFn: async (file: ContactFile) => {
      const result = await client.download('downloadContactFile', { params: { id: contactId, fileId: file.id } });
      client.saveDownload({ blob: result.blob, filename: file.file_name });
    },
  });

  const columns: TableColumn<ContactFile>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (file) => <span className="break-all">{file.file_name}</span> },
    { id: 'size', header: 'Size', align: 'end', cell: (file) => formatBytes(file.byte_size) },
    { id: 'uploader', header: 'Uploaded by', cell: (file) => file.uploaded_by?.name ?? '—' },
    {
      id: 'date',
      header: 'Date',
      cell: (file) => <time dateTime={file.created_at}>{formatDateTime(file.created_at, zone)}</time>,
    },
  ];

  return (
    <RecordsTable
      noun="file"
      caption="Files"
      query={files}
      columns={columns}
      recordName={(file) => file.file_name}
      deleteRecord={(file) => client.call('deleteContactFile', { params: { id: contactId, fileId: file.id } })}
      deletedMessage={(file) => `${file.file_name} deleted.`}
      onDeleted={refresh}
      rowActions={(file) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Download ${file.file_name}`}
          loading={download.isPending && download.variables.id === file.id}
          onClick={() => download.mutate(file)}
        >
          Download
        </Button>
      )}
      toolbar={
        <>
          <FileUpload
            contactId={contactId}
            onUploaded={async (name) => {
              toast.success(`${name} uploaded.`);
              await refresh();
            }}
          />
          <FormError message={download.error ? apiErrorMessage(download.error) : null} />
        </>
      }
    />
  );
}
