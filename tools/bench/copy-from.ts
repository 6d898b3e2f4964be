import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';

export type CopyWriter = {
  /** Sends rows in COPY text format (tab-separated, `\N` for null, one row a line), or any bytes the statement reads; waits while the socket is full. */
  write: (rows: string | Buffer) => Promise<void>;
  /** Ends the COPY; resolves with the number of rows PostgreSQL stored. */
  end: () => Promise<number>;
};

/**
 * `COPY <table> (<columns>) FROM STDIN` on a client of its own (pg-copy-streams, as the export's
 * COPY TO uses it), as awaited writes. The client must not run anything else until `end()` has resolved.
 */
export function copyFrom(client: pg.Client, statement: string): CopyWriter {
  const stream = client.query(copyFromStdin(statement));
  // 'finish' comes once PostgreSQL has the rows and the connection is ready for the next statement
  const done = new Promise<number>((resolve, reject) => {
    stream.once('finish', () => resolve(stream.rowCount));
    stream.once('error', reject);
  });
  done.catch(() => undefined);
  return {
    async write(rows) {
      if (!stream.write(rows)) await Promise.race([once(stream, 'drain'), done]);
    },
    end() {
      stream.end();
      return done;
    },
  };
}

/** One value in COPY text format: `\N` for null; backslash, tab and line breaks escaped. */
export function copyValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] as string) : text;
}

/** One row in COPY text format, with its line break. */
export const copyRow = (values: (string | number | boolean | null | undefined)[]) => `${values.map(copyValue).join('\t')}\n`;
