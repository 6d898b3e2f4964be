function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmptyValue(value: unknown): boolean {
  return value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Spec part 1 §5 / part 2 §5: before a non-GET JSON request, entries of `contacts_scope.search`
 * whose `value` is an empty string or an empty array are removed. Returns a copy when something
 * changes; the caller's object is never mutated.
 */
export function withoutEmptySearch<T>(body: T): T {
  if (!isRecord(body) || !isRecord(body['contacts_scope'])) return body;
  const scope = body['contacts_scope'];
  const search = scope['search'];
  if (!Array.isArray(search)) return body;
  const kept = search.filter(
    (entry: unknown) => !(isRecord(entry) && isEmptyValue(entry['value'])),
  );
  if (kept.length === search.length) return body;
  return { ...body, contacts_scope: { ...scope, search: kept } };
}
