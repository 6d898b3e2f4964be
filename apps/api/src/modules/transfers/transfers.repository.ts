import { and, asc, count, desc, eq, ilike, or, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { apiVendors, contacts, importAttempts, transferAttempts, transferLogs, users } from '../../db/schema';
import type { Reach } from '../contacts/contact-reach';
import { reachCondition, userInReach } from '../contacts/contacts-scope.repository';
import { longWork } from '../../db/sql-helpers';

export type TransferChanges = Partial<Record<'category' | 'status_id' | 'agentflow_status_id' | 'source_id', string | number | null>>;
type Person = { id: number; firstName: string; lastName: string };

export type TransferAttemptRecord = Omit<typeof transferAttempts.$inferSelect, 'contactIds' | 'doneBatches'> & { user: Person; toUser: Person };
export type TransferLogRecord = { contactId: number; firstName: string; lastName: string; from: Person; to: Person; createdAt: Date };
export type TransferHistoryRecord = { attemptId: number; from: Person; to: Person; by: Person; reverted: boolean; createdAt: Date };
export type MailerKitRecord = {
  id: number;
  fileName: string;
  vendor: string | null;
  leadType: string | null;
  holder: Person;
  total: number;
  unassigned: number;
  createdAt: Date;
};

/** The columns a transfer may set besides the owner, by the API's names. */
const CHANGE_COLUMNS = {
  category: { column: 'category', type: 'text' },
  status_id: { column: 'status_id', type: 'int' },
  agentflow_status_id: { column: 'agentflow_status_id', type: 'int' },
  source_id: { column: 'source_id', type: 'int' },
} as const;
type ChangeKey = keyof typeof CHANGE_COLUMNS;

const toUser = alias(users, 'transfer_to_user');
const fromUser = alias(users, 'transfer_from_user');
type UserColumns = { id: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn };
/** A user's id and name from users or one of its aliases. */
const person = (table: UserColumns) => ({
  id: sql<number>`${table.id}`.mapWith(Number),
  firstName: sql<string>`${table.firstName}`,
  lastName: sql<string>`${table.lastName}`,
});
const nameOf = (table: UserColumns) => sql`${table.firstName} || ' ' || ${table.lastName}`;
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createTransfersRepository(db: Database) {
  const attemptColumns = {
    id: transferAttempts.id,
    companyId: transferAttempts.companyId,
    userId: transferAttempts.userId,
    toUserId: transferAttempts.toUserId,
    status: transferAttempts.status,
    reverted: transferAttempts.reverted,
    reverting: transferAttempts.reverting,
    changes: transferAttempts.changes,
    reach: transferAttempts.reach,
    totalCount: transferAttempts.totalCount,
    processedCount: transferAttempts.processedCount,
    movedCount: transferAttempts.movedCount,
    failure: transferAttempts.failure,
    createdAt: transferAttempts.createdAt,
    updatedAt: transferAttempts.updatedAt,
    user: person(users),
    toUser: person(toUser),
  };
  const attempts = () =>
    db
      .select(attemptColumns)
      .from(transferAttempts)
      .innerJoin(users, eq(users.id, transferAttempts.userId))
      .innerJoin(toUser, eq(toUser.id, transferAttempts.toUserId));

  /** Transfers a user sees: those made by someone in their reach, and those made to them. */
  const visible = (reach: Reach): SQL =>
    sql`${eq(transferAttempts.companyId, reach.companyId)} and (${userInReach(reach, transferAttempts.userId)} or ${transferAttempts.toUserId} = ${reach.userId})`;

  return {
    async create(values: Omit<typeof transferAttempts.$inferInsert, 'id'>): Promise<number> {
      const [row] = await db.insert(transferAttempts).values(values).returning({ id: transferAttempts.id });
      if (!row) throw new Error('transfer not stored');
      return row.id;
    },
    async find(id: number): Promise<TransferAttemptRecord | undefined> {
      const [row] = await attempts().where(eq(transferAttempts.id, id));
      return row;
    },
    async findVisible(reach: Reach, id: number): Promise<TransferAttemptRecord | undefined> {
      const [row] = await attempts().where(and(eq(transferAttempts.id, id), visible(reach)));
      return row;
    },
    /** Whether the reach covers the transfer's maker (who may revert it). */
    async madeWithin(reach: Reach, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: transferAttempts.id })
        .from(transferAttempts)
        .where(and(eq(transferAttempts.id, id), eq(transferAttempts.companyId, reach.companyId), userInReach(reach, transferAttempts.userId)));
      return Boolean(row);
    },
    async list(
      reach: Reach,
      query: { page: number; limit: number; q?: string | undefined; orderField: 'created_at' | 'updated_at' | 'status' | 'total_count'; order: 'asc' | 'desc' },
    ): Promise<{ rows: TransferAttemptRecord[]; total: number }> {
      const q = query.q?.trim();
      const where = and(visible(reach), q ? or(ilike(nameOf(users), likeText(q)), ilike(nameOf(toUser), likeText(q))) : undefined);
      const column = { created_at: transferAttempts.createdAt, updated_at: transferAttempts.updatedAt, status: transferAttempts.status, total_count: transferAttempts.totalCount }[query.orderField];
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        attempts()
          .where(where)
          .orderBy(direction(column), direction(transferAttempts.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(transferAttempts).innerJoin(users, eq(users.id, transferAttempts.userId)).innerJoin(toUser, eq(toUser.id, transferAttempts.toUserId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async logs(attemptId: number, query: { page: number; limit: number; q?: string | undefined }): Promise<{ rows: TransferLogRecord[]; total: number }> {
      const q = query.q?.trim();
      const where = and(eq(transferLogs.attemptId, attemptId), q ? ilike(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, likeText(q)) : undefined);
      const base = () =>
        db
          .select({ contactId: transferLogs.contactId, firstName: contacts.firstName, lastName: contacts.lastName, from: person(fromUser), to: person(toUser), createdAt: transferLogs.createdAt })
          .from(transferLogs)
          .innerJoin(contacts, eq(contacts.id, transferLogs.contactId))
          .innerJoin(fromUser, eq(fromUser.id, transferLogs.fromOwnerId))
          .innerJoin(toUser, eq(toUser.id, transferLogs.toOwnerId));
      const [rows, [total]] = await Promise.all([
        base().where(where).orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(transferLogs.contactId)).limit(query.limit).offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(transferLogs).innerJoin(contacts, eq(contacts.id, transferLogs.contactId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async history(contactId: number): Promise<TransferHistoryRecord[]> {
      return db
        .select({ attemptId: transferLogs.attemptId, from: person(fromUser), to: person(toUser), by: person(users), reverted: transferAttempts.reverted, createdAt: transferLogs.createdAt })
        .from(transferLogs)
        .innerJoin(transferAttempts, eq(transferAttempts.id, transferLogs.attemptId))
        .innerJoin(users, eq(users.id, transferAttempts.userId))
        .innerJoin(fromUser, eq(fromUser.id, transferLogs.fromOwnerId))
        .innerJoin(toUser, eq(toUser.id, transferLogs.toOwnerId))
        .where(eq(transferLogs.contactId, contactId))
        .orderBy(desc(transferLogs.createdAt), desc(transferLogs.attemptId));
    },

    async setState(id: number, state: Partial<Pick<typeof transferAttempts.$inferInsert, 'status' | 'reverted' | 'reverting' | 'failure'>>): Promise<boolean> {
      const rows = await db.update(transferAttempts).set({ ...state, updatedAt: new Date() }).where(eq(transferAttempts.id, id)).returning({ id: transferAttempts.id });
      return rows.length > 0;
    },
    /** The contact ids from position `from` (0-based), at most `limit` of them. */
    async contactIdsSlice(id: number, from: number, limit: number): Promise<number[]> {
      const [row] = await db
        .select({ ids: sql<number[]>`${transferAttempts.contactIds}[${from + 1}:${from + limit}]` })
        .from(transferAttempts)
        .where(eq(transferAttempts.id, id));
      return row?.ids ?? [];
    },

    /**
     * Moves one batch and saves the checkpoint in one transaction: the contacts (still within the
     * maker's reach) that are not the target's already, or whose changed fields differ, get the
     * new owner and fields; a log row keeps each one's earlier owner and values. A batch run again
     * finds its contacts moved and logs nothing twice. False when the transfer is gone.
     */
    async moveBatch(attempt: Pick<TransferAttemptRecord, 'id' | 'toUserId' | 'changes' | 'reach'>, ids: number[], batch: number): Promise<boolean> {
      const changes = Object.entries(attempt.changes) as [ChangeKey, string | number | null][];
      const set = changes.map(([key, value]) => sql`, ${sql.raw(CHANGE_COLUMNS[key].column)} = ${value}::${sql.raw(CHANGE_COLUMNS[key].type)}`);
      const differs = changes.map(([key, value]) => sql` or ${contacts}.${sql.raw(CHANGE_COLUMNS[key].column)} is distinct from ${value}::${sql.raw(CHANGE_COLUMNS[key].type)}`);
      const previous = changes.length
        ? sql`jsonb_build_object(${sql.join(changes.map(([key]) => sql`${key}::text, old.${sql.raw(CHANGE_COLUMNS[key].column)}`), sql`, `)})`
        : sql`null::jsonb`;
      return db.transaction(async (tx) => {
        await tx.execute(longWork);
        const moved = await tx.execute<{ contact_id: number }>(sql`
          with old as (
            select ${contacts.id} as id, ${contacts.ownerId} as owner_id, ${contacts.category} as category, ${contacts.statusId} as status_id,
              ${contacts.agentflowStatusId} as agentflow_status_id, ${contacts.sourceId} as source_id
            from ${contacts}
            where ${contacts.id} = any(${sql.param(ids)}::int[]) and ${reachCondition(attempt.reach)}
              and (${contacts.ownerId} <> ${attempt.toUserId}${sql.join(differs, sql``)})
            for update
          ), moved as (
            update ${contacts} set owner_id = ${attempt.toUserId}, updated_at = now()${sql.join(set, sql``)}
            from old where ${contacts.id} = old.id
            returning ${contacts.id} as id, old.owner_id as from_owner_id, ${previous} as previous
          )
          insert into ${transferLogs} (attempt_id, contact_id, from_owner_id, to_owner_id, previous)
          select ${attempt.id}, id, from_owner_id, ${attempt.toUserId}, previous from moved
          on conflict do nothing
          returning contact_id`);
        const updated = await tx
          .update(transferAttempts)
          .set({
            processedCount: sql`${transferAttempts.processedCount} + ${ids.length}`,
            movedCount: sql`${transferAttempts.movedCount} + ${moved.rows.length}`,
            doneBatches: sql`array_append(${transferAttempts.doneBatches}, ${batch}::int)`,
            status: 'processing',
            updatedAt: new Date(),
          })
          .where(and(eq(transferAttempts.id, attempt.id), sql`not (${batch}::int = any(${transferAttempts.doneBatches}))`))
          .returning({ id: transferAttempts.id });
        if (!updated.length) tx.rollback(); // gone, or this batch was written by another try meanwhile
        return true;
      }).catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
    },

    /** Which batches of a transfer are written. */
    async doneBatches(id: number): Promise<Set<number>> {
      const [row] = await db.select({ done: transferAttempts.doneBatches }).from(transferAttempts).where(eq(transferAttempts.id, id));
      return new Set(row?.done ?? []);
    },
    /** The logged contact ids of a transfer in order, for the revert's batches. */
    async loggedContactIds(attemptId: number): Promise<number[]> {
      const rows = await db.select({ id: transferLogs.contactId }).from(transferLogs).where(eq(transferLogs.attemptId, attemptId)).orderBy(asc(transferLogs.contactId));
      return rows.map((r) => r.id);
    },

    /**
     * Reverts these logged contacts: each one still with the transfer's owner goes back to its
     * earlier owner and values; one moved on since stays. Running it again changes nothing.
     */
    async revertBatch(attemptId: number, contactIds: number[]): Promise<void> {
      const restore = (Object.entries(CHANGE_COLUMNS) as [ChangeKey, (typeof CHANGE_COLUMNS)[ChangeKey]][]).map(
        ([key, { column, type }]) =>
          sql`, ${sql.raw(column)} = case when b.previous ? ${key} then (b.previous ->> ${key})::${sql.raw(type)} else ${contacts}.${sql.raw(column)} end`,
      );
      await db.execute(sql`
        update ${contacts} set owner_id = b.from_owner_id, updated_at = now()${sql.join(restore, sql``)}
        from ${transferLogs} b
        where b.attempt_id = ${attemptId} and b.contact_id = any(${sql.param(contactIds)}::int[])
          and ${contacts.id} = b.contact_id and ${contacts.ownerId} = b.to_owner_id`);
    },

    /** Sets fields of these contacts (within the reach) in one statement; gives how many changed. */
    async updateFields(reach: Reach, ids: number[], changes: TransferChanges): Promise<number> {
      const entries = Object.entries(changes) as [ChangeKey, string | number | null][];
      const set = entries.map(([key, value]) => sql`${sql.raw(CHANGE_COLUMNS[key].column)} = ${value}::${sql.raw(CHANGE_COLUMNS[key].type)}`);
      const result = await db.execute(sql`update ${contacts} set ${sql.join(set, sql`, `)}, updated_at = now()
        where ${contacts.id} = any(${sql.param(ids)}::int[]) and ${reachCondition(reach)}`);
      return result.rowCount ?? 0;
    },

    async owners(reach: Reach, q: string | undefined, limit: number): Promise<{ id: number; firstName: string; lastName: string; email: string }[]> {
      const text = q?.trim();
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.companyId, reach.companyId),
            userInReach(reach, users.id),
            text ? or(ilike(nameOf(users), likeText(text)), ilike(users.email, likeText(text))) : undefined,
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(limit);
    },

    /** Lead lists imported by users in the reach, with their live contacts and how many are still with the import's owner. */
    async mailerKits(reach: Reach, kitId?: number): Promise<MailerKitRecord[]> {
      const rows = await db
        .select({
          id: importAttempts.id,
          fileName: importAttempts.fileName,
          vendor: apiVendors.vendorName,
          leadType: importAttempts.leadType,
          holder: person(users),
          total: sql<number>`(select count(*)::int from ${contacts} c where c.import_attempt_id = ${importAttempts.id} and c.deleted_at is null)`,
          unassigned: sql<number>`(select count(*)::int from ${contacts} c where c.import_attempt_id = ${importAttempts.id} and c.deleted_at is null and c.owner_id = ${importAttempts.ownerId})`,
          createdAt: importAttempts.createdAt,
        })
        .from(importAttempts)
        .innerJoin(users, eq(users.id, importAttempts.ownerId))
        .leftJoin(apiVendors, eq(apiVendors.id, importAttempts.apiVendorId))
        .where(
          and(
            eq(importAttempts.companyId, reach.companyId),
            userInReach(reach, importAttempts.userId),
            eq(importAttempts.category, 'lead'),
            eq(importAttempts.status, 'completed'),
            kitId === undefined ? undefined : eq(importAttempts.id, kitId),
          ),
        )
        .orderBy(desc(importAttempts.id))
        .limit(200);
      return rows;
    },
    /** A kit's live contacts by their owner now. */
    async mailerCounts(kitId: number): Promise<{ user: Person; count: number }[]> {
      return db
        .select({ user: person(users), count: sql<number>`count(*)::int` })
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.ownerId))
        .where(and(eq(contacts.importAttemptId, kitId), sql`${contacts.deletedAt} is null`))
        .groupBy(users.id, users.firstName, users.lastName)
        .orderBy(asc(users.lastName), asc(users.firstName));
    },
    /** The first `n` live contacts of a kit still with its holder, in file order. */
    async unassignedIds(kitId: number, holderId: number, n: number): Promise<number[]> {
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.importAttemptId, kitId), eq(contacts.ownerId, holderId), sql`${contacts.deletedAt} is null`))
        .orderBy(asc(contacts.importRow))
        .limit(n);
      return rows.map((r) => r.id);
    },
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
