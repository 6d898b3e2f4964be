import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, TransferAttempt } from '@crm/contract';
import { contacts, statuses } from '../../db/schema';
import { eventually } from '../../test/cable-client';
import { createContact, signInCast, type Cast, type SignedIn } from '../../test/contact-fixtures';
import { seedEmail } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TRANSFER_MESSAGES } from './transfers.service';

let t: TestApp;
let as: Cast;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const ownersOf = async (ids: number[]) =>
  new Map((await t.ctx.db.select({ id: contacts.id, owner: contacts.ownerId }).from(contacts).where(inArray(contacts.id, ids))).map((r) => [r.id, r.owner]));

/** Polls the status endpoint until the check passes. */
async function until(who: SignedIn, id: number, check: (a: TransferAttempt) => boolean): Promise<TransferAttempt> {
  return eventually(async () => {
    const res = await who.get(`/v1/contacts/transfer_attempts/${id}/status`);
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json().data as TransferAttempt;
    expect(check(attempt), JSON.stringify(attempt)).toBe(true);
    return attempt;
  }, 30_000);
}

let books: Contact[];
let transfer: TransferAttempt;

describe('PATCH /v1/contacts/transfer_group', () => {
  it('moves the chosen contacts to a user the caller reaches in a job, logging each one', async () => {
    books = [
      await createContact(as.agent, { first_name: 'Tina', last_name: 'Transfera' }),
      await createContact(as.agent, { first_name: 'Tom', last_name: 'Transfera' }),
      await createContact(as.agent, { first_name: 'Tess', last_name: 'Transfera' }),
    ];
    const res = await as.manager.patch('/v1/contacts/transfer_group', { ids: [books[0]!.id, books[1]!.id], user_id: as.telemarketer.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'queued', reverted: false, reverting: false, total_count: 2, to_user: { id: as.telemarketer.userId }, user: { id: as.manager.userId } });
    transfer = await until(as.manager, res.json().data.id, (a) => a.status === 'done');
    expect(transfer).toMatchObject({ moved_count: 2, processed_count: 2, progress: 100 });
    const owners = await ownersOf(books.map((b) => b.id));
    expect([owners.get(books[0]!.id), owners.get(books[1]!.id), owners.get(books[2]!.id)]).toEqual([as.telemarketer.userId, as.telemarketer.userId, as.agent.userId]);

    const detail = await as.manager.get(`/v1/contacts/transfer_attempts/${transfer.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().meta).toMatchObject({ current_page: 1, limit: 50, total_count: 2 });
    expect(detail.json().transfer_logs.map((l: { contact_name: string; from_user: { id: number }; to_user: { id: number } }) => [l.contact_name, l.from_user.id, l.to_user.id])).toEqual([
      ['Tina Transfera', as.agent.userId, as.telemarketer.userId],
      ['Tom Transfera', as.agent.userId, as.telemarketer.userId],
    ]);
    const logs = await as.manager.get(`/v1/contacts/transfer_attempts/${transfer.id}/logs?limit=1&page=2&q=transfera`);
    expect(logs.json()).toMatchObject({ data: [{ contact_name: 'Tom Transfera' }], meta: { current_page: 2, limit: 1, total_count: 2, total_pages: 2 } });

    const history = await as.telemarketer.get(`/v1/contacts/${books[0]!.id}/transfer_history`);
    expect(history.json().data).toEqual([expect.objectContaining({ attempt_id: transfer.id, from_user: expect.objectContaining({ id: as.agent.userId }), to_user: expect.objectContaining({ id: as.telemarketer.userId }), by: expect.objectContaining({ id: as.manager.userId }), reverted: false })]);
  });

  it('lists transfers made within the reach or to the caller: page 1, 15 a page, q by user name, ordered', async () => {
    const list = await as.manager.get('/v1/contacts/transfer_attempts');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta).toMatchObject({ current_page: 1, limit: 15 });
    expect(list.json().data.map((a: TransferAttempt) => a.id)).toContain(transfer.id);
    // the receiving user sees it; another agent and another company do not
    expect((await as.telemarketer.get('/v1/contacts/transfer_attempts')).json().data.map((a: TransferAttempt) => a.id)).toContain(transfer.id);
    expect((await as.agent.get('/v1/contacts/transfer_attempts')).json().data.map((a: TransferAttempt) => a.id)).not.toContain(transfer.id);
    expect((await as.kAgent.get(`/v1/contacts/transfer_attempts/${transfer.id}`)).statusCode).toBe(404);
    expect((await as.agent.get(`/v1/contacts/transfer_attempts/${transfer.id}/status`)).statusCode).toBe(404);
    const telemarketerName = (await t.ctx.usersRepository.findByEmail(seedEmail('telemarketer')))!.firstName;
    const found = await as.manager.get(`/v1/contacts/transfer_attempts?q=${encodeURIComponent(telemarketerName)}&order_field=total_count&order=asc`);
    expect(found.json().data.map((a: TransferAttempt) => a.id)).toContain(transfer.id);
    expect((await as.manager.get('/v1/contacts/transfer_attempts?order_field=owner')).statusCode).toBe(422);
  });

  it('refuses a user outside the reach, contacts outside it, and an empty choice', async () => {
    const outside = await as.agent.patch('/v1/contacts/transfer_group', { ids: [books[2]!.id], user_id: as.manager.userId });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ user_id: TRANSFER_MESSAGES.user });
    const notMine = await as.field.patch('/v1/contacts/transfer_group', { ids: [books[0]!.id], user_id: as.field.userId });
    expect(notMine.statusCode).toBe(404);
    const none = await as.manager.patch('/v1/contacts/transfer_group', { user_id: as.field.userId });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ ids: 'Choose contacts' });
    const nothingMatches = await as.manager.patch('/v1/contacts/transfer_group', { all: true, contacts_scope: { q: 'zzqqnothing' }, user_id: as.field.userId });
    expect(nothingMatches.json().errors).toEqual({ ids: TRANSFER_MESSAGES.none });
  });
});

describe('confirming and reverting (PATCH and POST /v1/contacts/transfer_attempts/{id})', () => {
  it('reverts: owners go back (a contact moved on since stays), reverted is set and the marker cleared; confirming after that is refused', async () => {
    // one of the moved contacts moves on before the revert
    await t.ctx.db.update(contacts).set({ ownerId: as.field.userId }).where(eq(contacts.id, books[1]!.id));
    expect((await as.telemarketer.post(`/v1/contacts/transfer_attempts/${transfer.id}`)).statusCode).toBe(404); // the receiver may not revert
    const res = await as.manager.post(`/v1/contacts/transfer_attempts/${transfer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ reverting: true, reverted: false });
    const done = await until(as.manager, transfer.id, (a) => a.reverted);
    expect(done).toMatchObject({ reverted: true, reverting: false, status: 'done' });
    const owners = await ownersOf([books[0]!.id, books[1]!.id]);
    expect([owners.get(books[0]!.id), owners.get(books[1]!.id)]).toEqual([as.agent.userId, as.field.userId]);
    expect((await as.manager.post(`/v1/contacts/transfer_attempts/${transfer.id}`)).json().errors).toEqual({ base: TRANSFER_MESSAGES.notRevertable });
    expect((await as.manager.patch(`/v1/contacts/transfer_attempts/${transfer.id}`, { status: 'complete' })).json().errors).toEqual({ base: TRANSFER_MESSAGES.notDone });
    expect((await as.telemarketer.get(`/v1/contacts/${books[0]!.id}/transfer_history`)).statusCode).toBe(404);
    expect((await as.agent.get(`/v1/contacts/${books[0]!.id}/transfer_history`)).json().data[0]).toMatchObject({ attempt_id: transfer.id, reverted: true });
  });

  it('confirms a done transfer (status complete), which can then not be reverted; PATCH with revert reverts', async () => {
    const first = await as.manager.patch('/v1/contacts/transfer_group', { ids: [books[2]!.id], user_id: as.field.userId });
    await until(as.manager, first.json().data.id, (a) => a.status === 'done');
    const confirmed = await as.field.patch(`/v1/contacts/transfer_attempts/${first.json().data.id}`, { status: 'complete' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('complete');
    expect((await as.manager.patch(`/v1/contacts/transfer_attempts/${first.json().data.id}`, { revert: true })).json().errors).toEqual({ base: TRANSFER_MESSAGES.notRevertable });
    expect((await as.manager.patch(`/v1/contacts/transfer_attempts/${first.json().data.id}`, { status: 'done' })).statusCode).toBe(422);

    const second = await as.manager.patch('/v1/contacts/transfer_group', { ids: [books[2]!.id], user_id: as.agent.userId });
    await until(as.manager, second.json().data.id, (a) => a.status === 'done');
    expect((await as.manager.patch(`/v1/contacts/transfer_attempts/${second.json().data.id}`, { revert: true })).statusCode).toBe(200);
    await until(as.manager, second.json().data.id, (a) => a.reverted && !a.reverting);
    expect((await ownersOf([books[2]!.id])).get(books[2]!.id)).toBe(as.field.userId);
  });
});

describe('update_transfer_group and update_group', () => {
  it('moves and sets the status on the way; the revert restores both', async () => {
    const [hot] = await t.ctx.db.select({ id: statuses.id }).from(statuses).where(and(eq(statuses.companyId, as.agent.companyId), eq(statuses.title, 'Contacted')));
    const c = await createContact(as.agent, { first_name: 'Ursula', last_name: 'Updatra', category: 'lead' });
    const res = await as.manager.patch('/v1/contacts/update_transfer_group', { ids: [c.id], user_id: as.field.userId, status_id: hot!.id, category: 'client' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.changes).toEqual({ status_id: hot!.id, category: 'client' });
    await until(as.manager, res.json().data.id, (a) => a.status === 'done');
    let row = (await t.ctx.db.select().from(contacts).where(eq(contacts.id, c.id)))[0]!;
    expect([row.ownerId, row.statusId, row.category]).toEqual([as.field.userId, hot!.id, 'client']);
    await as.manager.post(`/v1/contacts/transfer_attempts/${res.json().data.id}`);
    await until(as.manager, res.json().data.id, (a) => a.reverted);
    row = (await t.ctx.db.select().from(contacts).where(eq(contacts.id, c.id)))[0]!;
    expect([row.ownerId, row.statusId, row.category]).toEqual([as.agent.userId, null, 'lead']);
    const badStatus = await as.manager.patch('/v1/contacts/update_transfer_group', { ids: [c.id], user_id: as.field.userId, status_id: 999_999 });
    expect(badStatus.json().errors).toEqual({ status_id: 'Choose a status' });
  });

  it('update_group sets fields of the chosen contacts at once, within the reach', async () => {
    const c = await createContact(as.agent, { first_name: 'Gus', last_name: 'Groupa' });
    const res = await as.agent.patch('/v1/contacts/update_group', { ids: [c.id], category: 'prospect' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 1 });
    expect((await as.agent.get(`/v1/contacts/${c.id}`)).json().data.category).toBe('prospect');
    expect((await as.agent.patch('/v1/contacts/update_group', { ids: [c.id] })).json().errors).toEqual({ base: 'Choose what to change' });
    expect((await as.telemarketer.patch('/v1/contacts/update_group', { ids: [c.id], category: 'client' })).statusCode).toBe(404);
  });
});

describe('owners and mailer assignment', () => {
  it('lists the users the caller may give contacts to', async () => {
    const agent = (await as.agent.get('/v1/admin/users/owners')).json().data;
    expect(agent.map((u: { id: number }) => u.id)).toEqual([as.agent.userId]);
    const manager = (await as.manager.get('/v1/admin/users/owners?limit=200')).json().data.map((u: { id: number }) => u.id);
    expect(manager).toEqual(expect.arrayContaining([as.manager.userId, as.agent.userId, as.field.userId, as.telemarketer.userId]));
    expect(manager).not.toContain(as.admin.userId);
  });

  it('deals an imported lead list to users, so many each, as transfers, and counts by holder', async () => {
    const form = new FormData();
    form.append('fields', JSON.stringify(['first_name', 'last_name']));
    form.append('lead_type', 'T65 mailer');
    form.append('file', new Blob([`first,last\n${Array.from({ length: 5 }, (_, i) => `Mailer${i},Kitt`).join('\n')}\n`]), 'mailer.csv');
    const imported = await as.manager.post('/v1/contacts/leads_uploader', form);
    const kitId = imported.json().data.id as number;
    await eventually(async () => expect((await as.manager.get('/v1/contacts/mailer_assignment_kits')).json().data.map((k: { id: number }) => k.id)).toContain(kitId), 30_000);
    const kit = (await as.manager.get('/v1/contacts/mailer_assignment_kits')).json().data.find((k: { id: number }) => k.id === kitId);
    expect(kit).toMatchObject({ name: 'T65 mailer (mailer.csv)', total: 5, unassigned: 5, holder: { id: as.manager.userId } });
    const tooMany = await as.manager.post('/v1/contacts/mailer_assignment_create', { kit_id: kitId, assignments: [{ user_id: as.agent.userId, count: 6 }] });
    expect(tooMany.json().errors).toEqual({ assignments: TRANSFER_MESSAGES.kitShort(5) });
    const res = await as.manager.post('/v1/contacts/mailer_assignment_create', {
      kit_id: kitId,
      assignments: [
        { user_id: as.agent.userId, count: 2 },
        { user_id: as.field.userId, count: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const a of res.json().data as TransferAttempt[]) await until(as.manager, a.id, (x) => x.status === 'done');
    const counts = (await as.manager.get(`/v1/contacts/mailer_assignment_counts?kit_id=${kitId}`)).json().data;
    expect(counts.unassigned).toBe(2);
    expect(Object.fromEntries(counts.by_user.map((r: { user: { id: number }; count: number }) => [r.user.id, r.count]))).toEqual({
      [as.manager.userId]: 2,
      [as.agent.userId]: 2,
      [as.field.userId]: 1,
    });
    // an agent has no mailer assignment (admin or manager feature)
    expect((await as.agent.get('/v1/contacts/mailer_assignment_kits')).statusCode).toBe(403);
  });
});
