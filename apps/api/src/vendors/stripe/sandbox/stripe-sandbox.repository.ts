import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/database';
import { sandboxStripeDeliveries, sandboxStripeIdempotency, sandboxStripeObjects } from '../../../db/schema';

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type StoredObject = { data: StripeObject; hidden: Record<string, unknown> | null };

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'different_request' }
  | { kind: 'done'; status: number; body: string; requestId: string | null };

/** How long an Idempotency-Key is kept (Stripe: 24 hours) and how long a running request holds it. */
const KEEP_HOURS = 24;
const LOCK_SECONDS = 60;

/** Writes of objects, on the database or on a transaction. */
function objectWrites(db: Database | Tx) {
  return {
    async insert(object: StripeObject, hidden: Record<string, unknown> | null = null): Promise<void> {
      const customer = typeof object.customer === 'string' ? object.customer : null;
      await db.insert(sandboxStripeObjects).values({ id: object.id, object: object.object, customer, data: object, hidden });
    },

    async save(object: StripeObject): Promise<void> {
      const customer = typeof object.customer === 'string' ? object.customer : null;
      await db.update(sandboxStripeObjects).set({ data: object, customer }).where(eq(sandboxStripeObjects.id, object.id));
    },
  };
}
export type ObjectWrites = ReturnType<typeof objectWrites>;

