import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedEmail } from '../../db/seed';
import { createKey, createTestApp, TestAgent, withKey, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'quiet otter maps river';
let made = 0;

/** A fresh paid agent of the Harbor demo company, signed in, with an API key (crm_…) and an API token (crmu_…) that work. */
async function agentWithCredentials(): Promise<{ agent: TestAgent; id: number; email: string; key: string; token: string }> {
  made += 1;
  const template = (await t.ctx.usersRepository.findByEmail(seedEmail('agent')))!;
  const email = `credentials.${made}.${Date.now()}@harbor-demo.example`;
  const row = await t.ctx.usersRepository.insert(
    {
      companyId: template.companyId,
      uplineId: template.uplineId,
      email,
      username: `credentials${made}x${Date.now()}`,
      passwordHash: template.passwordHash,
      accountType: 'agent',
      firstName: 'Casey',
      lastName: `Keyholder ${made}`,
      tosAcceptedVersion: 1,
      tosAcceptedAt: new Date(),
      paidUser: true,
    },
    ['agent'],
  );
  const agent = new TestAgent(t.app);
  await agent.signIn(email);
  const { key } = await createKey(agent);
  const refreshed = await agent.patch('/v1/users/refresh_api_token', {});
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  const token = refreshed.json().api_token as string;
  for (const credential of [key, token]) expect((await withKey(t.app, credential, 'GET', '/v1/contacts/workers_status')).statusCode).toBe(200);
  return { agent, id: row.id, email, key, token };
}

/** The text of the newest account notice of a kind queued for a user. */
async function noticeText(kind: string, userId: number): Promise<string> {
  const result = await t.ctx.db.execute(
    sql`select data->>'text' as text from pgboss.job where name = 'account-notice' and data->>'kind' = ${kind} and (data->>'user_id')::int = ${userId} order by created_on desc limit 1`,
  );
  return (result.rows[0] as { text: string } | undefined)?.text ?? '';
}

const REVOKED = 'Your API key and your API token were revoked: programs that used them need a new one (Profile → Security).';

describe('a password reset ends every credential', () => {
  it('after reset_password_by_token the crm_ key and the crmu_ token answer 401; the notice says they were revoked', async () => {
    const { id, email, key, token } = await agentWithCredentials();
    await new TestAgent(t.app).post('/v1/users/reset_password_instructions', { email });
    const [mail] = await t.ctx.outbox.latest(email, 1);
    const resetToken = mail!.text.match(/reset_password_token=([\w-]+)/)![1]!;
    const reset = await new TestAgent(t.app).post('/v1/users/reset_password_by_token', { reset_password_token: resetToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);

    for (const credential of [key, token]) {
      const res = await withKey(t.app, credential, 'PATCH', '/v1/contacts/1', { first_name: 'Taken' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: { base: 'Invalid API key' } });
    }
    expect((await t.ctx.apiKeysRepository.listForUser(id)).length).toBe(0);
    const user = (await t.ctx.usersRepository.findById(id))!;
    expect({ digest: user.apiTokenDigest, prefix: user.apiTokenPrefix }).toEqual({ digest: null, prefix: null });
    expect(await noticeText('password_reset', id)).toContain(`Every session was signed out. ${REVOKED}`);
    const audit = (await t.ctx.audit.list({ userId: id })).find((e) => e.event === 'password_reset');
    expect(audit?.details).toEqual({ api_keys_revoked: 1, api_token_revoked: true });
  });
});

describe('a password change ends the API keys and token unless the user keeps them', () => {
  it('by default (keep_api_keys left out): the key and the token answer 401, this session goes on, the notice says so', async () => {
    const { agent, id, key, token } = await agentWithCredentials();
    const changed = await agent.patch(`/v1/users/${id}/update_password`, { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const credential of [key, token]) expect((await withKey(t.app, credential, 'GET', '/v1/contacts/workers_status')).statusCode).toBe(401);
    expect((await agent.get('/v1/users/me')).statusCode).toBe(200);
    expect((await t.ctx.usersRepository.findById(id))?.apiTokenDigest).toBeNull();
    expect(await noticeText('password_changed', id)).toContain(`Your other sessions were signed out. ${REVOKED}`);
  });

  it('keep_api_keys: false revokes them too', async () => {
    const { agent, id, key, token } = await agentWithCredentials();
    const changed = await agent.patch(`/v1/users/${id}/update_password`, { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, keep_api_keys: false });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const credential of [key, token]) expect((await withKey(t.app, credential, 'GET', '/v1/contacts/workers_status')).statusCode).toBe(401);
  });

  it('keep_api_keys: true keeps the key and the token working, and the notice says they were kept', async () => {
    const { agent, id, key, token } = await agentWithCredentials();
    const changed = await agent.patch(`/v1/users/${id}/update_password`, { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, keep_api_keys: true });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const credential of [key, token]) expect((await withKey(t.app, credential, 'GET', '/v1/contacts/workers_status')).statusCode).toBe(200);
    expect(await noticeText('password_changed', id)).toContain(
      'Your other sessions were signed out. Your API keys and API token were kept working, as chosen when the password was changed.',
    );
    const audit = (await t.ctx.audit.list({ userId: id })).find((e) => e.event === 'password_changed');
    expect(audit?.details).toEqual({ api_keys_kept: true });
  });

  it('keep_api_keys must be a boolean: 422 on the field', async () => {
    const { agent, id } = await agentWithCredentials();
    const res = await agent.patch(`/v1/users/${id}/update_password`, { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, keep_api_keys: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['keep_api_keys']);
  });
});
