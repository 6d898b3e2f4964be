import { createHash } from 'node:crypto';
import { CONTACTS_CURSOR_MAX, isCalendarDate, type ContactOrderField } from '@crm/contract';
import type { Keyset } from './contacts-page.repository';

/**
 * The list's keyset cursor (contacts_scope.cursor, meta.next_cursor): base64url JSON of the order it
 * was made for and the last row of the page, its sort value (as PostgreSQL printed it, so that
 * timestamps keep their microseconds; null for an empty value), the value of the order's second
 * column (`t`: the first name of a last-name order) and its id. Opaque to clients: a cursor only
 * continues the order it came from.
 *
 * It also carries the list's count as the first page computed it (`n`, `c`: total_count and
 * total_count_capped) with a key of the search it was counted for (`s`, see countKey): a page
 * reached by cursor answers that count instead of counting again, which is most of the SQL time of
 * a filtered list. The count is the one of the moment the walk began, as the client already shows
 * it. A cursor of another search (or one without a count) is counted again.
 */
type CursorPayload = {
  f: ContactOrderField;
  o: 'asc' | 'desc';
  v: string | null;
  t?: string | null;
  i: number;
  n?: number;
  c?: boolean;
  s?: string;
};

/** The orders whose cursor carries a second value (the repository's THEN_COLUMNS). */
const ORDERS_WITH_THEN = new Set<ContactOrderField>(['last_name']);

/** contacts_scope.cursor's maximum length in the contract. */
const MAX_CURSOR_LENGTH = CONTACTS_CURSOR_MAX;

/** The count a cursor carries: total_count and total_count_capped of the first page. */
export type CursorCount = { total: number; capped: boolean };

/** A short key of what a count depends on (the search without its paging, the reach, the time zone). */
export function countKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
}

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
  count?: CursorCount & { key: string },
): string {
  const payload: CursorPayload = { f: field, o: order, v: last.value, ...(last.then !== undefined && last.then !== null && { t: last.then }), i: last.id };
  const plain = Buffer.from(JSON.stringify(payload)).toString('base64url');
  if (!count) return plain;
  const counted = Buffer.from(JSON.stringify({ ...payload, n: count.total, c: count.capped, s: count.key })).toString('base64url');
  // the contract takes cursors of up to CONTACTS_CURSOR_MAX characters: a long sort value leaves the count out (the next page counts)
  return counted.length <= MAX_CURSOR_LENGTH ? counted : plain;
}

/**
 * The row a cursor continues after, or null when it is not a cursor of this order (or not a cursor
 * at all); with the count it carries when it was counted for the search of this key.
 */
export function decodeCursor(
  cursor: string,
  field: ContactOrderField,
  order: 'asc' | 'desc',
  key?: string,
): { after: Keyset; count: CursorCount | undefined } | null {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { f, o, v, t, i, n, c, s } = payload as Partial<CursorPayload>;
  if (f !== field || o !== order) return null;
  // an order with a second column (THEN_COLUMNS) needs its value: a cursor made before it had one starts over
  if (ORDERS_WITH_THEN.has(field) && v !== null && typeof t !== 'string') return null;
  if (t !== undefined && t !== null && typeof t !== 'string') return null;
  if (typeof i !== 'number' || !Number.isInteger(i) || i < 1 || i > 2_147_483_647) return null;
  if (v !== null && typeof v !== 'string') return null;
  const check = VALUE_CHECKS[field];
  if (v !== null && check && !check(v)) return null;
  const counted = s !== undefined && s === key && typeof n === 'number' && Number.isInteger(n) && n >= 0 && typeof c === 'boolean';
  return { after: { value: v, ...(typeof t === 'string' && { then: t }), id: i }, count: counted ? { total: n, capped: c } : undefined };
}
