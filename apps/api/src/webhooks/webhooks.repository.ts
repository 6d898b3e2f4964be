import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database';
import { webhookEvents } from '../db/schema';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** The columns of an event an administrator sees: all but the payload (it can hold personal data). */
const summaryColumns = {
  id: webhookEvents.id,
  vendor: webhookEvents.vendor,
  eventId: webhookEvents.eventId,
  type: webhookEvents.type,
  status: webhookEvents.status,
  attempts: webhookEvents.attempts,
  lastError: webhookEvents.lastError,
  receivedAt: webhookEvents.receivedAt,
};
export type WebhookEventSummary = Omit<WebhookEventRow, 'payload' | 'processedAt'>;

/** Inbound webhook events of every vendor, stored once by (vendor, event id). */
export function createWebhooksRepository(db: Database) {
  return {
    /** Runs `work` in one transaction (events stored with the jobs that process them). */
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** Stores a verified event; null when this vendor's event id was stored before (a repeat). */
    async storeOnce(event: { vendor: string; eventId: string; type: string; payload: unknown }, tx: Tx | Database = db): Promise<{ id: number } | null> {
      const [row] = await tx.insert(webhookEvents).values(event).onConflictDoNothing().returning({ id: webhookEvents.id });
      return row ?? null;
    },

    async find(id: number): Promise<WebhookEventRow | undefined> {
      const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
      return row;
    },

    async findByEventId(vendor: string, eventId: string): Promise<WebhookEventRow | undefined> {
      const [row] = await db.select().from(webhookEvents).where(and(eq(webhookEvents.vendor, vendor), eq(webhookEvents.eventId, eventId)));
      return row;
    },

    async markProcessed(id: number): Promise<void> {
      await db
        .update(webhookEvents)
        .set({ status: 'processed', processedAt: new Date(), lastError: null, attempts: sql`${webhookEvents.attempts} + 1` })
        .where(eq(webhookEvents.id, id));
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(webhookEvents)
        .set({ status: 'failed', lastError: error.slice(0, 2000), attempts: sql`${webhookEvents.attempts} + 1` })
        .where(eq(webhookEvents.id, id));
    },

    /**
     * Events left unprocessed (received but never queued, as after a crash between storing and
     * queuing, or failed) since before `before`: those with tries left, and those out of tries,
     * which are marked `dead` (the dead letters an administrator looks at) and not tried again.
     */
    async leftBehind(before: Date, maxAttempts: number): Promise<{ retry: number[]; dead: number[] }> {
      const stale = and(inArray(webhookEvents.status, ['received', 'failed']), lt(webhookEvents.receivedAt, before));
      const dead = await db
        .update(webhookEvents)
        .set({ status: 'dead' })
        .where(and(stale, gte(webhookEvents.attempts, maxAttempts)))
        .returning({ id: webhookEvents.id });
      const retry = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(stale).orderBy(webhookEvents.id).limit(1000);
      return { retry: retry.map((r) => r.id), dead: dead.map((r) => r.id) };
    },

    async count(vendor: string, eventId?: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.vendor, vendor), eventId ? eq(webhookEvents.eventId, eventId) : undefined));
      return Number(row?.n ?? 0);
    },

    /**
     * A page of the events in one state (an administrator's dead letters), newest first, and how
     * many there are; every column but the payload, which is never read for this list.
     */
    async listByStatus(query: { status: string; vendor?: string | undefined; page: number; limit: number }): Promise<{ rows: WebhookEventSummary[]; total: number }> {
      const where = and(eq(webhookEvents.status, query.status), query.vendor ? eq(webhookEvents.vendor, query.vendor) : undefined);
      const rows = await db
        .select(summaryColumns)
        .from(webhookEvents)
        .where(where)
        .orderBy(sql`${webhookEvents.receivedAt} desc`, sql`${webhookEvents.id} desc`)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(where);
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /**
     * Sets a dead or failed event back to `failed` with no tries counted (an administrator's retry);
     * undefined when the event is in another state, or missing (the caller tells which). One
     * statement, so two retries at once, or a retry beside a run of its job, see one state each.
     */
    async resetForRetry(id: number): Promise<WebhookEventSummary | undefined> {
      const [row] = await db
        .update(webhookEvents)
        .set({ status: 'failed', attempts: 0 })
        .where(and(eq(webhookEvents.id, id), inArray(webhookEvents.status, ['dead', 'failed'])))
        .returning(summaryColumns);
      return row;
    },

    /** Stores an event as the sweeper leaves one out of tries (the demo seed; tests); null when this vendor's event id is stored already. */
    async storeDead(event: { vendor: string; eventId: string; type: string; payload: unknown; attempts: number; lastError: string; receivedAt?: Date }): Promise<{ id: number } | null> {
      const [row] = await db
        .insert(webhookEvents)
        .values({ ...event, status: 'dead' })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      return row ?? null;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
