import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_DENIED, contactNote } from '@crm/contract';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;
let agentContact: number;
let otherContact: number;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  agentContact = await newContact(as.agent, { first_name: 'Nora' });
  otherContact = await newContact(as.telemarketer, { first_name: 'Omar' });
});
afterAll(() => t.close());

const notesOf = (id: number) => `/v1/contacts/${id}/notes`;

async function addNote(who: keyof Cast, contactId: number, body: string) {
  const res = await as[who].post(notesOf(contactId), { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; body: string; author: { id: number; name: string } | null; updated_at: string };
}

describe('contact notes', () => {
  it('adds a note by the caller and lists notes newest first with paging meta', async () => {
    const first = await addNote('agent', agentContact, 'Called about the Medicare Advantage plan');
    const second = await addNote('agent', agentContact, 'Sent the enrollment kit');
    expect(contactNote.safeParse(first).success).toBe(true);
    expect(first.author).toEqual({ id: as.agent.userId, name: 'Jamie Carter' });

    const res = await as.agent.get(`${notesOf(agentContact)}?limit=1`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((n: { id: number }) => n.id)).toEqual([second.id]);
    expect(body.meta).toEqual({ current_page: 1, limit: 1, total_count: 2, total_pages: 2 });
    const page2 = (await as.agent.get(`${notesOf(agentContact)}?limit=1&page=2`)).json();
    expect(page2.data.map((n: { id: number }) => n.id)).toEqual([first.id]);
  });

  it('q finds notes containing every word, ignoring case and order', async () => {
    const contactId = await newContact(as.agent);
    await addNote('agent', contactId, 'Prefers a morning CALL, spouse on Medicare');
    await addNote('agent', contactId, 'Call back next week');
    await addNote('agent', contactId, '100% sure about the_plan');
    const find = async (q: string) =>
      (await as.agent.get(`${notesOf(contactId)}?q=${encodeURIComponent(q)}`)).json().data.map((n: { body: string }) => n.body);
    expect(await find('medicare call')).toEqual(['Prefers a morning CALL, spouse on Medicare']);
    expect(await find('call')).toHaveLength(2);
    expect(await find('%')).toEqual(['100% sure about the_plan']);
    expect(await find('_')).toEqual(['100% sure about the_plan']);
    expect(await find('dental')).toEqual([]);
  });

  it('refuses an empty or too long note', async () => {
    const blank = await as.agent.post(notesOf(agentContact), { body: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ body: 'Note is required' });
    const long = await as.agent.post(notesOf(agentContact), { body: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ body: 'Note must be at most 10000 characters' });
  });

  it('lets the author change and delete a note, and leaves the contact alone', async () => {
    const contactId = await newContact(as.agent);
    const before = (await as.agent.get(`/v1/contacts/${contactId}`)).json().data.updated_at;
    const note = await addNote('agent', contactId, 'First draft');
    const changed = await as.agent.patch(`${notesOf(contactId)}/${note.id}`, { body: 'Final text' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ id: note.id, body: 'Final text', author: { id: as.agent.userId } });
    expect(changed.json().data.updated_at >= note.updated_at).toBe(true);
    expect((await as.agent.get(`/v1/contacts/${contactId}`)).json().data.updated_at).toBe(before);

    const removed = await as.agent.delete(`${notesOf(contactId)}/${note.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await as.agent.get(notesOf(contactId))).json().data).toEqual([]);
  });

  it('lets an administrator and a manager above the author change a note; others who reach the contact get 403', async () => {
    const note = await addNote('agent', agentContact, 'Agent note');
    expect((await as.manager.patch(`${notesOf(agentContact)}/${note.id}`, { body: 'Edited by the manager' })).statusCode).toBe(200);
    expect((await as.field.patch(`${notesOf(agentContact)}/${note.id}`, { body: 'Edited by field' })).statusCode).toBe(200);
    expect((await as.admin.patch(`${notesOf(agentContact)}/${note.id}`, { body: 'Edited by the admin' })).statusCode).toBe(200);

    // The manager's own note on the agent's contact: the agent reaches the contact but not the author.
    const managers = await addNote('manager', agentContact, 'Manager note');
    const denied = await as.agent.patch(`${notesOf(agentContact)}/${managers.id}`, { body: 'Mine now' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ errors: { user: ACCESS_DENIED } });
    expect((await as.agent.delete(`${notesOf(agentContact)}/${managers.id}`)).statusCode).toBe(403);
    // field is below the manager: the manager's note is out of their hands too
    expect((await as.field.delete(`${notesOf(agentContact)}/${managers.id}`)).statusCode).toBe(403);
    expect((await as.admin.delete(`${notesOf(agentContact)}/${managers.id}`)).statusCode).toBe(204);
  });

  it('answers 404 for a note of another contact', async () => {
    const note = await addNote('agent', agentContact, 'On the first contact');
    const second = await newContact(as.agent);
    expectNotFound(await as.agent.patch(`${notesOf(second)}/${note.id}`, { body: 'x' }));
    expectNotFound(await as.agent.delete(`${notesOf(second)}/${note.id}`));
    expectNotFound(await as.agent.delete(`${notesOf(agentContact)}/999999`));
  });

  it('answers 404 on a contact outside the reach, for every notes endpoint; a manager reaches the downline', async () => {
    const note = await addNote('telemarketer', otherContact, 'Telemarketer note');
    expectNotFound(await as.agent.get(notesOf(otherContact)));
    expectNotFound(await as.agent.post(notesOf(otherContact), { body: 'x' }));
    expectNotFound(await as.agent.patch(`${notesOf(otherContact)}/${note.id}`, { body: 'x' }));
    expectNotFound(await as.agent.delete(`${notesOf(otherContact)}/${note.id}`));
    expectNotFound(await as.kAgent.get(notesOf(agentContact)));
    expectNotFound(await as.field.get(notesOf(otherContact)));

    const seen = await as.manager.get(notesOf(otherContact));
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.map((n: { id: number }) => n.id)).toContain(note.id);
    expect((await as.manager.post(notesOf(otherContact), { body: 'From the manager' })).statusCode).toBe(200);
  });
});
