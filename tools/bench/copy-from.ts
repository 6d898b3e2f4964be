import { once } from 'node:events';
import type pg from 'pg';

/** The part of pg's connection a COPY ... FROM STDIN talks to (the same calls pg-copy-streams makes). */
type CopyConnection = {
  query: (text: string) => void;
  sendCopyFromChunk: (chunk: Buffer) => void;
  endCopyFrom: () => void;
  stream: NodeJS.WritableStream & { writableNeedDrain: boolean };
};

export type CopyWriter = {
  /** Sends rows in COPY text format (tab-separated, `\N` for null, one row a line); waits while the socket is full. */
  write: (rows: string) => Promise<void>;
  /** Ends the COPY; resolves with the number of rows PostgreSQL stored. */
  end: () => Promise<number>;
};

/**
 * `COPY <table> (<columns>) FROM STDIN` on a client of its own, without pg-copy-streams (not
 * installed): node-postgres runs any object with a `submit(connection)` method as a query and hands
 * it the protocol messages (its "Submittable" interface, which pg-cursor and pg-copy-streams use).
 * The client must not run anything else until `end()` has resolved.
 */
export function copyFrom(client: pg.Client, statement: string): CopyWriter {
  let connection: CopyConnection | undefined;
  let failure: Error | undefined;
  let rowCount = 0;
  let started!: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
  let finished!: { resolve: (rows: number) => void; reject: (error: Error) => void };
  const done = new Promise<number>((resolve, reject) => (finished = { resolve, reject }));
  ready.catch(() => undefined);
  done.catch(() => undefined);
  const submittable = {
    submit: (c: CopyConnection) => c.query(statement),
    handleCopyInResponse: (c: CopyConnection) => {
      connection = c;
      started.resolve();
    },
    handleCommandComplete: (message: { text: string }) => {
      rowCount = Number(message.text.split(' ')[1] ?? 0);
    },
    handleReadyForQuery: () => finished.resolve(rowCount),
    handleError: (error: Error) => {
      failure = error;
      started.reject(error);
      finished.reject(error);
    },
  };
  client.query(submittable as unknown as pg.Submittable);
  const open = async (): Promise<CopyConnection> => {
    await ready;
    if (failure || !connection) throw failure ?? new Error('COPY did not start');
    return connection;
  };
  return {
    async write(rows) {
      const c = await open();
      c.sendCopyFromChunk(Buffer.from(rows));
      if (c.stream.writableNeedDrain) await Promise.race([once(c.stream, 'drain'), done]);
      if (failure) throw failure;
    },
    async end() {
      (await open()).endCopyFrom();
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
