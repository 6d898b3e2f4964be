import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditLogs } from '../../db/schema';

export const AUDIT_EVENTS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_delivery_changed',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'impersonation_started',
  'impersonation_ended',
  'api_token_refreshed',
  'roles_changed',
  'feature_flags_changed',
  'quiet_jobs_started',
  'quiet_jobs_ended',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export type AuditEntry = {
  event: AuditEvent;
  userId?: number | null;
  actorUserId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
};

export function createAuditRepository(db: Database) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLogs).values({ ...entry, details: entry.details ?? {} });
    },

    /** How many `event`s for this user or address since `since`, and when the oldest of them happened. */
    async recent(event: AuditEvent, who: { userId: number } | { ip: string }, since: Date) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${auditLogs.createdAt})` })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.event, event),
            'userId' in who ? eq(auditLogs.userId, who.userId) : eq(auditLogs.ip, who.ip),
            gte(auditLogs.createdAt, since),
          ),
        );
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async list(filter: { userId?: number; event?: AuditEvent }) {
      return db.query.auditLogs.findMany({
        where: and(
          filter.userId ? eq(auditLogs.userId, filter.userId) : undefined,
          filter.event ? eq(auditLogs.event, filter.event) : undefined,
        ),
        orderBy: (t, { asc }) => [asc(t.id)],
      });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
