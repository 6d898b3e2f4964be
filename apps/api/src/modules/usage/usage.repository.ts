import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { usageRollups, users } from '../../db/schema';

export const USAGE_KINDS = ['call_minutes', 'sms_segments', 'validations'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** One metered event as the ledger keeps it; `period` is the first day (YYYY-MM-01) of its usage period. */
export type LedgerEvent = {
  companyId: number;
  userId: number;
  vendor: string;
  kind: UsageKind;
  sourceId: string;
  units: number;
  period: string;
  occurredAt: Date;
};

/** An event's key in the ledger: the same key counts once. */
export const ledgerKey = (e: { vendor: string; kind: string; sourceId: string }) => `${e.vendor}:${e.kind}:${e.sourceId}`;

/** The ledger's append (createUsageRepository append): the events it has not seen, and their units into the rollup. */
const APPEND_SQL = `
  with input as (
    select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::date[], $8::timestamptz[])
      as i(company_id, user_id, vendor, kind, source_id, units, period, occurred_at)
  ), taken as (
    insert into usage_events (company_id, user_id, vendor, kind, source_id, units, period, occurred_at)
    select company_id, user_id, vendor, kind, source_id, units, period, occurred_at from input order by vendor, kind, source_id
    on conflict (vendor, kind, source_id) do nothing
    returning company_id, user_id, vendor, kind, source_id, units, period
  ), rolled as (
    insert into usage_rollups (user_id, kind, period, company_id, units, events)
    select user_id, kind, period, min(company_id), sum(units), count(*) from taken
    group by user_id, kind, period order by user_id, kind, period
    on conflict (user_id, kind, period) do update
      set units = usage_rollups.units + excluded.units, events = usage_rollups.events + excluded.events, updated_at = now()
  )
  select vendor, kind, source_id from taken`;

/**
 * The usage ledger and its rollup (DESIGN.md "Metering"). The ledger is append-only and unique by
 * (vendor, kind, source_id); the rollup gains an event's units in the same statement, and only for rows the
 * ledger took, so a repeated event counts once however often (or however concurrently) it arrives.
 */
export function createUsageRepository(db: Database) {
  return {
    /**
     * Appends the events the ledger has not seen and adds them to the rollup, in one statement;
     * returns the `vendor:kind:source_id` keys it took (ledgerKey). Rows go in key order (and rollups in theirs), so
     * statements of several processes wait for each other rather than deadlock.
     */
    async append(events: readonly LedgerEvent[]): Promise<Set<string>> {
      if (!events.length) return new Set();
      const col = <T>(pick: (e: LedgerEvent) => T) => events.map(pick);
      // A named (prepared) statement: every webhook runs it, so each connection plans it once.
      const result = await db.$client.query<{ vendor: string; kind: string; source_id: string }>({
        name: 'usage_append_v2',
        text: APPEND_SQL,
        values: [
          col((e) => e.companyId),
          col((e) => e.userId),
          col((e) => e.vendor),
          col((e) => e.kind),
          col((e) => e.sourceId),
          col((e) => e.units),
          col((e) => e.period),
          col((e) => e.occurredAt.toISOString()),
        ],
      });
      return new Set(result.rows.map((r) => ledgerKey({ vendor: r.vendor, kind: r.kind, sourceId: r.source_id })));
    },

    /** Units of these users in a period (from the rollup; users without usage are absent). */
    async unitsOf(userIds: readonly number[], kind: UsageKind, period: string): Promise<Map<number, number>> {
      if (!userIds.length) return new Map();
      const result = await db.execute<{ user_id: number; units: string | number }>(sql`
        select user_id, units from ${usageRollups}
        where user_id = any(${sql.param([...userIds])}::int[]) and kind = ${kind} and period = ${period}::date`);
      return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.units)]));
    },

    /** A page of the company's users with usage in a period (most first), how many match, and the period's total. */
    async companyPage(companyId: number, kind: UsageKind, period: string, words: string[], page: number, limit: number) {
      const search = words.map(
        (w) => sql` and (u.first_name || ' ' || u.last_name || ' ' || u.email) ilike ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
      const from = sql`from ${usageRollups} r join ${users} u on u.id = r.user_id
        where r.company_id = ${companyId} and r.kind = ${kind} and r.period = ${period}::date ${sql.join(search, sql``)}`;
      const [rows, counted, grand] = await Promise.all([
        db.execute<{ user_id: number; first_name: string; last_name: string; units: string; events: number }>(sql`
          select r.user_id, u.first_name, u.last_name, r.units, r.events ${from}
          order by r.units desc, r.user_id limit ${limit} offset ${(page - 1) * limit}`),
        db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`),
        db.execute<{ total: string | null }>(sql`
          select sum(units) as total from ${usageRollups} where company_id = ${companyId} and kind = ${kind} and period = ${period}::date`),
      ]);
      return {
        rows: rows.rows.map((r) => ({ userId: Number(r.user_id), firstName: r.first_name, lastName: r.last_name, units: Number(r.units), events: Number(r.events) })),
        matched: Number(counted.rows[0]?.n ?? 0),
        total: Number(grand.rows[0]?.total ?? 0),
      };
    },

    /** The company's total per period from `since` (inclusive), oldest first. */
    async companyHistory(companyId: number, kind: UsageKind, since: string): Promise<{ period: string; units: number }[]> {
      const result = await db.execute<{ period: string; units: string }>(sql`
        select to_char(period, 'YYYY-MM') as period, sum(units) as units from ${usageRollups}
        where company_id = ${companyId} and kind = ${kind} and period >= ${since}::date
        group by period order by period`);
      return result.rows.map((r) => ({ period: r.period, units: Number(r.units) }));
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
