import { useRef, useState, type DragEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { CONTACT_FILE_EXTENSIONS, CONTACT_FILE_MAX_BYTES, contactFileProblem } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { cn, Field, Input, ProgressBar } from '@crm/ui';
import { formatBytes } from './format';

const MAX_LABEL = formatBytes(CONTACT_FILE_MAX_BYTES);
const ACCEPT = CONTACT_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Why a file cannot be sent, checked before sending by the contract's rule (the server checks the same, and more). */
export function fileProblem(file: File): string | null {
  return contactFileProblem(file.name, file.size);
}

export type FileUploadProps = {
  contactId: number;
  onUploaded: (fileName: string) => Promise<void> | void;
};

/**
 * Attach a file to a contact: the file input, or a file dropped on the zone. The limits are shown;
 * the server's message (422) appears beside the field; a bar runs while the file travels.
 */
export function FileUpload({ contactId, onUploaded }: FileUploadProps) {
  const client = useApiClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.call('uploadContactFile', { params: { id: contactId }, body: form });
    },
    onSuccess: async (answer) => {
      if (input.current) input.current.value = '';
      await onUploaded(answer.data.file_name);
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    const problem = fileProblem(file);
    setProblem(problem);
    if (!problem) upload.mutate(file);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      data-testid="file-drop-zone"
      className={cn(
        'flex flex-col gap-3 rounded border-2 border-dashed border-border p-4',
        dragging && 'border-primary bg-primary/5',
      )}
    >
      <p className="text-sm font-medium">Drop a file here, or choose one.</p>
      <Field
        label="Attach a file"
        description={`At most ${MAX_LABEL}. Accepted: ${CONTACT_FILE_EXTENSIONS.join(', ')}.`}
        error={problem}
      >
        <Input
          ref={input}
          type="file"
          accept={ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => send(event.target.files?.[0])}
          className="cursor-pointer"
        />
      </Field>
      {upload.isPending && <ProgressBar value={null} label={`Uploading ${upload.variables.name}…`} />}
    </div>
  );
}
