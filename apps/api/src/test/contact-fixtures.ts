import { expect } from 'vitest';
import type { CreateContactBody } from '@crm/contract';
import { KEYSTONE_DEMO, seedEmail } from '../db/seed';
import { TestAgent, type TestApp } from './test-app';

/**
 * Signed-in agents for tests of a contact's records: Harbor's admin, manager, field manager, agent
 * and telemarketer (the agent is below field and manager; the telemarketer is below manager
 * only), and Keystone's agent (another company).
 */
export async function signInCast(t: TestApp) {
  const sign = async (email: string, host?: string) => {
    const agent = new TestAgent(t.app, { host });
    await agent.signIn(email);
    const user = await t.ctx.usersRepository.findByEmail(email);
    return Object.assign(agent, { userId: user!.id });
  };
  const [admin, manager, field, agent, telemarketer, kAgent] = await Promise.all([
    sign(seedEmail('admin')),
    sign(seedEmail('manager')),
    sign(seedEmail('field')),
    sign(seedEmail('agent')),
    sign(seedEmail('telemarketer')),
    sign(seedEmail('agent', KEYSTONE_DEMO.domainName), 'keystone.localhost'),
  ]);
  return { admin, manager, field, agent, telemarketer, kAgent };
}

export type Cast = Awaited<ReturnType<typeof signInCast>>;

/** A new contact owned by the caller; its id. */
export async function newContact(as: TestAgent, body: Partial<CreateContactBody> = {}): Promise<number> {
  const res = await as.post('/v1/contacts', { first_name: 'Test', last_name: 'Contact', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** Asserts a 404 with the body every record of another reach answers. */
export function expectNotFound(res: { statusCode: number; body: string }): void {
  expect(res.statusCode, res.body).toBe(404);
}
