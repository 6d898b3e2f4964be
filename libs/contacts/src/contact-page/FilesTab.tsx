import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ContactFile } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, ConfirmDialog, Spinner, Table, toast, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactFilesQueryOptions, contactKeys } from '../contacts-queries';
import { FileUpload } from './FileUpload';
import { formatBytes } from './format';

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
  const [deleting, setDeleting] = useState<ContactFile | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'files') });

  const download = useMutation({
    mutationFn: async (file: ContactFile) => {
      const result = await client.download('downloadContactFile', { params: { id: contactId, fileId: file.id } });
      client.saveDownload({ blob: result.blob, filename: file.file_name });
    },
  });
  const remove = useMutation({
    mutationFn: (file: ContactFile) => client.call('deleteContactFile', { params: { id: contactId, fileId: file.id } }),
    onSuccess: async (_answer, file) => {
      setDeleting(null);
      toast.success(`${file.file_name} deleted.`);
      await refresh();
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
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (file) => (
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Download ${file.file_name}`}
            loading={download.isPending && download.variables.id === file.id}
            onClick={() => download.mutate(file)}
          >
            Download
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Delete ${file.file_name}`} onClick={() => setDeleting(file)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <FileUpload
        contactId={contactId}
        onUploaded={async (name) => {
          toast.success(`${name} uploaded.`);
          await refresh();
        }}
      />
      <FormError message={download.error ? apiErrorMessage(download.error) : null} />
      {files.isPending ? (
        <Spinner label="Loading files" />
      ) : files.isError ? (
        <FormError message={apiErrorMessage(files.error)} />
      ) : (
        <Table
          caption="Files"
          captionHidden
          columns={columns}
          rows={files.data}
          getRowKey={(file) => file.id}
          empty="No files yet."
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={`Delete ${deleting?.file_name ?? 'the file'}?`}
        description="The file is removed from the contact."
        confirmLabel="Delete file"
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error) : null}
      />
    </div>
  );
}
