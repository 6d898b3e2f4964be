import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/database';
import { sandboxDeliveries, sandboxIdempotency, sandboxObjects } from '../../../db/schema';

/** An object as its vendor shapes it: its id and its kind (Stripe's `object`; a sandbox of another vendor names its kinds the same way). */
export type SandboxObject = Record<string, unknown> & { id: string; object: string };
export type StoredObject = { data: SandboxObject; hidden: Record<string, unknown> | null };

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'different_request' }
  | { kind: 'done'; status: number; body: string; requestId: string | null };

/** How long an idempotency key is kept (Stripe: 24 hours) and how long a running request holds it. */
const KEEP_HOURS = 24;
const LOCK_SECONDS = 60;

/** Who owns an object in the vendor's model (Stripe: its `customer`), for the vendor's lists; null when none. */
export type OwnerOf = (object: SandboxObject) => string | null;

/** Writes of a vendor's objects, on the database or on a transaction. */
function objectWrites(db: Database | Tx, vendor: string, ownerOf: OwnerOf) {
  return {
    async insert(object: SandboxObject, hidden: Record<string, unknown> | null = null): Promise<void> {
      await db.insert(sandboxObjects).values({ vendor, id: object.id, object: object.object, owner: ownerOf(object), data: object, hidden });
    },

    /** Writes the object's new state; its hidden part (what the vendor knows and does not show) only when given. */
    async save(object: SandboxObject, hidden?: Record<string, unknown> | null): Promise<void> {
      await db
        .update(sandboxObjects)
        .set({ data: object, owner: ownerOf(object), ...(hidden !== undefined && { hidden }) })
        .where(and(eq(sandboxObjects.vendor, vendor), eq(sandboxObjects.id, object.id)));
    },
  };
}
export type ObjectWrites = ReturnType<typeof objectWrites>;

/**
 * The sandbox kit's store: one vendor's objects, idempotency keys and callback deliveries in
 * PostgreSQL (the tables every sandbox shares, keyed by vendor). Each sandbox adds only its
 * vendor's resources on top.
 */
