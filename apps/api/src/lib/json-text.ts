/**
 * An answer, or a part of one, already written as JSON (by PostgreSQL: contact-record.repository
 * answerQuery), that goes out as it is instead of being parsed into objects and written again.
 * `T` is the contract shape it stands for; the answer serializer checks the text against the
 * route's contract wherever answers are checked (plugins/serializer.ts: development and tests).
 *
 * It is kept as its pieces (the text PostgreSQL sent, and the punctuation around it) and written
 * once, into one buffer (`toBuffer`): joining a page's texts into one string, and Node then
 * flattening and copying that string again to send it, made 0.9 MB of garbage a page, and the
 * garbage collector took a third of the API's CPU (npm run bench:agents).
 */
export class JsonText<T> {
  /** The shape the text stands for (types only). */
  declare readonly shape: T;
  constructor(readonly parts: readonly string[]) {}

  /** The JSON text in one string. */
  get text(): string {
    return this.parts.join('');
  }

  /** The JSON text as UTF-8, written straight into one buffer of its size. */
  toBuffer(): Buffer {
    let size = 0;
    for (const part of this.parts) size += Buffer.byteLength(part);
    const buffer = Buffer.allocUnsafe(size);
    let at = 0;
    for (const part of this.parts) at += buffer.write(part, at);
    return buffer;
  }
}

/** A JSON text of one piece (such as one that PostgreSQL wrote). */
export const jsonText = <T>(text: string): JsonText<T> => new JsonText<T>([text]);

/**
 * A JSON object of these fields, in their order: a JsonText as it is, any other value as
 * JSON.stringify writes it (an undefined one left out, as JSON.stringify leaves it out).
 */
export function jsonObject<T extends Record<string, unknown>>(fields: { [K in keyof T]: T[K] | JsonText<T[K]> }): JsonText<T> {
  const parts: string[] = ['{'];
  for (const [key, value] of Object.entries(fields)) {
    const written = value instanceof JsonText ? value.parts : (JSON.stringify(value) as string | undefined);
    if (written === undefined) continue;
    parts.push(`${parts.length > 1 ? ',' : ''}${JSON.stringify(key)}:`, ...(typeof written === 'string' ? [written] : written));
  }
  parts.push('}');
  return new JsonText(parts);
}
