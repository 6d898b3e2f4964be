import { sql, type SQL } from 'drizzle-orm';
import { CONTACT_CATEGORIES, CONTACTS_COUNT_CAP, type ContactCategory } from '@crm/contract';
import type { Database } from '../../db/database';
import { birthdayMonthDay, contacts, importAttempts, transferAttempts, users } from '../../db/schema';
import type { Reach } from '../contacts/contact-reach';
import { reachCondition } from '../contacts/contacts-scope.repository';
import type { BirthdaySegment } from './dashboard-dates';

/** A contact as the dashboard lists it, with its owner. */
export type DashboardContactRow = {
  id: number;
  firstName: string;
  lastName: string;
  category: ContactCategory;
  dateOfBirth: string | null;
  createdAt: Date;
  owner: { id: number; firstName: string; lastName: string };
};
export type BirthdayRow = DashboardContactRow & { dateOfBirth: string; segment: number };
export type Page = { limit: number; offset: number };
export type Counted<T> = { rows: T[]; total: number };
/** A count that stops at CONTACTS_COUNT_CAP: `capped` when there are more. */
export type CappedCount = { count: number; capped: boolean };

type RawContact = {
  id: number;
  first_name: string;
  last_name: string;
  category: ContactCategory;
  date_of_birth: string | null;
  created_at: Date | string;
  owner_id: number;
  owner_first_name: string;
  owner_last_name: string;
  segment?: number;
};

const MONTH_DAY = birthdayMonthDay(contacts.dateOfBirth);

