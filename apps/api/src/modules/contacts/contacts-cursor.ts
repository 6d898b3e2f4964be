import { isCalendarDate, type ContactOrderField } from '@crm/contract';
import type { Keyset } from './contacts.repository';

/**
 * The list's keyset cursor (contacts_scope.cursor, meta.next_cursor): base64url JSON of the order it
 * was made for and the last row of the page, its sort value (as PostgreSQL printed it, so that
 * timestamps keep their microseconds; null for an empty value) and its id. Opaque to clients: a
 * cursor only continues the order it came from.
 */
type CursorPayload = { f: ContactOrderField; o: 'asc' | 'desc'; v: string | null; i: number };

/** How sort values of each column look when PostgreSQL prints them (a cursor is read back only if its value does). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const VALUE_CHECKS: Partial<Record<ContactOrderField, (value: string) => boolean>> = {
  created_at: (value) => TIMESTAMP.test(value),
  updated_at: (value) => TIMESTAMP.test(value),
  date_of_birth: isCalendarDate,
};

export function encodeCursor(
  field: ContactOrderField,
  order: 'asc' | 'desc',
  last: Keyset,
): string {
  const payload: CursorPayload = { f: field, o: order, v: last.value, i: last.id };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The row a cursor continues after, or null when it is not a cursor of this order (or not a cursor at all). */
export function decodeCursor(
  cursor: string,
  field: ContactOrderField,
  order: 'asc' | 'desc',
): Keyset | null {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { f, o, v, i } = payload as Partial<CursorPayload>;
  if (f !== field || o !== order) return null;
  if (typeof i !== 'number' || !Number.isInteger(i) || i < 1 || i > 2_147_483_647) return null;
  if (v !== null && typeof v !== 'string') return null;
  const check = VALUE_CHECKS[field];
  if (v !== null && check && !check(v)) return null;
  return { value: v, id: i };
}
