/**
 * An answer, or a part of one, already written as JSON (by PostgreSQL: contacts.repository
 * answerQuery), that goes out as it is instead of being parsed into objects and written again.
 * `T` is the contract shape it stands for; the answer serializer checks the text against the
 * route's contract wherever answers are checked (plugins/serializer.ts: development and tests).
 *
 * Why: a page of 100 contacts read as rows cost the API 3.6–4.0 ms of CPU, a third of it in the
 * garbage collector copying the rows of pages still arriving; as 100 JSON texts it costs 1.8 ms,
 * and PostgreSQL 0.9–1.2 ms more (npm run bench:agents held 450 agents where it held 400).
 */
export class JsonText<T> {
  /** The shape the text stands for (types only). */
  declare readonly shape: T;
  constructor(readonly text: string) {}
}

/** A JSON array of these texts. */
export function jsonArray<T>(items: readonly JsonText<T>[]): JsonText<T[]> {
  return new JsonText(`[${items.map((item) => item.text).join(',')}]`);
}

/**
 * A JSON object of these fields, in their order: a JsonText as it is, any other value as
 * JSON.stringify writes it (an undefined one left out, as JSON.stringify leaves it out).
 */
export function jsonObject<T extends Record<string, unknown>>(fields: { [K in keyof T]: T[K] | JsonText<T[K]> }): JsonText<T> {
  const members: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const text = value instanceof JsonText ? value.text : (JSON.stringify(value) as string | undefined);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return new JsonText(`{${members.join(',')}}`);
}
