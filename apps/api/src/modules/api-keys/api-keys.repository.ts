import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function createApiKeysRepository(db: Database) {
  return {
    async listForUser(userId: number): Promise<ApiKeyRow[]> {
      return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.id));
    },
    /** Only the owner's keys are ever found: another user's id answers undefined (404). */
    async findOwned(userId: number, id: number): Promise<ApiKeyRow | undefined> {
      return db.query.apiKeys.findFirst({ where: and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)) });
    },
    async findByDigest(keyDigest: string): Promise<ApiKeyRow | undefined> {
      return db.query.apiKeys.findFirst({ where: eq(apiKeys.keyDigest, keyDigest) });
    },
    async create(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },
    async update(userId: number, id: number, patch: { name?: string; active?: boolean }): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set(patch)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning();
      return row;
    },
    /**
     * Writes the key's last use unless another request (of any server process) wrote one within
     * `everyMs`: the condition is checked again on the locked row, so concurrent requests write once.
     */
    async markUsed(id: number, at: Date, everyMs: number): Promise<void> {
      const since = new Date(at.getTime() - everyMs);
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
    },
    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id });
      return rows.length === 1;
    },
    /** Revokes every key of a user (a reported account takeover, a password reset or change ends them all); how many. */
    async deleteAllForUser(userId: number): Promise<number> {
      const rows = await db.delete(apiKeys).where(eq(apiKeys.userId, userId)).returning({ id: apiKeys.id });
      return rows.length;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
