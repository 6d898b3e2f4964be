import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { vendorCalls } from '../../db/schema';

/** One outbound call to a vendor: never secrets, tokens or card data. */
export type VendorCall = {
  vendor: string;
  /** What was asked, without ids or values: `payment_intents.create`. */
  operation: string;
  status: number | null;
  ok: boolean;
  latencyMs: number;
  requestId: string | null;
  correlationId: string | null;
  errorCode: string | null;
};

export type VendorCallRow = typeof vendorCalls.$inferSelect;

/** The outbound vendor call log (the admin API-request log reads it). */
export function createVendorCallsRepository(db: Database) {
  return {
    async record(call: VendorCall): Promise<void> {
      await db.insert(vendorCalls).values(call);
    },

    /** The latest calls, newest first, optionally of one vendor; `total` counts all that match. */
    async list(query: { vendor?: string; page: number; limit: number }): Promise<{ rows: VendorCallRow[]; total: number }> {
      const where = query.vendor ? eq(vendorCalls.vendor, query.vendor) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(vendorCalls)
          .where(where)
          .orderBy(desc(vendorCalls.createdAt), desc(vendorCalls.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(vendorCalls).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** Calls of one correlation id (an API request or a job), oldest first. */
    async byCorrelation(vendor: string, correlationId: string): Promise<VendorCallRow[]> {
      return db
        .select()
        .from(vendorCalls)
        .where(and(eq(vendorCalls.vendor, vendor), eq(vendorCalls.correlationId, correlationId)))
        .orderBy(vendorCalls.id);
    },
  };
}

export type VendorCallsRepository = ReturnType<typeof createVendorCallsRepository>;

/**
 * Runs one vendor call and records it (status, latency, request id; failures with their code).
 * The recording never fails the call: a log write that fails is reported and dropped.
 */
export async function loggedCall<T>(
  log: VendorCallsRepository,
  call: { vendor: string; operation: string; correlationId: string | null },
  run: () => Promise<T>,
  read: { ok: (result: T) => { status: number | null; requestId: string | null }; error: (error: unknown) => { status: number | null; requestId: string | null; code: string | null } },
): Promise<T> {
  const started = performance.now();
  const write = (entry: Omit<VendorCall, 'vendor' | 'operation' | 'correlationId' | 'latencyMs'>) =>
    log
      .record({ ...call, ...entry, latencyMs: Math.round(performance.now() - started) })
      .catch((error: unknown) => console.warn(`[crm] vendor call log: ${String(error)}`));
  try {
    const result = await run();
    const { status, requestId } = read.ok(result);
    await write({ status, ok: true, requestId, errorCode: null });
    return result;
  } catch (error) {
    const { status, requestId, code } = read.error(error);
    await write({ status, ok: false, requestId, errorCode: code });
    throw error;
  }
}
