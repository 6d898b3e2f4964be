import {
  CONTACT_SELECTION_MAX,
  TRANSFER_MAX_CONTACTS,
  TRANSFER_TOO_MANY,
  type MailerKit,
  type PagingMeta,
  type TransferAttempt,
  type TransferHistoryEntry,
  type TransferLog,
  type TransferStatus,
} from '@crm/contract';
import type { JobDefinition } from '../../jobs/queue';
import { notFound, unprocessable } from '../../lib/http-errors';
import { contactReach } from '../contacts/contact-reach';
import type { ContactsCaller, ContactsService, SelectionInput } from '../contacts/contacts.service';
import { fullName } from '../users/current-user';
import type { TransferAttemptRecord, TransferChanges, TransfersRepository } from './transfers.repository';
import type { JobRuns } from '../../jobs/queue';

export const TRANSFER_JOB = 'contacts-transfer';
/** Contacts moved (or reverted) per transaction and checkpoint. */
export const TRANSFER_BATCH = 5_000;
/** Batches written at once (measured on 2 cores: 250,000 contacts in 40 s one at a time). */
export const TRANSFER_STREAMS = 2;

export const TRANSFER_MESSAGES = {
  tooMany: TRANSFER_TOO_MANY,
  none: 'No contacts to move',
  user: 'Choose a user you manage',
  notDone: 'Only a finished transfer can be confirmed',
  notRevertable: 'Only a finished transfer that is not confirmed can be reverted',
  kitShort: (n: number) => `Only ${n.toLocaleString('en-US')} contacts of this kit are unassigned`,
} as const;

type Deps = {
  transfers: TransfersRepository;
  contacts: Pick<ContactsService, 'selectedItems' | 'checkReferences' | 'requireReachable'>;
  ownerReachable: (reach: ReturnType<typeof contactReach>, userId: number) => Promise<boolean>;
  jobs: JobRuns;
};

type GroupFields = { category?: string | undefined; status_id?: number | null | undefined; agentflow_status_id?: number | null | undefined; source_id?: number | null | undefined };

const person = (p: { id: number; firstName: string; lastName: string }) => ({ id: p.id, name: fullName(p) });

