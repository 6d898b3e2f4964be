import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditLogs } from '../../db/schema';
import type { Counted } from '../../lib/throttle';

export const AUDIT_EVENTS = [
  'sign_in',
  'sign_in_failed',
  /** Every password sign-in attempt, successful or not: counted by the sign-in limits (SIGN_INS_PER_*). */
  'sign_in_attempt',
  'sign_out',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_delivery_changed',
  'two_factor_recovery_codes_generated',
  'two_factor_recovery_code_used',
  'reauthenticated',
  /** A wrong password, code or single sign-on in the re-authentication dialog (its own limit, not a failed sign-in). */
  'reauth_failed',
  'password_changed',
  'password_reset_requested',
  'sign_in_code_sent',
  'password_reset',
  'impersonation_started',
  'impersonation_ended',
  'api_token_refreshed',
  'roles_changed',
  'feature_flags_changed',
  'quiet_jobs_started',
  'quiet_jobs_ended',
  /** A System Admin tried a vendor's webhook event again (Admin → Vendor events). */
  'webhook_event_retried',
  'email_change_requested',
  'email_change_cancelled',
  'email_changed',
  'email_change_reported',
  'email_change_restored',
  'sessions_ended',
  'api_key_created',
  'account_notice_sent',
  /** An administrator created, changed or deleted a dialer or SMS plan (details: action, product, plan_id). */
  'product_plan_changed',
  /** An administrator created, activated or cancelled a dialer or SMS subscription. */
  'product_subscription_changed',
  /** An administrator created or cancelled a dialer or SMS order. */
  'product_order_changed',
  'paid_membership_changed',
  'payment_refunded',
  /** An administrator created, changed or deleted a campaign trigger (details: action, trigger_id, scope). */
  'campaign_trigger_changed',
  /** A user recorded a contact's consent to be texted given or withdrawn by other means (details: contact_id, phone, permission, method, consent_text). */
  'sms_permission_updated',
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

/**
 * Whose events a limit counts: a user's, a client address's, or those naming an e-mail address in
 * `details.email` (any case), which counts requests for an address whether or not it has an account.
 */
export type AuditSubject = { userId: number } | { ip: string } | { email: string };

/** A limit on an event: at most `max` for `who` since a time. */
export type AuditLimit = { who: AuditSubject; max: number };

function whose(who: AuditSubject) {
  if ('userId' in who) return eq(auditLogs.userId, who.userId);
  if ('ip' in who) return eq(auditLogs.ip, who.ip);
  // The expression of the audit_logs_event_email_idx index.
  return sql`lower(${auditLogs.details}->>'email') = ${who.email.toLowerCase()}`;
}

/** A lock name per event and subject: requests counting the same subject take their turns. */
function lockKey(event: AuditEvent, who: AuditSubject): string {
  if ('userId' in who) return `audit:${event}:user=${who.userId}`;
  if ('ip' in who) return `audit:${event}:ip=${who.ip}`;
  return `audit:${event}:email=${who.email.toLowerCase()}`;
}

export function createAuditRepository(db: Database) {
  async function recent(tx: Pick<Database, 'select'>, event: AuditEvent, who: AuditSubject, since: Date): Promise<Counted> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${auditLogs.createdAt})` })
      .from(auditLogs)
      .where(and(eq(auditLogs.event, event), whose(who), gte(auditLogs.createdAt, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLogs).values({ ...entry, details: entry.details ?? {} });
    },

    /** How many `event`s of this subject since `since`, and when the oldest of them happened. */
    recent: (event: AuditEvent, who: AuditSubject, since: Date) => recent(db, event, who, since),

    /**
     * Records `entry` unless a limit is full: null when recorded, else what the full limit counted.
     * Counting and recording happen under a lock per subject, so requests sent at once cannot all
     * pass a limit that has room for one more.
     */
    async recordWithin(entry: AuditEntry, limits: AuditLimit[], since: Date): Promise<Counted | null> {
      return db.transaction(async (tx) => {
        const keys = [...new Set(limits.map((limit) => lockKey(entry.event, limit.who)))].sort();
        for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        for (const limit of limits) {
          const counted = await recent(tx, entry.event, limit.who, since);
          if (counted.count >= limit.max) return counted;
        }
        await tx.insert(auditLogs).values({ ...entry, details: entry.details ?? {} });
        return null;
      });
    },

    /** Whether `event` of the user was recorded with details containing `details` (a job that ran before). */
    async exists(event: AuditEvent, userId: number, details: Record<string, unknown>): Promise<boolean> {
      const [row] = await db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(and(eq(auditLogs.event, event), eq(auditLogs.userId, userId), sql`${auditLogs.details} @> ${JSON.stringify(details)}::jsonb`))
        .limit(1);
      return Boolean(row);
    },

    /** A page of a user's events of the given kinds since a time, newest first, with how many there are in all. */
    async pageForUser(userId: number, events: readonly AuditEvent[], since: Date, page: number, limit: number) {
      const where = and(eq(auditLogs.userId, userId), inArray(auditLogs.event, [...events]), gte(auditLogs.createdAt, since));
      const [rows, [total]] = await Promise.all([
        db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(limit).offset((page - 1) * limit),
        db.select({ count: sql<number>`count(*)::int` }).from(auditLogs).where(where),
      ]);
      return { rows, total: total?.count ?? 0 };
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
