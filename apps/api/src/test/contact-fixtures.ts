import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Contact, ContactsScope, CreateContactBody } from '@crm/contract';
import { contacts } from '../db/schema';
import { KEYSTONE_DEMO, seedEmail } from '../db/seed';
import { TestAgent, type TestApp } from './test-app';

/** A signed-in client for a seeded user, knowing the user's id and company. */
export type SignedIn = TestAgent & { userId: number; companyId: number };

/** Signs in a seeded user (on a brand's host, such as keystone.localhost, when given). */
export async function signIn(t: TestApp, email: string, host?: string): Promise<SignedIn> {
  const agent = new TestAgent(t.app, { host });
  await agent.signIn(email);
  const user = await t.ctx.usersRepository.findByEmail(email);
  return Object.assign(agent, { userId: user!.id, companyId: user!.companyId });
}

/**
 * The callers of an administrator's endpoint in its who-may tests: Harbor's System Admin, Admin
 * (sub_admin), manager and agent, and Keystone's System Admin (another company).
 */
export async function signInAdminCallers(t: TestApp) {
  const [admin, subadmin, manager, agent, kAdmin] = await Promise.all([
    signIn(t, seedEmail('admin')),
    signIn(t, seedEmail('subadmin')),
    signIn(t, seedEmail('manager')),
    signIn(t, seedEmail('agent')),
    signIn(t, seedEmail('admin', KEYSTONE_DEMO.domainName), 'keystone.localhost'),
  ]);
  return { admin, subadmin, manager, agent, kAdmin };
}

/**
 * Signed-in agents for tests of a contact's records: Harbor's admin, manager, field manager, agent
 * and telemarketer (the agent is below field and manager; the telemarketer is below manager
 * only), and Keystone's agent (another company).
 */
export async function signInCast(t: TestApp) {
  const [admin, manager, field, agent, telemarketer, kAgent] = await Promise.all([
    signIn(t, seedEmail('admin')),
    signIn(t, seedEmail('manager')),
    signIn(t, seedEmail('field')),
    signIn(t, seedEmail('agent')),
    signIn(t, seedEmail('telemarketer')),
    signIn(t, seedEmail('agent', KEYSTONE_DEMO.domainName), 'keystone.localhost'),
  ]);
  return { admin, manager, field, agent, telemarketer, kAgent };
}

export type Cast = Awaited<ReturnType<typeof signInCast>>;

/** A new contact owned by the caller, as the API answers it. */
export async function createContact(as: TestAgent, body: CreateContactBody): Promise<Contact> {
  const res = await as.post('/v1/contacts', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A new contact owned by the caller; its id. */
export async function newContact(as: TestAgent, body: Partial<CreateContactBody> = {}): Promise<number> {
  return (await createContact(as, { first_name: 'Test', last_name: 'Contact', ...body })).id;
}

/** A contact as the caller sees it (without clearing its "new" tag). */
export async function showContact(as: TestAgent, id: number): Promise<Contact> {
  const res = await as.get(`/v1/contacts/${id}?not_remove_new_tag=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The contacts list's answer. */
export type ContactsListBody = {
  data: Contact[];
  meta: {
    current_page: number;
    limit: number;
    total_count: number;
    total_pages: number;
    total_count_capped: boolean;
    next_cursor: string | null;
  };
};

/** The contacts list as the caller sees it, for a scope. */
export async function listContacts(
  as: TestAgent,
  scope: ContactsScope = {},
): Promise<ContactsListBody> {
  const res = await as.patch('/v1/contacts', { contacts_scope: scope });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A contact of the given owner, taken from the database (the seed gives every agent-level user some). */
export async function firstContactOf(t: TestApp, ownerId: number): Promise<number> {
  const [row] = await t.ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.ownerId, ownerId))
    .limit(1);
  return row!.id;
}

/** Asserts a 404 with the body every record of another reach answers. */
export function expectNotFound(res: { statusCode: number; body: string }): void {
  expect(res.statusCode, res.body).toBe(404);
}
