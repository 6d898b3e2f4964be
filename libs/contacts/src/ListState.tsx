import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '@crm/session';
import { Spinner } from '@crm/ui';

export type ListStateProps<T> = {
  query: UseQueryResult<T>;
  /** The spinner's label while the first answer is on its way. */
  loading: string;
  isEmpty: (data: T) => boolean;
  /** What shows when the answer holds nothing (an EmptyState). */
  empty: ReactNode;
  children: (data: T) => ReactNode;
};

/** A list's four states from its query: loading (spinner), failed (the error, announced), empty, or the list. */
export function ListState<T>({ query, loading, isEmpty, empty, children }: ListStateProps<T>) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={loading} />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-danger">
        {apiErrorMessage(query.error)}
      </p>
    );
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}
