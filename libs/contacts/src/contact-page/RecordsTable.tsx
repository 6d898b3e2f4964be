import { useState, type ReactNode } from 'react';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, ConfirmDialog, Spinner, Table, toast, type TableColumn } from '@crm/ui';

/** What a record's add/edit dialog gets: the record edited (a new one when absent). */
export type RecordDialogProps<T> = {
  record?: T;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export type RecordsTableProps<T extends { id: number }> = {
  /** "policy": the Add, Delete and question wording. */
  noun: string;
  /** "Policies": the table's caption; also "Loading policies" and "No policies yet.". */
  caption: string;
  query: UseQueryResult<T[]>;
  /** The record's columns; the Edit/Delete column is added after them. */
  columns: TableColumn<T>[];
  /** Names a record in buttons and questions ("Term life 12345"). */
  recordName: (record: T) => string;
  /** Sends the delete. */
  deleteRecord: (record: T) => Promise<unknown>;
  /** The toast once deleted. */
  deletedMessage: (record: T) => string;
  /** After the delete and its toast (refetches). */
  onDeleted: (record: T) => Promise<unknown>;
  /** The add/edit dialog; with it the tab offers "Add {noun}" and an Edit button per row. */
  renderDialog?: (props: RecordDialogProps<T>) => ReactNode;
  /** Buttons before a row's Delete. */
  rowActions?: (record: T) => ReactNode;
  /** Shown above the table (for example an upload). */
  toolbar?: ReactNode;
};

/** A contact's child records: the table, add and edit in a dialog, delete after confirming. */
export function RecordsTable<T extends { id: number }>({
  noun,
  caption,
  query,
  columns,
  recordName,
  deleteRecord,
  deletedMessage,
  onDeleted,
  renderDialog,
  rowActions,
  toolbar,
}: RecordsTableProps<T>) {
  // undefined: no dialog; null: a new record; else the record edited.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = useMutation({
    mutationFn: deleteRecord,
    onSuccess: async (_answer, record) => {
      setDeleting(null);
      toast.success(deletedMessage(record));
      await onDeleted(record);
    },
  });
  const plural = caption.toLowerCase();

  const allColumns: TableColumn<T>[] = [
    ...columns,
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (record) => (
        <div className="flex justify-end gap-1">
          {rowActions?.(record)}
          {renderDialog && (
            <Button size="sm" variant="ghost" aria-label={`Edit ${recordName(record)}`} onClick={() => setEditing(record)}>
              Edit
            </Button>
          )}
          <Button size="sm" variant="ghost" aria-label={`Delete ${recordName(record)}`} onClick={() => setDeleting(record)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      {renderDialog && (
        <div>
          <Button onClick={() => setEditing(null)}>Add {noun}</Button>
        </div>
      )}
      {toolbar}
      {query.isPending ? (
        <Spinner label={`Loading ${plural}`} />
      ) : query.isError ? (
        <FormError message={apiErrorMessage(query.error)} />
      ) : (
        <Table
          caption={caption}
          captionHidden
          columns={allColumns}
          rows={query.data}
          getRowKey={(record) => record.id}
          empty={`No ${plural} yet.`}
        />
      )}
      {renderDialog?.({
        record: editing ?? undefined,
        open: editing !== undefined,
        onOpenChange: (open) => {
          if (!open) setEditing(undefined);
        },
      })}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={`Delete ${deleting ? recordName(deleting) : `the ${noun}`}?`}
        description={`The ${noun} is removed from the contact.`}
        confirmLabel={`Delete ${noun}`}
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error) : null}
      />
    </div>
  );
}
