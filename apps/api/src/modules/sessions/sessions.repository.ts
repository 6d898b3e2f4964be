import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export function createSessionsRepository(db: Database) {
  return {
    async create(session: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },

    async findByDigest(tokenDigest: string): Promise<SessionRow | undefined> {
      return db.query.sessions.findFirst({ where: eq(sessions.tokenDigest, tokenDigest) });
    },

    async findById(id: number): Promise<SessionRow | undefined> {
      return db.query.sessions.findFirst({ where: eq(sessions.id, id) });
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every other session of a user (after a password change or reset). */
    async deleteOthers(userId: number, keepId: number | null): Promise<void> {
      await db
        .delete(sessions)
        .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
    },

    async deleteExpired(idleBefore: Date, now: Date): Promise<void> {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
