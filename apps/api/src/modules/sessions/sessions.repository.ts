import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { identityCacheOf, type IdentityChanges } from '../../db/identity-changes';
import type { Role } from '@crm/contract';
import { companies, sessions, users } from '../../db/schema';
import { USER_ACCESS, userAccess, type UserAccess } from '../users/users.repository';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * One link of an impersonation (a session opened as `targetId` from the session of `actorId`), with
 * what the impersonator's right to it rests on now: their state, roles and company, their session's
 * expiry, and whether the target is in their downline.
 */
export type ImpersonationLink = {
  loginType: string | null;
  targetId: number;
  targetCompanyId: number;
  actorId: number;
  actorActive: boolean;
  actorCompanyId: number;
  actorRoles: Role[];
  actorSessionExpiresAt: Date;
  inDownline: boolean;
};

/** A session with its caller; an impersonation's with every link from the impersonated user back to the first impersonator. */
export type SessionCaller = UserAccess & { session: SessionRow; impersonation: ImpersonationLink[] | null };

/** `identityChanges`: keep each session's caller in memory until a change to the session, its user or company. */
export function createSessionsRepository(db: Database, identityChanges?: IdentityChanges) {
  const keptCallers = identityCacheOf<SessionCaller>(identityChanges);
  // Every signed-in request runs it: prepared once per connection (its plan took longer than the lookup).
  const withAccess = db
    .select({ session: sessions, ...USER_ACCESS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenDigest, sql.placeholder('digest')))
    .prepare('session_with_access');

  /**
   * The links of an impersonation, from the session back along its actor sessions (an administrator
   * logged in as a regional manager who impersonates an agent: two). An actor session's deletion
   * deletes the sessions opened from it (the foreign key cascades), so no link is ever missing.
   */
  async function impersonationLinks(sessionId: number): Promise<ImpersonationLink[]> {
    const result = await db.execute<ImpersonationLink & { actorSessionExpiresAt: string | Date }>(sql`
      with recursive chain as (
        select s.id, s.actor_session_id, s.login_type, s.user_id, 1 as depth from ${sessions} s where s.id = ${sessionId}
        union all
        select a.id, a.actor_session_id, a.login_type, a.user_id, c.depth + 1
        from chain c join ${sessions} a on a.id = c.actor_session_id
        where c.depth < 10
      )
      select
        c.login_type as "loginType",
        c.user_id as "targetId",
        t.company_id as "targetCompanyId",
        a.user_id as "actorId",
        coalesce(u.active, false) as "actorActive",
        u.company_id as "actorCompanyId",
        array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = a.user_id) as "actorRoles",
        a.expires_at as "actorSessionExpiresAt",
        exists(
          with recursive up as (
            select m.id, m.upline_id from ${users} m where m.id = c.user_id
            union
            select p.id, p.upline_id from ${users} p join up on p.id = up.upline_id
          )
          select 1 from up where up.upline_id = a.user_id
        ) as "inDownline"
      from chain c
      join ${sessions} a on a.id = c.actor_session_id
      join ${users} u on u.id = a.user_id
      join ${users} t on t.id = c.user_id
      order by c.depth`);
    const links = result.rows.map((row) => ({ ...row, actorSessionExpiresAt: new Date(row.actorSessionExpiresAt) }));
    return links;
  }

  return {
    async create(session: NewSession): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(session).returning();
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },

    async findByDigest(tokenDigest: string): Promise<SessionRow | undefined> {
      return db.query.sessions.findFirst({ where: eq(sessions.tokenDigest, tokenDigest) });
    },

    /**
     * A session with its user, the user's roles and company brand: one statement for every signed-in
     * request (an impersonation's a second one, for its impersonators). Kept until a change to the
     * user, their company, or (for an impersonation) any impersonator of it.
     */
    async findWithAccess(tokenDigest: string): Promise<SessionCaller | undefined> {
      const load = async (): Promise<SessionCaller | undefined> => {
        const [row] = await withAccess.execute({ digest: tokenDigest });
        if (!row) return undefined;
        const impersonation = row.session.actorSessionId ? await impersonationLinks(row.session.id) : null;
        return { session: row.session, ...userAccess(row), impersonation };
      };
      return keptCallers.get(tokenDigest, load, ({ user, impersonation }) => ({
        userId: user.id,
        companyId: user.companyId,
        alsoUserIds: impersonation?.map((link) => link.actorId) ?? [],
      }));
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
