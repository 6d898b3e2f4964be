import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '@crm/brand-config';
import { KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';
import { createHelpsRepository } from './helps.repository';
import { createHelpsService } from './helps.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keystoneEmail = (key: string) => seedEmail(key, KEYSTONE_DEMO.domainName);

/** The newest outbox message to an address. */
async function lastMailTo(to: string) {
  const [mail] = await t.ctx.outbox.latest(to, 1);
  return mail;
}

describe('POST /v1/helps', () => {
  it("stores the request and e-mails the brand's support address, replying to the user", async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const res = await agent.post('/v1/helps', {
      subject: '  Cannot find my leads ',
      message: 'Where did the import go?\nIt was there yesterday.',
      page: '/contacts?tab=imports',
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ id: expect.any(Number), created_at: expect.any(String) });

    const stored = await t.ctx.db.query.helpRequests.findFirst({ where: (h, { eq }) => eq(h.id, data.id) });
    expect(stored).toMatchObject({ brand: 'harbor', subject: 'Cannot find my leads', page: '/contacts?tab=imports' });

    expect(BRANDS.harbor.supportEmail).toBe('support@harboragent.com');
    const mail = await lastMailTo('support@harboragent.com');
    expect(mail).toMatchObject({ replyTo: seedEmail('agent'), subject: 'Help request: Cannot find my leads' });
    for (const part of [
      'Name: Jamie Carter',
      `E-mail: ${seedEmail('agent')}`,
      'Company: Harbor Demo Agency (harbor-demo)',
      'Page: /contacts?tab=imports',
      `Request: #${data.id}`,
      'Subject: Cannot find my leads',
      'Where did the import go?\nIt was there yesterday.',
    ]) {
      expect(mail?.text).toContain(part);
    }

    const outbox = (await agent.get('/sandbox/outbox?to=support@harboragent.com')).json();
    expect(outbox.data[0]).toMatchObject({ to: 'support@harboragent.com', reply_to: seedEmail('agent') });
  });

  it("sends a Keystone user's request to Keystone's support address; the page is optional", async () => {
    const agent = new TestAgent(t.app, { host: 'keystone.localhost:3000' });
    await agent.signIn(keystoneEmail('agent'));
    const res = await agent.post('/v1/helps', { subject: 'Dialer', message: 'No dial tone.' });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo('help@keystonecentral.com');
    expect(mail).toMatchObject({ replyTo: keystoneEmail('agent'), subject: 'Help request: Dialer' });
    expect(mail?.text).toContain('Company: Keystone Demo Brokerage (keystone-demo)');
    expect(mail?.text).toContain('Page: not given');
    const stored = await t.ctx.db.query.helpRequests.findFirst({ where: (h, { eq }) => eq(h.id, res.json().data.id) });
    expect(stored).toMatchObject({ brand: 'keystone', page: null });
  });

  it('validates with per-field messages and sends nothing', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('manager');
    const before = (await t.ctx.outbox.latest('support@harboragent.com')).length;
    const cases: [unknown, Record<string, string>][] = [
      [{}, { subject: 'Subject is required', message: 'Message is required' }],
      [{ subject: '   ', message: 'Hi' }, { subject: 'Subject is required' }],
      [{ subject: 'x'.repeat(151), message: 'Hi' }, { subject: 'Subject must be at most 150 characters' }],
      [{ subject: 'Hi', message: 'x'.repeat(5001) }, { message: 'Message must be at most 5000 characters' }],
      [{ subject: 'Hi', message: 'Hi', page: '/'.repeat(301) }, { page: 'Page must be at most 300 characters' }],
      [{ subject: 'Hi', message: 'Hi', page: 42 }, { page: 'Page must be text' }],
    ];
    for (const [body, errors] of cases) {
      const res = await agent.post('/v1/helps', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ errors });
    }
    expect(await t.ctx.outbox.latest('support@harboragent.com')).toHaveLength(before);
  });

  it('answers 401 without a session and 403 without the CSRF header', async () => {
    const visitor = new TestAgent(t.app);
    const res = await visitor.post('/v1/helps', { subject: 'Hi', message: 'Hi' });
    expect(res.statusCode).toBe(401);
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    expect((await agent.post('/v1/helps', { subject: 'Hi', message: 'Hi' }, { csrf: false })).statusCode).toBe(403);
  });

  it('a user held by a forced password change can still ask for help', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('new.agent');
    expect((await agent.get('/v1/users/me')).json()['change_password?']).toBe(true);
    expect((await agent.get('/v1/api_keys')).statusCode).toBe(403);
    const res = await agent.post('/v1/helps', { subject: 'Locked out', message: 'I do not know my old password.' });
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo('support@harboragent.com'))?.replyTo).toBe(seedEmail('new.agent'));
  });
});

describe('help requests service', () => {
  async function identityOf(email: string) {
    const user = await t.ctx.usersRepository.findByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    return { user, brand: await t.ctx.usersRepository.companyBrand(user.companyId) };
  }

  it('limits how many requests a user sends per hour (429 with Retry-After)', async () => {
    const helps = createHelpsService({ helps: createHelpsRepository(t.ctx.db), email: t.ctx.email, perHour: 2 });
    const who = await identityOf(seedEmail('district'));
    await helps.create(who, { subject: 'One', message: 'Hi' });
    await helps.create(who, { subject: 'Two', message: 'Hi' });
    await expect(helps.create(who, { subject: 'Three', message: 'Hi' })).rejects.toMatchObject({
      status: 429,
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    // another user is not affected
    await helps.create(await identityOf(seedEmail('field')), { subject: 'Mine', message: 'Hi' });
  });

  it('takes the request back when the e-mail cannot be sent', async () => {
    const failing = { kind: 'smtp' as const, send: () => Promise.reject(new Error('SMTP is down')) };
    const helps = createHelpsService({ helps: createHelpsRepository(t.ctx.db), email: failing, perHour: 10 });
    const who = await identityOf(seedEmail('telemarketer'));
    await expect(helps.create(who, { subject: 'Lost', message: 'Hi' })).rejects.toThrow('SMTP is down');
    const rows = await t.ctx.db.query.helpRequests.findMany({ where: (h, { eq }) => eq(h.userId, who.user.id) });
    expect(rows).toEqual([]);
  });

  it('keeps a subject with line breaks on one header line', async () => {
    const helps = createHelpsService({ helps: createHelpsRepository(t.ctx.db), email: t.ctx.email, perHour: 10 });
    await helps.create(await identityOf(seedEmail('buadmin')), { subject: 'Hi\r\nBcc: x@evil.example', message: 'Hi' });
    expect((await lastMailTo('support@harboragent.com'))?.subject).toBe('Help request: Hi Bcc: x@evil.example');
  });
});
