import { fullName } from './current-user';

/** A user as a record's author, uploader or editor: the API's `{ id, name }`, null when the user is gone. */
export type AuthorColumns = { id: number | null; firstName: string | null; lastName: string | null };

export function toAuthor({ id, firstName, lastName }: AuthorColumns): { id: number; name: string } | null {
  if (id === null || firstName === null || lastName === null) return null;
  return { id, name: fullName({ firstName, lastName }) };
}
