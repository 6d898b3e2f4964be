import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { companies, helpRequests } from '../../db/schema';

export type HelpRequestRow = typeof helpRequests.$inferSelect;
export type NewHelpRequest = typeof helpRequests.$inferInsert;

export function createHelpsRepository(db: Database) {
  return {
    async create(values: NewHelpRequest): Promise<HelpRequestRow> {
      const [row] = await db.insert(helpRequests).values(values).returning();
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },

    /** Takes a request back (its e-mail could not be sent, so the user will send it again). */
    async remove(id: number): Promise<void> {
      await db.delete(helpRequests).where(eq(helpRequests.id, id));
    },

    /** The company a request comes from, as the support team should see it. */
    async company(companyId: number): Promise<{ name: string; domainName: string } | undefined> {
      const [row] = await db
        .select({ name: companies.name, domainName: companies.domainName })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row;
    },

    /** How many requests this user sent since `since`, and when the oldest of them was sent. */
    async recent(userId: number, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${helpRequests.createdAt})` })
        .from(helpRequests)
        .where(and(eq(helpRequests.userId, userId), gte(helpRequests.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },
  };
}

export type HelpsRepository = ReturnType<typeof createHelpsRepository>;
