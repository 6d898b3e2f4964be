function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

function flatten(key: string, value: unknown, pairs: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) flatten(`${key}[]`, item, pairs);
  } else if (isPlainObject(value)) {
    for (const [name, item] of Object.entries(value))
      flatten(`${key}[${encodeURIComponent(name)}]`, item, pairs);
  } else {
    const text = value instanceof Date ? value.toISOString() : String(value);
    pairs.push(`${key}=${encodeURIComponent(text)}`);
  }
}

/**
 * Query string in bracket form (spec part 1 §7): arrays as `types_list[]=a&types_list[]=b`, nested
 * objects as `a[b]=c`, undefined and null skipped. Gives '' or a string starting with '?'.
 */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query ?? {}))
    flatten(encodeURIComponent(name), value, pairs);
  return pairs.length ? `?${pairs.join('&')}` : '';
}