function contactRow(r: RawContact): DashboardContactRow {
  return {
    id: Number(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    category: r.category,
    dateOfBirth: r.date_of_birth,
    createdAt: new Date(r.created_at),
    owner: { id: Number(r.owner_id), firstName: r.owner_first_name, lastName: r.owner_last_name },
  };
}

/**
 * The reach's live contacts. The company is named for every kind of reach (an agent's too, where
 * the owner alone would do): the dashboard's indexes start with it.
 */
function liveInReach(reach: Reach): SQL {
  return sql`${contacts.companyId} = ${reach.companyId} and ${contacts.deletedAt} is null and ${reachCondition(reach)}`;
}

/** The columns a card shows of the contacts `ids` (a sub-select giving id, and the order keys), with their owners. */
function withOwners(selected: SQL, order: SQL, page: Page): SQL {
  return sql`select c.id, c.first_name, c.last_name, c.category, c.date_of_birth::text as date_of_birth, c.created_at,
      o.id as owner_id, o.first_name as owner_first_name, o.last_name as owner_last_name, s.segment
    from (${selected}) s
    join ${contacts} c on c.id = s.id
    join ${users} o on o.id = c.owner_id
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * The dashboard's reads (PATCH /v1/dashboard). Each list is a range of one index (db/schema
 * contacts.ts), read in the list's order and stopped at the page, with the reach checked on the
 * index entries, so a manager whose downline holds a million contacts reads about as much as an
 * agent; counts of those ranges read the index only.
 */
export function createDashboardRepository(db: Database) {
  async function rows(statement: SQL): Promise<RawContact[]> {
    return (await db.execute<RawContact>(statement)).rows;
  }
  async function total(statement: SQL): Promise<number> {
    const result = await db.execute<{ n: number | string }>(statement);
    return Number(result.rows[0]?.n ?? 0);
  }
  /** Live contacts matching `where`, counted up to the cap (reading at most CAP + 1 index entries). */
  const cappedCount = (where: SQL) => sql`(select count(*) from (select 1 from ${contacts} where ${where} limit ${CONTACTS_COUNT_CAP + 1}) capped)`;
  const capped = (n: number): CappedCount => ({ count: Math.min(n, CONTACTS_COUNT_CAP), capped: n > CONTACTS_COUNT_CAP });

  return {
    /**
     * Contacts of a category whose birthday (month and day) falls in the window's segments, in
     * birthday order from today (segment by segment), then by name. Each segment reads its range
     * of the birthday index in order and stops at the end of the page.
     */
    async birthdays(reach: Reach, category: 'client' | 'prospect', segments: BirthdaySegment[], page: Page): Promise<Counted<BirthdayRow>> {
      const where = sql`${liveInReach(reach)} and ${contacts.category} = ${category}`;
      const take = page.offset + page.limit;
      const inSegment = (s: BirthdaySegment) => sql`${MONTH_DAY} between ${s.from} and ${s.to}`;
      const selected = sql.join(
        segments.map(
          (s, index) => sql`(select ${contacts.id} as id, ${index}::int as segment, ${MONTH_DAY} as month_day, ${contacts.lastName} as last_name, ${contacts.firstName} as first_name
            from ${contacts} where ${where} and ${inSegment(s)}
            order by ${MONTH_DAY}, ${contacts.lastName}, ${contacts.firstName}, ${contacts.id} limit ${take})`,
        ),
        sql` union all `,
      );
      const counts = sql.join(
        segments.map((s) => sql`(select count(*) from ${contacts} where ${where} and ${inSegment(s)})`),
        sql` + `,
      );
      const [found, n] = await Promise.all([
        rows(withOwners(selected, sql`s.segment, s.month_day, s.last_name, s.first_name, s.id`, page)),
        total(sql`select ${counts} as n`),
      ]);
      return {
        rows: found.map((r) => ({ ...contactRow(r), dateOfBirth: r.date_of_birth as string, segment: Number(r.segment) })),
        total: n,
      };
    },

    /** Contacts of any category born from `bornFrom` to `bornTo`: the oldest first (the soonest 65th birthday), then by name. */
    async bornBetween(reach: Reach, bornFrom: string, bornTo: string, page: Page): Promise<Counted<DashboardContactRow>> {
      const where = sql`${liveInReach(reach)} and ${contacts.dateOfBirth} is not null and ${contacts.dateOfBirth} between ${bornFrom}::date and ${bornTo}::date`;
      const selected = sql`select ${contacts.id} as id, ${contacts.dateOfBirth} as date_of_birth, ${contacts.lastName} as last_name, ${contacts.firstName} as first_name, 0 as segment
        from ${contacts} where ${where}
        order by ${contacts.dateOfBirth}, ${contacts.lastName}, ${contacts.firstName}, ${contacts.id} limit ${page.offset + page.limit}`;
      const [found, n] = await Promise.all([
        rows(withOwners(selected, sql`s.date_of_birth, s.last_name, s.first_name, s.id`, page)),
        total(sql`select count(*) as n from ${contacts} where ${where}`),
      ]);
      return { rows: found.map(contactRow), total: n };
    },

    /** Leads created since `since`, the newest first; their count capped (a large import brings thousands in a week). */
    async leadsSince(reach: Reach, since: Date, page: Page): Promise<{ rows: DashboardContactRow[]; total: CappedCount }> {
      const where = sql`${liveInReach(reach)} and ${contacts.createdAt} >= ${since.toISOString()}::timestamptz and ${contacts.category} = 'lead'`;
      const selected = sql`select ${contacts.id} as id, ${contacts.createdAt} as created_at, 0 as segment
        from ${contacts} where ${where}
        order by ${contacts.createdAt} desc, ${contacts.id} desc limit ${page.offset + page.limit}`;
      const [found, n] = await Promise.all([
        rows(withOwners(selected, sql`s.created_at desc, s.id desc`, page)),
        total(sql`select ${cappedCount(where)} as n`),
      ]);
      return { rows: found.map(contactRow), total: capped(n) };
    },

    /** How many live contacts of the reach each category holds, up to the cap (each a range of the birthday index, read without the table). */
    async countByCategory(reach: Reach): Promise<({ category: ContactCategory } & CappedCount)[]> {
      const counts = sql.join(
        CONTACT_CATEGORIES.map((category) => sql`${cappedCount(sql`${liveInReach(reach)} and ${contacts.category} = ${category}`)} as ${sql.identifier(category)}`),
        sql`, `,
      );
      const result = await db.execute<Record<ContactCategory, number | string>>(sql`select ${counts}`);
      const row = result.rows[0];
      return CONTACT_CATEGORIES.map((category) => ({ category, ...capped(Number(row?.[category] ?? 0)) }));
    },

    /** The user's own imports still queued or running, the newest first. */
    async importsInProgress(userId: number, limit: number) {
      const result = await db.execute<{ id: number; file_name: string; category: ContactCategory; status: 'queued' | 'processing'; processed_rows: number; created_at: Date | string }>(
        sql`select ${importAttempts.id} as id, ${importAttempts.fileName} as file_name, ${importAttempts.category} as category, ${importAttempts.status} as status,
            ${importAttempts.processedRows} as processed_rows, ${importAttempts.createdAt} as created_at
          from ${importAttempts}
          where ${importAttempts.userId} = ${userId} and ${importAttempts.status} in ('queued', 'processing')
          order by ${importAttempts.id} desc limit ${limit}`,
      );
      return result.rows.map((r) => ({ ...r, id: Number(r.id), processed_rows: Number(r.processed_rows), created_at: new Date(r.created_at) }));
    },

    /** The user's own transfers still queued or moving, or being reverted, the newest first. */
    async transfersInProgress(userId: number, limit: number) {
      const result = await db.execute<{
        id: number;
        status: 'queued' | 'processing' | 'done';
        reverting: boolean;
        to_user_id: number;
        to_first_name: string;
        to_last_name: string;
        total_count: number;
        processed_count: number;
        created_at: Date | string;
      }>(
        sql`select t.id, t.status, t.reverting, u.id as to_user_id, u.first_name as to_first_name, u.last_name as to_last_name,
            t.total_count, t.processed_count, t.created_at
          from ${transferAttempts} t join ${users} u on u.id = t.to_user_id
          where t.user_id = ${userId} and (t.status in ('queued', 'processing') or (t.reverting and t.status = 'done'))
          order by t.id desc limit ${limit}`,
      );
      return result.rows.map((r) => ({
        id: Number(r.id),
        status: r.status,
        reverting: r.reverting,
        toUser: { id: Number(r.to_user_id), firstName: r.to_first_name, lastName: r.to_last_name },
        totalCount: Number(r.total_count),
        processedCount: Number(r.processed_count),
        createdAt: new Date(r.created_at),
      }));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
