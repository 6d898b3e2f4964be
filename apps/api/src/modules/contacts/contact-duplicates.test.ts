import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactDuplicate, ContactsScope } from '@crm/contract';
import { createContact, listContacts, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;
let first: Contact;
let second: Contact;
let theirs: Contact;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  first = await createContact(as.agent, {
    first_name: 'Phoebe',
    last_name: 'Dupcheckzz',
    phones: [{ number: '(718) 555-0147', phone_type: 2 }, { number: '7185550199', phone_type: 9 }],
    emails: [{ email: 'Phoebe.Dupcheck@Example.com' }],
  });
  second = await createContact(as.agent, {
    first_name: 'Other',
    last_name: 'Dupcheckzz',
    phones: [{ number: '17185550147', phone_type: 2 }],
    emails: [{ email: 'other.dupcheck@example.com' }],
  });
  // the telemarketer (not below the agent) has a contact with the same e-mail and phone
  theirs = await createContact(as.telemarketer, {
    first_name: 'Hidden',
    last_name: 'Dupcheckzz',
    phones: [{ number: '7185550147', phone_type: 2 }],
    emails: [{ email: 'phoebe.dupcheck@example.com' }],
  });
});
afterAll(() => t.close());

const check = async (who: keyof Cast, body: object) => {
  const res = await as[who].post('/v1/contacts/duplicate_check', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ContactDuplicate[];
};

describe('POST /v1/contacts/duplicate_check', () => {
  it('finds the reachable contacts with one of the phones (any form) or e-mails (any case), with what matched', async () => {
    const found = await check('agent', { phones: ['718-555-0147'], emails: [] });
    expect(found.map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect(found.find((c) => c.id === first.id)).toMatchObject({
      first_name: 'Phoebe',
      last_name: 'Dupcheckzz',
      owner: { id: as.agent.userId },
      phones: ['17185550147'],
      emails: [],
    });
    const byEmail = await check('agent', { phones: [], emails: ['PHOEBE.dupcheck@example.COM'] });
    expect(byEmail.map((c) => c.id)).toEqual([first.id]);
    expect(byEmail[0]!.emails).toEqual(['Phoebe.Dupcheck@Example.com']);
    // a second phone counts too
    expect((await check('agent', { phones: ['7185550199'] })).map((c) => c.id)).toEqual([first.id]);
    // nothing asked, nothing found; an unknown number finds nobody
    expect(await check('agent', {})).toEqual([]);
    expect(await check('agent', { phones: ['7185550100'], emails: ['nobody.dupcheck@example.com'] })).toEqual([]);
  });

  it('leaves out the contact being edited and trashed contacts', async () => {
    const editing = await check('agent', { phones: ['7185550147'], emails: ['phoebe.dupcheck@example.com'], contact_id: first.id });
    expect(editing.map((c) => c.id)).toEqual([second.id]);
    const trashed = await createContact(as.agent, { first_name: 'Trashed', last_name: 'Dupcheckzz', emails: [{ email: 'trashed.dupcheck@example.com' }] });
    expect((await check('agent', { emails: ['trashed.dupcheck@example.com'] })).map((c) => c.id)).toEqual([trashed.id]);
    expect((await as.agent.request('DELETE', '/v1/contacts/destroy_all', { body: { ids: [trashed.id] } })).statusCode).toBe(200);
    expect(await check('agent', { emails: ['trashed.dupcheck@example.com'] })).toEqual([]);
  });

  it("never shows another user's contacts outside the caller's reach; a manager sees their downline's", async () => {
    // the agent does not reach the telemarketer's contact, nor the telemarketer the agent's
    const agent = await check('agent', { phones: ['7185550147'], emails: ['phoebe.dupcheck@example.com'] });
    expect(agent.map((c) => c.id)).not.toContain(theirs.id);
    const telemarketer = await check('telemarketer', { phones: ['7185550147'], emails: ['phoebe.dupcheck@example.com'] });
    expect(telemarketer.map((c) => c.id)).toEqual([theirs.id]);
    // another company's agent finds nothing
    expect(await check('kAgent', { phones: ['7185550147'], emails: ['phoebe.dupcheck@example.com'] })).toEqual([]);
    // the manager above both reaches all three
    const manager = await check('manager', { phones: ['7185550147'] });
    expect(manager.map((c) => c.id).sort()).toEqual([first.id, second.id, theirs.id].sort());
  });

  it('refuses what is not a phone or an e-mail with 422 beside the field', async () => {
    const res = await as.agent.post('/v1/contacts/duplicate_check', { phones: ['12'], emails: ['not-an-email'] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['phones.0', 'emails.0']));
    expect((await as.agent.post('/v1/contacts/duplicate_check', { contact_id: 'x' })).statusCode).toBe(422);
  });
});

describe('duplicate scan by phone and e-mail', () => {
  const scan = async (who: keyof Cast, duplicates: ContactsScope['duplicates']) =>
    (await listContacts(as[who], { q: 'dupcheckzz', duplicates, limit: 50 })).data.map((c) => [c.id, c.duplicate_group]);

  it("groups contacts whose first phone (dialing form) or first e-mail (any case) is the same, within the caller's reach", async () => {
    // same last name: by first name inside the group (Other before Phoebe)
    expect(await scan('agent', { phone: true })).toEqual([
      [second.id, '["17185550147"]'],
      [first.id, '["17185550147"]'],
    ]);
    // the agent's e-mails differ: no group; the telemarketer's same e-mail is out of the agent's reach
    expect(await scan('agent', { email: true })).toEqual([]);
    // the manager reaches both: the e-mails group ignoring case, the phones group all three
    const managerEmail = await scan('manager', { email: true });
    expect(managerEmail.map(([id]) => id).sort()).toEqual([first.id, theirs.id].sort());
    expect(managerEmail.every(([, group]) => group === '["phoebe.dupcheck@example.com"]')).toBe(true);
    expect((await scan('manager', { phone: true })).map(([id]) => id).sort()).toEqual([first.id, second.id, theirs.id].sort());
    // phone and e-mail together: both must be the same
    expect((await scan('manager', { phone: true, email: true })).map(([id]) => id).sort()).toEqual([first.id, theirs.id].sort());
  });
});