/** The Stripe sandbox's objects, idempotency keys and webhook deliveries in PostgreSQL. */
export function createStripeSandboxRepository(db: Database) {
  return {
    ...objectWrites(db),

    /**
     * Runs `change` in one transaction with the object's row locked (select … for update), given
     * the object as it is then and the writes on the transaction: two changes of one object (two
     * refunds of one charge) run one after the other, each reading what the other wrote.
     */
    async locked<T>(id: string, object: string, change: (found: StoredObject | null, tx: ObjectWrites) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ data: sandboxStripeObjects.data, hidden: sandboxStripeObjects.hidden })
          .from(sandboxStripeObjects)
          .where(and(eq(sandboxStripeObjects.id, id), eq(sandboxStripeObjects.object, object)))
          .for('update');
        return change(row ? { data: row.data as StripeObject, hidden: row.hidden } : null, objectWrites(tx));
      });
    },

    async find(id: string, object: string): Promise<StoredObject | null> {
      const [row] = await db
        .select({ data: sandboxStripeObjects.data, hidden: sandboxStripeObjects.hidden })
        .from(sandboxStripeObjects)
        .where(and(eq(sandboxStripeObjects.id, id), eq(sandboxStripeObjects.object, object)));
      return row ? { data: row.data as StripeObject, hidden: row.hidden } : null;
    },

    /** Any object by its id (what `expand[]` puts in place of an id). */
    async findById(id: string): Promise<StripeObject | null> {
      const [row] = await db.select({ data: sandboxStripeObjects.data }).from(sandboxStripeObjects).where(eq(sandboxStripeObjects.id, id));
      return row ? (row.data as StripeObject) : null;
    },

    /**
     * A page of a customer's objects of one kind as Stripe lists them: newest first; after the
     * object `startingAfter` (older ones) or before `endingBefore` (newer ones, still newest first);
     * `hasMore` when the list goes on past the page in the direction asked. Null when the cursor
     * object is not one of the list.
     */
    async pageOfCustomer(
      customer: string,
      object: string,
      { limit, startingAfter, endingBefore }: { limit: number; startingAfter?: string; endingBefore?: string },
    ): Promise<{ data: StripeObject[]; hasMore: boolean } | null> {
      const cursorId = startingAfter ?? endingBefore;
      const mine = and(eq(sandboxStripeObjects.customer, customer), eq(sandboxStripeObjects.object, object));
      let after: SQL | undefined;
      if (cursorId !== undefined) {
        const [cursor] = await db.select({ id: sandboxStripeObjects.id }).from(sandboxStripeObjects).where(and(mine, eq(sandboxStripeObjects.id, cursorId)));
        if (!cursor) return null;
        // compared in the database: its timestamps have microseconds, a JavaScript Date only milliseconds
        const at = sql`(${sandboxStripeObjects.createdAt}, ${sandboxStripeObjects.id})`;
        const mark = sql`(select c.created_at, c.id from ${sandboxStripeObjects} c where c.id = ${cursorId})`;
        after = startingAfter !== undefined ? sql`${at} < ${mark}` : sql`${at} > ${mark}`;
      }
      const newerFirst = endingBefore === undefined;
      const rows = await db
        .select({ data: sandboxStripeObjects.data })
        .from(sandboxStripeObjects)
        .where(and(mine, after))
        .orderBy(...(newerFirst ? [desc(sandboxStripeObjects.createdAt), desc(sandboxStripeObjects.id)] : [asc(sandboxStripeObjects.createdAt), asc(sandboxStripeObjects.id)]))
        .limit(limit + 1);
      const page = rows.slice(0, limit).map((r) => r.data as StripeObject);
      return { data: newerFirst ? page : page.reverse(), hasMore: rows.length > limit };
    },

    async count(object: string, customer?: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxStripeObjects)
        .where(and(eq(sandboxStripeObjects.object, object), customer ? eq(sandboxStripeObjects.customer, customer) : undefined));
      return Number(row?.n ?? 0);
    },

    /** Claims an Idempotency-Key of an API key for a request (Stripe's semantics; see the routes). */
    async claim(apiKey: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
      await db.delete(sandboxStripeIdempotency).where(lt(sandboxStripeIdempotency.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`));
      const inserted = await db
        .insert(sandboxStripeIdempotency)
        .values({ apiKey, key, fingerprint, lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
        .onConflictDoNothing()
        .returning({ key: sandboxStripeIdempotency.key });
      if (inserted.length) return { kind: 'claimed' };
      const [row] = await db
        .select()
        .from(sandboxStripeIdempotency)
        .where(and(eq(sandboxStripeIdempotency.apiKey, apiKey), eq(sandboxStripeIdempotency.key, key)));
      if (!row) return this.claim(apiKey, key, fingerprint);
      if (row.fingerprint !== fingerprint) return { kind: 'different_request' };
      if (row.state === 'done' && row.status !== null && row.body !== null) return { kind: 'done', status: row.status, body: row.body, requestId: row.requestId };
      if (row.lockedUntil.getTime() > Date.now()) return { kind: 'running' };
      // the first request's process died while it ran: this one takes the key over
      await db
        .update(sandboxStripeIdempotency)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})` })
        .where(and(eq(sandboxStripeIdempotency.apiKey, apiKey), eq(sandboxStripeIdempotency.key, key)));
      return { kind: 'claimed' };
    },

    async complete(apiKey: string, key: string, status: number, body: string, requestId: string): Promise<void> {
      await db
        .update(sandboxStripeIdempotency)
        .set({ state: 'done', status, body, requestId })
        .where(and(eq(sandboxStripeIdempotency.apiKey, apiKey), eq(sandboxStripeIdempotency.key, key)));
    },

    async release(apiKey: string, key: string): Promise<void> {
      await db.delete(sandboxStripeIdempotency).where(and(eq(sandboxStripeIdempotency.apiKey, apiKey), eq(sandboxStripeIdempotency.key, key)));
    },

    async recordDelivery(delivery: { eventId: string; url: string; status: number | null; error: string | null; response: unknown }): Promise<void> {
      await db.insert(sandboxStripeDeliveries).values(delivery);
    },

    async deliveries(eventId: string) {
      return db.select().from(sandboxStripeDeliveries).where(eq(sandboxStripeDeliveries.eventId, eventId)).orderBy(sandboxStripeDeliveries.id);
    },
  };
}

export type StripeSandboxRepository = ReturnType<typeof createStripeSandboxRepository>;