export function createSandboxStore(db: Database, vendor: string, ownerOf: OwnerOf) {
  const mine = eq(sandboxObjects.vendor, vendor);
  const keyOf = (apiKey: string, key: string) => and(eq(sandboxIdempotency.vendor, vendor), eq(sandboxIdempotency.apiKey, apiKey), eq(sandboxIdempotency.key, key));
  return {
    ...objectWrites(db, vendor, ownerOf),

    /**
     * Runs `change` in one transaction with the object's row locked (select … for update), given
     * the object as it is then and the writes on the transaction: two changes of one object (two
     * refunds of one charge) run one after the other, each reading what the other wrote.
     */
    async locked<T>(id: string, object: string, change: (found: StoredObject | null, tx: ObjectWrites) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ data: sandboxObjects.data, hidden: sandboxObjects.hidden })
          .from(sandboxObjects)
          .where(and(mine, eq(sandboxObjects.id, id), eq(sandboxObjects.object, object)))
          .for('update');
        return change(row ? { data: row.data as SandboxObject, hidden: row.hidden } : null, objectWrites(tx, vendor, ownerOf));
      });
    },

    async find(id: string, object: string): Promise<StoredObject | null> {
      const [row] = await db
        .select({ data: sandboxObjects.data, hidden: sandboxObjects.hidden })
        .from(sandboxObjects)
        .where(and(mine, eq(sandboxObjects.id, id), eq(sandboxObjects.object, object)));
      return row ? { data: row.data as SandboxObject, hidden: row.hidden } : null;
    },

    /**
     * Keeps the object unless one with its id is kept already, and answers the one kept: an object
     * made once for every process (an issuer's signing key), whichever process makes it first.
     */
    async insertOnce(object: SandboxObject, hidden: Record<string, unknown> | null = null): Promise<StoredObject> {
      await db.insert(sandboxObjects).values({ vendor, id: object.id, object: object.object, owner: ownerOf(object), data: object, hidden }).onConflictDoNothing();
      const kept = await this.find(object.id, object.object);
      if (!kept) throw new Error(`The ${vendor} sandbox keeps ${object.id} as another kind of object than ${object.object}`);
      return kept;
    },

    /** Any object by its id (what `expand[]` puts in place of an id). */
    async findById(id: string): Promise<SandboxObject | null> {
      const [row] = await db.select({ data: sandboxObjects.data }).from(sandboxObjects).where(and(mine, eq(sandboxObjects.id, id)));
      return row ? (row.data as SandboxObject) : null;
    },

    /**
     * A page of an owner's objects of one kind (every owner's when `owner` is null) as Stripe lists
     * them (and most vendors): newest first; after the object `startingAfter` (older ones) or
     * before `endingBefore` (newer ones, still newest first);
     * `hasMore` when the list goes on past the page in the direction asked. Null when the cursor
     * object is not one of the list.
     */
    async pageOf(
      owner: string | null,
      object: string,
      { limit, startingAfter, endingBefore }: { limit: number; startingAfter?: string; endingBefore?: string },
    ): Promise<{ data: SandboxObject[]; hasMore: boolean } | null> {
      const cursorId = startingAfter ?? endingBefore;
      const listed = and(mine, owner === null ? undefined : eq(sandboxObjects.owner, owner), eq(sandboxObjects.object, object));
      let after: SQL | undefined;
      if (cursorId !== undefined) {
        const [cursor] = await db.select({ id: sandboxObjects.id }).from(sandboxObjects).where(and(listed, eq(sandboxObjects.id, cursorId)));
        if (!cursor) return null;
        // compared in the database: its timestamps have microseconds, a JavaScript Date only milliseconds
        const at = sql`(${sandboxObjects.createdAt}, ${sandboxObjects.id})`;
        const mark = sql`(select c.created_at, c.id from ${sandboxObjects} c where c.vendor = ${vendor} and c.id = ${cursorId})`;
        after = startingAfter !== undefined ? sql`${at} < ${mark}` : sql`${at} > ${mark}`;
      }
      const newerFirst = endingBefore === undefined;
      const rows = await db
        .select({ data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(and(listed, after))
        .orderBy(...(newerFirst ? [desc(sandboxObjects.createdAt), desc(sandboxObjects.id)] : [asc(sandboxObjects.createdAt), asc(sandboxObjects.id)]))
        .limit(limit + 1);
      const page = rows.slice(0, limit).map((r) => r.data as SandboxObject);
      return { data: newerFirst ? page : page.reverse(), hasMore: rows.length > limit };
    },

    async count(object: string, owner?: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxObjects)
        .where(and(mine, eq(sandboxObjects.object, object), owner ? eq(sandboxObjects.owner, owner) : undefined));
      return Number(row?.n ?? 0);
    },

    /** Claims an idempotency key of an API key for a request (Stripe's semantics; idempotent-request.ts). */
    async claim(apiKey: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
      await db.delete(sandboxIdempotency).where(and(eq(sandboxIdempotency.vendor, vendor), lt(sandboxIdempotency.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`)));
      const inserted = await db
        .insert(sandboxIdempotency)
        .values({ vendor, apiKey, key, fingerprint, lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
        .onConflictDoNothing()
        .returning({ key: sandboxIdempotency.key });
      if (inserted.length) return { kind: 'claimed' };
      const [row] = await db
        .select()
        .from(sandboxIdempotency)
        .where(keyOf(apiKey, key));
      if (!row) return this.claim(apiKey, key, fingerprint);
      if (row.fingerprint !== fingerprint) return { kind: 'different_request' };
      if (row.state === 'done' && row.status !== null && row.body !== null) return { kind: 'done', status: row.status, body: row.body, requestId: row.requestId };
      if (row.lockedUntil.getTime() > Date.now()) return { kind: 'running' };
      // the first request's process died while it ran: this one takes the key over
      await db
        .update(sandboxIdempotency)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
        .where(keyOf(apiKey, key));
      return { kind: 'claimed' };
    },

    async complete(apiKey: string, key: string, status: number, body: string, requestId: string): Promise<void> {
      await db
        .update(sandboxIdempotency)
        .set({ state: 'done', status, body, requestId })
        .where(keyOf(apiKey, key));
    },

    async release(apiKey: string, key: string): Promise<void> {
      await db.delete(sandboxIdempotency).where(keyOf(apiKey, key));
    },

    async recordDelivery(delivery: { eventId: string; url: string; status: number | null; error: string | null; response: unknown }): Promise<void> {
      await db.insert(sandboxDeliveries).values({ vendor, ...delivery });
    },

    async deliveries(eventId: string) {
      return db.select().from(sandboxDeliveries).where(and(eq(sandboxDeliveries.vendor, vendor), eq(sandboxDeliveries.eventId, eventId))).orderBy(sandboxDeliveries.id);
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
