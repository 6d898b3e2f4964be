import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';

/** How long a key's answer is kept (Stripe keeps them 24 hours). */
export const IDEMPOTENCY_HOURS = 24;
/**
 * How long a first request holds its key off repeats. A repeat after that (the process running it
 * was killed before it answered) runs again: requests are bounded by the database time-outs well
 * within it.
 */
export const IDEMPOTENCY_LOCK_SECONDS = 120;
/** Keys older than IDEMPOTENCY_HOURS are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'different_request' }
  | { kind: 'running' }
  | { kind: 'done'; status: number; body: string | null };

export function createIdempotencyRepository(db: Database) {
  let prunedAt = 0;
  const where = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  return {
    /**
     * Claims a user's key for a request (its fingerprint): `claimed` — run it; or what the key
     * holds: the first answer (`done`), the first request still running, or a different request.
     * A key older than IDEMPOTENCY_HOURS, or whose first request died holding it, is claimed anew.
     */
    async claim(userId: number, key: string, fingerprint: string): Promise<Claim> {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`));
      }
      const lockedUntil = sql`now() + make_interval(secs => ${IDEMPOTENCY_LOCK_SECONDS})`;
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint, lockedUntil })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { fingerprint, state: 'running', lockedUntil, responseStatus: null, responseBody: null, createdAt: sql`now()` },
          setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
            or (${idempotencyKeys.state} = 'running' and ${idempotencyKeys.lockedUntil} < now() and ${idempotencyKeys.fingerprint} = ${fingerprint})`,
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length) return { kind: 'claimed' };
      const [row] = await db.select().from(idempotencyKeys).where(where(userId, key));
      if (!row) return this.claim(userId, key, fingerprint); // released meanwhile
      if (row.fingerprint !== fingerprint) return { kind: 'different_request' };
      if (row.state === 'running') return { kind: 'running' };
      return { kind: 'done', status: row.responseStatus ?? 200, body: row.responseBody };
    },

    /** Keeps the first request's answer (its status and JSON body, null for 204). */
    async complete(userId: number, key: string, status: number, body: string | null): Promise<void> {
      await db.update(idempotencyKeys).set({ state: 'done', responseStatus: status, responseBody: body }).where(where(userId, key));
    },

    /** Lets the key go: the first request failed, and a repeat runs it again. */
    async release(userId: number, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(where(userId, key), eq(idempotencyKeys.state, 'running')));
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
