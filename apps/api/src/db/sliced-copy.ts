import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { LONG_WORK_SQL, toQuery } from './sql-helpers';

/** Where a slice ended in list order: the sort values and id of its last row (the next slice's keyset). */
export type SliceEnd = { value: string | null; then?: string | null | undefined; id: number };

export type SlicedCopyOptions = {
  pool: Pool;
  /**
   * The next `limit` rows of the list (`id`, `sort_value` and `sort_then` columns, in list order; rows without
   * an id are left out), after `after` (undefined: from the start). Without a keyset (`keyset`
   * false) it is asked once, for every row.
   */
  page: (limit: number, after: SliceEnd | undefined) => SQL;
  /** Whether `page` can continue after a slice's last row (keyset paging); otherwise one slice of every row. */
  keyset: boolean;
  /** The temporary table a slice's ids go in, `(ord int, id int)`, which `copy` reads in `ord` order. */
  table: string;
  /** COPY ... TO STDOUT of the rows whose ids are in `table` (no parameters: COPY takes none). */
  copy: string;
  /** At most this many rows in all. */
  max: number;
  /** Rows of each slice in turn; the last size repeats. Small first, so that the first rows leave at once. */
  sizes: readonly number[];
  /** Connections writing slices at once (fewer while the pool has not that many plus two to spare). */
  connections: number;
  /** work_mem of each connection's transaction (its sorts and hashes). */
  workMem: string;
};

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  promise.catch(() => undefined); // awaited later, or never when the copy stops first
  return { promise, resolve, reject };
}

/** Where the list's rows stood after a slice: how many were sent before, the keyset, and whether it was the last. */
type Progress = { sent: number; after: SliceEnd | undefined; done: boolean };

/**
 * A COPY ... TO STDOUT of a long list cut into slices in list order, sent as one stream that starts
 * at once. Each slice takes the next ids of the list (keyset paging, so every slice reads only its
 * own part of the order index) into a temporary table and runs the COPY over them. The slices go
 * round `connections` connections that share one snapshot (the first one's, exported with
 * pg_export_snapshot as pg_dump's parallel jobs do), so together they are one consistent list: while
 * one connection's slice is being sent, the next connection reads the following ids and writes its
 * slice, which waits (its connection paused by backpressure) for its turn. The first slices are
 * small (`sizes`), so the first rows leave within a moment, and the later ones large, so that the
 * per-statement work (each child table read once a slice) stays small against the rows.
 *
 * Nothing is asked of the database until the stream is read. A failure ends the stream with its
 * error; destroying the stream (a download stopped half way) ends every connection's work and gives
 * the connections back to the pool closed.
 */
export function slicedCopy(options: SlicedCopyOptions): Readable {
  const { pool, page, keyset, table, copy, max, sizes, workMem } = options;
  const sizeAt = (k: number) => (keyset ? (sizes[Math.min(k, sizes.length - 1)] ?? max) : max);

  async function* generate(): AsyncGenerator<Buffer> {
    const held: { client: PoolClient; released: boolean }[] = [];
    const slices: Deferred<Readable | null>[] = [];
    const ends: Deferred<Progress>[] = [];
    const slice = (k: number) => (slices[k] ??= deferred());
    const end = (k: number) => (ends[k] ??= deferred());
    const streams = new Set<Readable>();
    let stopped: unknown;
    const stop = (error: unknown) => {
      stopped ??= error;
      for (const d of [...slices, ...ends]) d?.reject(stopped);
    };
    const release = (h: (typeof held)[number], broken?: Error) => {
      if (h.released) return;
      h.released = true;
      h.client.release(broken);
    };

    /** Writes slices w, w + n, w + 2n, ... on its connection, each after the previous slice's ids are known. */
    async function work(h: (typeof held)[number], w: number, n: number): Promise<void> {
      const { client } = h;
      await client.query(`create temporary table ${table} (ord int, id int) on commit drop`);
      for (let k = w; ; k += n) {
        const before: Progress = k === 0 ? { sent: 0, after: undefined, done: false } : await end(k - 1).promise;
        if (before.done) {
          end(k).resolve(before);
          slice(k).resolve(null);
          break;
        }
        const limit = Math.min(sizeAt(k), max - before.sent);
        if (k !== w) await client.query(`truncate ${table}`);
        const { text, params } = toQuery(sql`with page as (
            select row_number() over () as ord, p.id, p.sort_value, p.sort_then from (${page(limit, before.after)}) p where p.id is not null
          ), kept as (insert into ${sql.raw(table)} (ord, id) select ord, id from page)
          select (select count(*) from page)::int as n, id, sort_value, sort_then from page order by ord desc limit 1`);
        const last = (await client.query<{ n: number; id: number; sort_value: string | null; sort_then: string | null }>(text, params)).rows[0];
        const count = last?.n ?? 0;
        const sent = before.sent + count;
        const done = !keyset || count < limit || sent >= max;
        end(k).resolve({ sent, after: last ? { value: last.sort_value, then: last.sort_then, id: Number(last.id) } : before.after, done });
        if (!count) {
          slice(k).resolve(null);
          break;
        }
        await client.query(`analyze ${table}`);
        const stream = client.query(copyTo(copy));
        streams.add(stream);
        slice(k).resolve(stream);
        await finished(stream);
        streams.delete(stream);
        if (done) break;
      }
      await client.query('commit');
      release(h);
    }

    let complete = false;
    try {
      // more than one connection only while the pool keeps two free for everyone else
      const free = pool.options.max - pool.totalCount + pool.idleCount;
      const n = keyset ? Math.max(1, Math.min(options.connections, free - 2)) : 1;
      for (let i = 0; i < n; i += 1) held.push({ client: await pool.connect(), released: false });
      for (const { client } of held) await client.query(`begin isolation level repeatable read; set local work_mem = '${workMem.replace(/'/g, "''")}'; ${LONG_WORK_SQL}`);
      if (n > 1) {
        const snapshot = (await held[0]!.client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
        for (const { client } of held.slice(1)) await client.query(`set transaction snapshot '${snapshot.replace(/'/g, "''")}'`);
      }
      const workers = Promise.all(held.map((h, w) => work(h, w, n).catch((error: unknown) => stop(error))));
      for (let k = 0; ; k += 1) {
        const stream = await slice(k).promise;
        if (!stream) break;
        for await (const chunk of stream) yield chunk as Buffer;
        if ((await end(k).promise).done) break;
      }
      await workers;
      if (stopped) throw stopped;
      complete = true;
    } finally {
      if (!complete) {
        // stopped half way, or failed: no connection goes back to the pool in the middle of a COPY
        const error = stopped instanceof Error ? stopped : new Error('copy stopped');
        stop(error);
        for (const stream of streams) stream.destroy();
        for (const h of held) release(h, error);
      }
    }
  }

  return Readable.from(generate(), { objectMode: false });
}