export function toTransferAttempt(a: TransferAttemptRecord, interrupted = false): TransferAttempt {
  return {
    id: a.id,
    status: a.status as TransferStatus,
    interrupted,
    reverted: a.reverted,
    reverting: a.reverting,
    user: person(a.user),
    to_user: person(a.toUser),
    changes: a.changes,
    total_count: a.totalCount,
    processed_count: a.processedCount,
    moved_count: a.movedCount,
    progress: a.status === 'done' || a.status === 'complete' ? 100 : a.totalCount ? Math.floor((a.processedCount / a.totalCount) * 100) : 0,
    failure: a.failure,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** The changes a body asks for besides the owner (fields left out are not changed). */
function changesOf(body: GroupFields): TransferChanges {
  const changes: TransferChanges = {};
  for (const key of ['category', 'status_id', 'agentflow_status_id', 'source_id'] as const) if (body[key] !== undefined) changes[key] = body[key] ?? null;
  return changes;
}

/**
 * Transfers (spec part 2 §4, §7): a selection (at most 250,000 contacts, all within the caller's
 * reach) moves to a user the caller reaches in a job (TRANSFER_JOB) that writes a log row per
 * contact; a finished transfer can be confirmed (complete) or, until then, reverted (a job too,
 * with the reverting marker set while it runs). Mailer assignment deals an imported lead list to
 * users as one transfer each.
 */
export function createTransfersService({ transfers, contacts, ownerReachable, jobs }: Deps) {
  /** The attempts as the API shows them, each marked when its job (move or revert) was interrupted. */
  async function presentAll(attempts: TransferAttemptRecord[]): Promise<TransferAttempt[]> {
    const interrupted = await jobs.interrupted(TRANSFER_JOB, 'attemptId', attempts.map((a) => a.id));
    return attempts.map((a) => toTransferAttempt(a, interrupted.has(String(a.id))));
  }
  const presentOne = async (attempt: TransferAttemptRecord) => (await presentAll([attempt]))[0] as TransferAttempt;

  async function present(id: number): Promise<{ data: TransferAttempt }> {
    const attempt = await transfers.find(id);
    if (!attempt) throw notFound('Transfer');
    return { data: toTransferAttempt(attempt) };
  }

  /** The selection's contact ids within reach; 422 above the limit or when none. */
  async function selectedIds(caller: ContactsCaller, selection: SelectionInput): Promise<number[]> {
    const { ids } = await contacts.selectedItems(caller, { ...selection, limit: TRANSFER_MAX_CONTACTS + 1 });
    if (ids.length > TRANSFER_MAX_CONTACTS) throw unprocessable({ ids: TRANSFER_MESSAGES.tooMany });
    if (!ids.length) throw unprocessable({ ids: TRANSFER_MESSAGES.none });
    return ids;
  }

  async function start(caller: ContactsCaller, toUserId: number, ids: number[], changes: TransferChanges): Promise<{ data: TransferAttempt }> {
    const reach = contactReach(caller);
    const id = await transfers.create({
      companyId: caller.user.companyId,
      userId: caller.user.id,
      toUserId,
      changes,
      reach,
      contactIds: ids,
      totalCount: ids.length,
    });
    await jobs.send(TRANSFER_JOB, { attemptId: id, action: 'move' }, { singletonKey: `transfer:${id}` });
    return present(id);
  }

  async function checkTarget(caller: ContactsCaller, userId: number): Promise<void> {
    if (!(await ownerReachable(contactReach(caller), userId))) throw unprocessable({ user_id: TRANSFER_MESSAGES.user });
  }

  async function visible(caller: ContactsCaller, id: number): Promise<TransferAttemptRecord> {
    const attempt = await transfers.findVisible(contactReach(caller), id);
    if (!attempt) throw notFound('Transfer');
    return attempt;
  }

  return {
    async transferGroup(caller: ContactsCaller, body: SelectionInput & { user_id: number } & GroupFields): Promise<{ data: TransferAttempt }> {
      await checkTarget(caller, body.user_id);
      const changes = changesOf(body);
      if (Object.keys(changes).length) await contacts.checkReferences(caller, body);
      return start(caller, body.user_id, await selectedIds(caller, body), changes);
    },

    /** Sets fields of a selection at once (no owner change, no transfer record). */
    async updateGroup(caller: ContactsCaller, body: SelectionInput & GroupFields): Promise<{ count: number }> {
      await contacts.checkReferences(caller, body);
      const ids = await selectedIds(caller, body);
      return { count: await transfers.updateFields(contactReach(caller), ids, changesOf(body)) };
    },

    async list(
      caller: ContactsCaller,
      query: { page: number; limit: number; q?: string | undefined; order_field: 'created_at' | 'updated_at' | 'status' | 'total_count'; order: 'asc' | 'desc' },
    ): Promise<{ data: TransferAttempt[]; meta: PagingMeta }> {
      const { rows, total } = await transfers.list(contactReach(caller), { page: query.page, limit: query.limit, q: query.q, orderField: query.order_field, order: query.order });
      return {
        data: await presentAll(rows),
        meta: { current_page: query.page, limit: query.limit, total_count: total, total_pages: Math.ceil(total / query.limit) },
      };
    },

    async show(caller: ContactsCaller, id: number, logsQuery: { page: number; limit: number; q?: string | undefined }) {
      const attempt = await visible(caller, id);
      const { rows, total } = await transfers.logs(id, logsQuery);
      const logs: TransferLog[] = rows.map((r) => ({
        contact_id: r.contactId,
        contact_name: `${r.firstName} ${r.lastName}`.trim(),
        from_user: person(r.from),
        to_user: person(r.to),
        created_at: r.createdAt.toISOString(),
      }));
      const meta = { current_page: logsQuery.page, limit: logsQuery.limit, total_count: total, total_pages: Math.ceil(total / logsQuery.limit) };
      return { attempt: await presentOne(attempt), logs, meta };
    },

    status: async (caller: ContactsCaller, id: number) => ({ data: await presentOne(await visible(caller, id)) }),

    /** Confirming sets status complete (a done transfer, not reverted). */
    async confirm(caller: ContactsCaller, id: number): Promise<{ data: TransferAttempt }> {
      const attempt = await visible(caller, id);
      if (attempt.status !== 'done' || attempt.reverted || attempt.reverting) throw unprocessable({ base: TRANSFER_MESSAGES.notDone });
      await transfers.setState(id, { status: 'complete' });
      return present(id);
    },

    /** Sets the revert-in-progress marker and queues the revert (only the maker's reach may; a done, unconfirmed transfer). */
    async revert(caller: ContactsCaller, id: number): Promise<{ data: TransferAttempt }> {
      const attempt = await visible(caller, id);
      if (!(await transfers.madeWithin(contactReach(caller), id))) throw notFound('Transfer');
      if (attempt.status !== 'done' || attempt.reverted || attempt.reverting) throw unprocessable({ base: TRANSFER_MESSAGES.notRevertable });
      await transfers.setState(id, { reverting: true });
      await jobs.send(TRANSFER_JOB, { attemptId: id, action: 'revert' }, { singletonKey: `transfer-revert:${id}` });
      return present(id);
    },

    async history(caller: ContactsCaller, contactId: number): Promise<{ data: TransferHistoryEntry[] }> {
      const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
      return {
        data: (await transfers.history(contact.id)).map((h) => ({
          attempt_id: h.attemptId,
          from_user: person(h.from),
          to_user: person(h.to),
          by: person(h.by),
          reverted: h.reverted,
          created_at: h.createdAt.toISOString(),
        })),
      };
    },

    async owners(caller: ContactsCaller, query: { q?: string | undefined; limit: number }) {
      const rows = await transfers.owners(contactReach(caller), query.q, query.limit);
      return { data: rows.map((u) => ({ id: u.id, name: fullName(u), email: u.email })) };
    },

    async mailerKits(caller: ContactsCaller): Promise<{ data: MailerKit[] }> {
      const kits = await transfers.mailerKits(contactReach(caller));
      return {
        data: kits.map((k) => ({
          id: k.id,
          name: k.leadType ? `${k.leadType} (${k.fileName})` : k.fileName,
          vendor: k.vendor,
          lead_type: k.leadType,
          holder: person(k.holder),
          total: k.total,
          unassigned: k.unassigned,
          created_at: k.createdAt.toISOString(),
        })),
      };
    },

    async mailerCounts(caller: ContactsCaller, kitId: number) {
      const [kit] = await transfers.mailerKits(contactReach(caller), kitId);
      if (!kit) throw notFound('Mailer kit');
      const byUser = await transfers.mailerCounts(kitId);
      return { data: { kit_id: kitId, unassigned: kit.unassigned, by_user: byUser.map((r) => ({ user: person(r.user), count: r.count })) } };
    },

    /** One transfer per user, each of the next `count` unassigned contacts of the kit in file order. */
    async mailerAssign(caller: ContactsCaller, body: { kit_id: number; assignments: { user_id: number; count: number }[] }): Promise<{ data: TransferAttempt[] }> {
      const [kit] = await transfers.mailerKits(contactReach(caller), body.kit_id);
      if (!kit) throw unprocessable({ kit_id: 'Choose a kit' });
      for (const [i, a] of body.assignments.entries())
        if (!(await ownerReachable(contactReach(caller), a.user_id))) throw unprocessable({ [`assignments.${i}.user_id`]: TRANSFER_MESSAGES.user });
      const wanted = body.assignments.reduce((sum, a) => sum + a.count, 0);
      if (wanted > kit.unassigned) throw unprocessable({ assignments: TRANSFER_MESSAGES.kitShort(kit.unassigned) });
      const ids = await transfers.unassignedIds(kit.id, kit.holder.id, Math.min(wanted, CONTACT_SELECTION_MAX));
      const made: TransferAttempt[] = [];
      let from = 0;
      for (const a of body.assignments) {
        made.push((await start(caller, a.user_id, ids.slice(from, from + a.count), {})).data);
        from += a.count;
      }
      return { data: made };
    },
  };
}

/**
 * The transfer job: `move` writes the batches of the transfer's contacts that are not written yet
 * (each batch and its mark in done_batches one transaction), two at a time, then marks it done;
 * `revert` puts the logged contacts back and clears the reverting marker, setting reverted. Both
 * are safe to run again.
 */
export function createTransferJob(transfers: TransfersRepository): JobDefinition<{ attemptId: number; action: 'move' | 'revert' }> {
  return {
    name: TRANSFER_JOB,
    keyed: true,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    async onFailed({ attemptId, action }, reason) {
      if (action === 'revert') await transfers.setState(attemptId, { reverting: false, failure: `The revert failed: ${reason}` });
      else await transfers.setState(attemptId, { status: 'failed', failure: reason });
    },
    async run({ attemptId, action }) {
      const attempt = await transfers.find(attemptId);
      if (!attempt) return;
      if (action === 'revert') {
        if (attempt.reverted) return;
        const logged = await transfers.loggedContactIds(attemptId);
        await inParallel(chunks(logged, TRANSFER_BATCH), (ids) => transfers.revertBatch(attemptId, ids));
        await transfers.setState(attemptId, { reverted: true, reverting: false });
        return;
      }
      if (attempt.status !== 'queued' && attempt.status !== 'processing') return;
      const done = await transfers.doneBatches(attemptId);
      const batches = Array.from({ length: Math.ceil(attempt.totalCount / TRANSFER_BATCH) }, (_, i) => i).filter((i) => !done.has(i));
      let gone = false;
      await inParallel(batches, async (batch) => {
        if (gone) return;
        const ids = await transfers.contactIdsSlice(attemptId, batch * TRANSFER_BATCH, TRANSFER_BATCH);
        if (!(await transfers.moveBatch(attempt, ids, batch)) && !(await transfers.find(attemptId))) gone = true;
      });
      if (!gone) await transfers.setState(attemptId, { status: 'done' });
    },
  };
}

/** Lists of at most `size`. */
const chunks = <T>(list: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Runs `work` on the items, TRANSFER_STREAMS at a time: PostgreSQL writes two batches at once on
 * two cores (each one transaction on its own connection; their contacts never overlap).
 */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const stream = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: TRANSFER_STREAMS }, stream));
}

export type TransfersService = ReturnType<typeof createTransfersService>;
