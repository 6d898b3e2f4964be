import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, Spinner } from '@crm/ui';
import { formatDateTime } from '@crm/util';

/** A record the contact has one of, saved as a whole (data capture, prescriptions). */
type SavedRecord = { updated_at: string | null; updated_by: { name: string } | null };

export type SavedRecordFrameProps<T extends SavedRecord> = {
  query: UseQueryResult<T>;
  /** "Loading answers". */
  loadingLabel: string;
  /** The user's IANA time zone. */
  zone: string;
  /** The record's form, once loaded. */
  children: (record: T) => ReactNode;
};

/** Loads a record edited as a whole and shows when and by whom it was last saved above its form. */
export function SavedRecordFrame<T extends SavedRecord>({ query, loadingLabel, zone, children }: SavedRecordFrameProps<T>) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <FormError message={apiErrorMessage(query.error)} />;
  const { updated_at, updated_by } = query.data;
  return (
    <div className="flex flex-col gap-4">
      {updated_at && (
        <p className="text-sm text-muted">
          Last saved {formatDateTime(updated_at, zone)}
          {updated_by && ` by ${updated_by.name}`}
        </p>
      )}
      {children(query.data)}
    </div>
  );
}

export type SaveBarProps = {
  formError: string | null;
  /** "Save answers". */
  label: string;
  pending: boolean;
  dirty: boolean;
};

/** The end of such a form: its error, Save, and "Unsaved changes" while there are any. */
export function SaveBar({ formError, label, pending, dirty }: SaveBarProps) {
  return (
    <>
      <FormError message={formError} />
      <div className="flex items-center gap-3">
        <Button type="submit" loading={pending}>
          {label}
        </Button>
        {dirty && <span className="text-sm text-muted">Unsaved changes</span>}
      </div>
    </>
  );
}

/** A list's own error (too many entries, for example), announced. */
export function ListError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-danger">
      {message}
    </p>
  ) : null;
}
