import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BRAND_TRIGGERS_SYSTEM_ADMIN_ONLY, campaignTrigger, DUPLICATE_CAMPAIGN_TRIGGER } from '@crm/contract';
import { EVERGREEN_DEMO, KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const agents = new Map<string, TestAgent>();
async function as(key: string, host?: string): Promise<TestAgent> {
  const known = agents.get(`${key}@${host ?? ''}`);
  if (known) return known;
  const agent = new TestAgent(t.app, { host });
  await agent.signIn(key);
  agents.set(`${key}@${host ?? ''}`, agent);
  return agent;
}
const keystoneAdmin = () => as(seedEmail('admin', KEYSTONE_DEMO.domainName), 'keystone.localhost');

let made = 0;
/** A text trigger's body with a name of its own. */
const textTrigger = (overrides: Record<string, unknown> = {}) => ({
  name: `Welcome ${(made += 1)}`,
  channel: 'sms',
  trigger_type: 'new_lead',
  recurrence: 'once',
  message: 'Hi {first_name}, thanks for reaching out. Reply STOP to opt out.',
  ...overrides,
});

describe('/v1/admin/campaign_triggers', () => {
  it("an administrator keeps their company's triggers: created, listed by name with filters, shown, changed and deleted, each change audited", async () => {
    const admin = await as('subadmin');
    const created = await admin.post('/v1/admin/campaign_triggers', textTrigger({ name: 'Birthday wishes', trigger_type: 'birthday', recurrence: 'yearly' }));
    expect(created.statusCode, created.body).toBe(200);
    const trigger = created.json().data;
    expect(campaignTrigger.safeParse(trigger).success).toBe(true);
    expect(trigger).toMatchObject({ name: 'Birthday wishes', channel: 'sms', trigger_type: 'birthday', recurrence: 'yearly', scope: 'company', email_subject: null, active: true });

    const email = await admin.post('/v1/admin/campaign_triggers', {
      name: 'Policy anniversary note',
      channel: 'email',
      trigger_type: 'policy_anniversary',
      recurrence: 'yearly',
      email_subject: 'Happy policy anniversary',
      message: 'A year ago today your policy began.',
    });
    expect(email.statusCode, email.body).toBe(200);

    const yearly = (await admin.get('/v1/admin/campaign_triggers?recurrence=yearly&channel=sms')).json();
    expect(yearly.data.map((x: { name: string }) => x.name)).toContain('Birthday wishes');
    expect(yearly.data.every((x: { recurrence: string; channel: string }) => x.recurrence === 'yearly' && x.channel === 'sms')).toBe(true);
    const byType = (await admin.get('/v1/admin/campaign_triggers?trigger_type=policy_anniversary')).json();
    expect(byType.data.map((x: { name: string }) => x.name)).toEqual(['Policy anniversary note']);
    expect(byType.meta).toEqual({ current_page: 1, limit: 25, total_count: 1, total_pages: 1 });

    expect((await admin.get(`/v1/admin/campaign_triggers/${trigger.id}`)).json().data).toEqual(trigger);
    const changed = await admin.patch(`/v1/admin/campaign_triggers/${trigger.id}`, { message: 'Happy birthday, {first_name}!', active: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ id: trigger.id, message: 'Happy birthday, {first_name}!', active: false, trigger_type: 'birthday' });

    expect((await admin.delete(`/v1/admin/campaign_triggers/${trigger.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/v1/admin/campaign_triggers/${trigger.id}`)).statusCode).toBe(404);
    const audited = await t.ctx.db.execute<{ action: string }>(
      sql`select details->>'action' as action from audit_logs where event = 'campaign_trigger_changed' and (details->>'trigger_id')::int = ${trigger.id} order by id`,
    );
    expect(audited.rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('checks the fields together, each refusal beside its field (422): the recurrence a type allows, a subject for an e-mail only, the length a text takes, unique names', async () => {
    const admin = await as('subadmin');
    const wrong = await admin.post('/v1/admin/campaign_triggers', textTrigger({ trigger_type: 'birthday', recurrence: 'monthly' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ recurrence: 'A birthday trigger recurs yearly' });
    const noSubject = await admin.post('/v1/admin/campaign_triggers', textTrigger({ channel: 'email' }));
    expect(noSubject.json().errors).toEqual({ email_subject: 'Subject is required for an e-mail' });
    const textSubject = await admin.post('/v1/admin/campaign_triggers', textTrigger({ email_subject: 'Hello' }));
    expect(textSubject.json().errors).toEqual({ email_subject: 'A text has no subject' });
    const long = await admin.post('/v1/admin/campaign_triggers', textTrigger({ message: 'x'.repeat(1601) }));
    expect(long.json().errors).toEqual({ message: 'Message must be at most 1,600 characters for a text' });
    const blank = await admin.post('/v1/admin/campaign_triggers', { channel: 'fax', trigger_type: 'x', recurrence: 'daily', message: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['channel', 'message', 'name', 'recurrence', 'trigger_type']);

    const first = await admin.post('/v1/admin/campaign_triggers', textTrigger({ name: 'Renewal reminder', trigger_type: 'renewal', recurrence: 'monthly' }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await admin.post('/v1/admin/campaign_triggers', textTrigger({ name: 'renewal REMINDER', trigger_type: 'renewal', recurrence: 'yearly' }));
    expect(again.json().errors).toEqual({ name: DUPLICATE_CAMPAIGN_TRIGGER });
    // a change is checked as the trigger it makes: monthly is no recurrence of a birthday
    const patched = await admin.patch(`/v1/admin/campaign_triggers/${first.json().data.id}`, { trigger_type: 'birthday' });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors).toEqual({ recurrence: 'A birthday trigger recurs yearly' });
  });

  it("a brand-wide trigger is a System Admin's to keep, and every company of the brand sees it; another brand's company sees neither it nor the company's", async () => {
    const subadmin = await as('subadmin');
    const refused = await subadmin.post('/v1/admin/campaign_triggers', textTrigger({ scope: 'brand' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.scope).toBe(BRAND_TRIGGERS_SYSTEM_ADMIN_ONLY);

    const system = await as('admin');
    const brandWide = (await system.post('/v1/admin/campaign_triggers', textTrigger({ name: 'Harbor turning 65', trigger_type: 'turning_65', scope: 'brand' }))).json().data;
    expect(brandWide.scope).toBe('brand');
    const company = (await subadmin.post('/v1/admin/campaign_triggers', textTrigger({ name: 'Harbor office hello' }))).json().data;

    // the sub admin sees the brand's trigger but may not change or delete it
    expect((await subadmin.get(`/v1/admin/campaign_triggers/${brandWide.id}`)).statusCode).toBe(200);
    expect((await subadmin.patch(`/v1/admin/campaign_triggers/${brandWide.id}`, { message: 'changed' })).statusCode).toBe(403);
    expect((await subadmin.delete(`/v1/admin/campaign_triggers/${brandWide.id}`)).statusCode).toBe(403);
    expect((await subadmin.patch(`/v1/admin/campaign_triggers/${company.id}`, { scope: 'brand' })).statusCode).toBe(403);

    // another brand's administrator: neither exists for them
    const keystone = await keystoneAdmin();
    for (const id of [brandWide.id, company.id]) {
      expect((await keystone.get(`/v1/admin/campaign_triggers/${id}`)).statusCode).toBe(404);
      expect((await keystone.patch(`/v1/admin/campaign_triggers/${id}`, { message: 'mine now' })).statusCode).toBe(404);
      expect((await keystone.delete(`/v1/admin/campaign_triggers/${id}`)).statusCode).toBe(404);
    }
    const listed = (await keystone.get('/v1/admin/campaign_triggers?limit=100')).json().data.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(brandWide.id);
    expect(listed).not.toContain(company.id);
  });

  it('is for administrators only: an agent and a manager are refused (403)', async () => {
    for (const key of ['agent', 'manager']) {
      const user = await as(key);
      expect((await user.get('/v1/admin/campaign_triggers')).statusCode).toBe(403);
      expect((await user.post('/v1/admin/campaign_triggers', textTrigger())).statusCode).toBe(403);
    }
  });
});

describe('the triggers agents are offered', () => {
  it("an agent gets the active ones of their company and brand, per channel, by name; not inactive ones, not another company's", async () => {
    const admin = await as('subadmin');
    const active = (await admin.post('/v1/admin/campaign_triggers', textTrigger({ name: 'Agent offer active' }))).json().data;
    const inactive = (await admin.post('/v1/admin/campaign_triggers', textTrigger({ name: 'Agent offer inactive', active: false }))).json().data;
    const email = (
      await admin.post('/v1/admin/campaign_triggers', { name: 'Agent offer email', channel: 'email', trigger_type: 'manual', recurrence: 'once', email_subject: 'Hello', message: 'Hello there' })
    ).json().data;
    const keystoneOwn = (await (await keystoneAdmin()).post('/v1/admin/campaign_triggers', textTrigger({ name: 'Keystone only' }))).json().data;

    const agent = await as('agent');
    const texts = await agent.get('/v1/contacts/sms_campaign_triggers');
    expect(texts.statusCode, texts.body).toBe(200);
    const ids = texts.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(email.id);
    expect(ids).not.toContain(keystoneOwn.id);
    expect(texts.json().data.find((x: { id: number }) => x.id === active.id)).toEqual({
      id: active.id,
      name: 'Agent offer active',
      trigger_type: 'new_lead',
      recurrence: 'once',
      email_subject: null,
      message: active.message,
    });
    const names = texts.json().data.map((x: { name: string }) => x.name.toLowerCase());
    expect(names).toEqual(names.toSorted());
    const emails = (await agent.get('/v1/contacts/email_campaign_triggers')).json().data.map((x: { id: number }) => x.id);
    expect(emails).toContain(email.id);
    expect(emails).not.toContain(active.id);
  });

  it('text triggers follow the sms flag: a user without it (Evergreen basic) is refused', async () => {
    const basic = await as(seedEmail('basic', EVERGREEN_DEMO.domainName), 'evergreen.localhost');
    expect((await basic.get('/v1/contacts/sms_campaign_triggers')).statusCode).toBe(403);
    expect((await basic.get('/v1/contacts/email_campaign_triggers')).statusCode).toBe(200);
  });
});
