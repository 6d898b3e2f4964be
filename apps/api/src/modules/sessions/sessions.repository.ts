import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { identityCacheOf, type IdentityChanges } from '../../db/identity-changes';
import { companies, sessions, users } from '../../db/schema';
import { USER_ACCESS, userAccess, type UserAccess } from '../users/users.repository';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** `identityChanges`: keep each session's caller in memory until a change to the session, its user or company. */
export function createSessionsRepository(db: Database, identityChanges?: IdentityChanges) {
  const keptCallers = identityCacheOf<UserAccess & { session: SessionRow }>(identityChanges);
  // Every signed-in request runs it: prepared once per connection (its plan took longer than the lookup).
  const withAccess = db
    .select({ session: sessions, ...USER_ACCESS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenDigest, sql.placeholder('digest')))
    .prepare('session_with_access');

  return {
    async create(session: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },

    async findByDigest(tokenDigest: string): Promise<SessionRow | undefined> {
      return db.query.sessions.findFirst({ where: eq(sessions.tokenDigest, tokenDigest) });
    },

    /** A session with its user, the user's roles and company brand: one statement for every signed-in request. */
    async findWithAccess(tokenDigest: string): Promise<(UserAccess & { session: SessionRow }) | undefined> {
      const load = async () => {
        const [row] = await withAccess.execute({ digest: tokenDigest });
        return row && { session: row.session, ...userAccess(row) };
      };
      return keptCallers.get(tokenDigest, load, ({ user }) => ({ userId: user.id, companyId: user.companyId }));
    },

    async findById(id: number): Promise<SessionRow | undefined> {
      return db.query.sessions.findFirst({ where: eq(sessions.id, id) });
    },

    async touch(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async markReauthenticated(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, id));
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

    /** The user's own live sessions (not those opened by an administrator as them), most recently used first. */
    async listOwn(userId: number, idleBefore: Date, now: Date): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.actorSessionId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleBefore)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    },

    /** Ends one of the user's own sessions; 0 when it is not theirs (or not their own but an administrator's as them). */
    async deleteOwn(userId: number, id: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.actorSessionId)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Ends the user's own sessions but one; how many. */
    async deleteOwnOthers(userId: number, keepId: number): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.actorSessionId)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async deleteExpired(idleBefore: Date, now: Date): Promise<void> {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
