import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { printJobs } from '../../db/schema';

export type PrintJobRow = typeof printJobs.$inferSelect;

export function createPrintRepository(db: Database) {
  return {
    async create(values: typeof printJobs.$inferInsert): Promise<PrintJobRow> {
      const [row] = await db.insert(printJobs).values(values).returning();
      if (!row) throw new Error('print job not stored');
      return row;
    },
    async find(jid: string, userId?: number): Promise<PrintJobRow | undefined> {
      const [row] = await db
        .select()
        .from(printJobs)
        .where(and(eq(printJobs.id, jid), userId === undefined ? undefined : eq(printJobs.userId, userId)));
      return row;
    },
    async update(jid: string, values: Partial<Pick<PrintJobRow, 'status' | 'storageKey' | 'failure' | 'finishedAt'>>): Promise<void> {
      await db.update(printJobs).set(values).where(eq(printJobs.id, jid));
    },
  };
}

export type PrintRepository = ReturnType<typeof createPrintRepository>;
