import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsPermission } from '@crm/contract';
import { auditLogs } from '../../db/schema';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;
let harbor: number;
let keystone: number;
let contact: number;

const NUMBER = '+13055550142';
const monday2pmEastern = new Date('2026-06-01T18:00:00Z');
const ask = (companyId: number, number = NUMBER, at = monday2pmEastern) =>
  t.ctx.consent.check({ companyId, number, channel: 'sms', purpose: 'marketing', at, recipient: {} });

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  harbor = as.agent.companyId;
  keystone = as.kAgent.companyId;
  contact = await newContact(as.agent, { first_name: 'Opal', phones: [{ number: '305-555-0142', phone_type: 2 }] } as never);
});
afterAll(() => t.close());

describe('the gate', () => {
  it('refuses an opted-out number for the whole company, on every channel, but not for another company', async () => {
    expect(await ask(harbor)).toEqual({ allowed: true });
    await t.ctx.consent.recordOptOut({ companyId: harbor, number: '13055550142', sourceMessageId: 'SM-stop-1', keyword: 'Stop', at: new Date('2026-05-30T12:00:00Z') });
    const refused = await ask(harbor);
    expect(refused).toMatchObject({ allowed: false, reason: 'opted_out' });
    expect(refused.allowed === false && refused.message).toBe(
      '+13055550142 replied STOP on 2026-05-30 and is opted out for your whole company. It can be contacted again only after it replies START or its consent is recorded.',
    );
    expect(await t.ctx.consent.check({ companyId: harbor, number: NUMBER, channel: 'voice', purpose: 'transactional', at: monday2pmEastern, recipient: {} })).toMatchObject({ reason: 'opted_out' });
    expect(await ask(keystone)).toEqual({ allowed: true });
  });

  it('keeps every change: opt-out, then opt-in lets it through again, and a repeated webhook is recorded once', async () => {
    await t.ctx.consent.recordOptOut({ companyId: harbor, number: NUMBER, sourceMessageId: 'SM-stop-1', keyword: 'STOP', at: new Date('2026-05-30T12:00:00Z') });
    await t.ctx.consent.recordOptIn({ companyId: harbor, number: NUMBER, sourceMessageId: 'SM-start-1', keyword: 'start', at: new Date('2026-05-31T12:00:00Z') });
    expect(await ask(harbor)).toEqual({ allowed: true });
    const history = await t.ctx.consent.history(harbor, NUMBER);
    expect(history.map((c) => [c.change, c.source, c.keyword, c.sourceMessageId])).toEqual([
      ['opt_out', 'keyword', 'STOP', 'SM-stop-1'],
      ['opt_in', 'keyword', 'START', 'SM-start-1'],
    ]);
    await t.ctx.consent.recordOptOut({ companyId: harbor, number: NUMBER, sourceMessageId: 'SM-stop-2', keyword: 'quit', at: new Date('2026-06-01T12:00:00Z') });
    expect(await t.ctx.consent.isOptedOut(harbor, NUMBER)).toBe(true);
    expect(await t.ctx.consent.history(harbor, NUMBER)).toHaveLength(3);
  });

  it('applies an inbound keyword: records it once and gives the one reply to send', async () => {
    const brand = { name: 'Harbor Insurance' };
    const number = '+12125550177';
    const inbound = (body: string, messageId: string) => t.ctx.consent.applyInbound({ companyId: harbor, number, body, messageId, at: new Date(), brand });
    expect(await inbound(' Stop. ', 'SM-a1')).toEqual({ intent: 'opt_out', reply: 'Harbor Insurance: You are unsubscribed and will receive no more messages. Reply START to resubscribe.' });
    expect(await inbound(' Stop. ', 'SM-a1')).toMatchObject({ intent: 'opt_out', reply: expect.stringContaining('unsubscribed') }); // the webhook again: same row, same answer
    expect(await inbound('QUIT', 'SM-a2')).toEqual({ intent: 'opt_out', reply: null }); // already opted out: no second confirmation
    expect(await t.ctx.consent.isOptedOut(harbor, number)).toBe(true);
    expect(await inbound('help', 'SM-a3')).toEqual({ intent: 'help', reply: expect.stringContaining('Reply STOP to opt out') });
    expect(await inbound('please stop texting me', 'SM-a4')).toEqual({ intent: 'asks_to_stop', reply: null });
    expect(await inbound('unstop', 'SM-a5')).toMatchObject({ intent: 'opt_in', reply: expect.stringContaining('subscribed to messages again') });
    expect(await t.ctx.consent.isOptedOut(harbor, number)).toBe(false);
    expect((await t.ctx.consent.history(harbor, number)).map((c) => [c.change, c.keyword])).toEqual([
      ['opt_out', 'STOP'],
      ['opt_out', 'QUIT'],
      ['opt_in', 'UNSTOP'],
    ]);
  });

  it('holds a send outside the window with when it opens, and lets a confirmed conversation through', async () => {
    const hawaii = { companyId: harbor, number: '+18085550100', channel: 'sms' as const, at: new Date('2026-12-07T14:30:00Z'), recipient: { timeZone: 'hst' } };
    const held = await t.ctx.consent.check({ ...hawaii, purpose: 'marketing' });
    expect(held).toMatchObject({ allowed: false, reason: 'quiet_hours', until: new Date('2026-12-07T18:00:00Z') });
    expect(held.allowed === false && held.message).toBe(
      'It is Monday, 4:30 AM HST for this contact: texts may go 8:00 AM to 9:00 PM their time today under the federal rule. The window opens Monday, 8:00 AM HST.',
    );
    const florida = await t.ctx.consent.check({ ...hawaii, number: NUMBER.replace('0142', '0143'), purpose: 'marketing', at: new Date('2026-06-02T00:30:00Z'), recipient: { state: 'FL' } });
    // Placed by state alone, a Floridian may be in the Central panhandle: the window opens at 8 am there (9 am Eastern).
    expect(florida.allowed === false && florida.message).toBe(
      'It is Monday, 8:30 PM EDT for this contact: texts may go 8:00 AM to 8:00 PM their time today under FL law. The window opens Tuesday, 9:00 AM EDT.',
    );
    expect(await t.ctx.consent.check({ ...hawaii, purpose: 'conversation' })).toMatchObject({ reason: 'quiet_hours' });
    expect(await t.ctx.consent.check({ ...hawaii, purpose: 'conversation', confirmedOutsideWindow: true })).toEqual({ allowed: true });
    expect(await t.ctx.consent.check({ ...hawaii, purpose: 'marketing', confirmedOutsideWindow: true })).toMatchObject({ reason: 'quiet_hours' });
  });
});

describe('POST /v1/sms/update_permission', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    contact_id: contact,
    phone: '(305) 555-0142',
    permission: 'granted',
    method: 'verbal',
    consent_text: 'Yes, you may text me about my Medicare plan options.',
    ...extra,
  });

  it('records consent given by other means, lifting the opt-out for the company, and audits it', async () => {
    expect(await t.ctx.consent.isOptedOut(harbor, NUMBER)).toBe(true);
    const res = await as.agent.post('/v1/sms/update_permission', body());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(smsPermission.strict().safeParse(data).success).toBe(true);
    expect(data).toMatchObject({ contact_id: contact, phone: NUMBER, opted_out: false, permission: 'granted', method: 'verbal', recorded_by: as.agent.userId });
    expect(await ask(harbor)).toEqual({ allowed: true });
    const last = (await t.ctx.consent.history(harbor, NUMBER)).at(-1)!;
    expect(last).toMatchObject({ change: 'opt_in', source: 'user', recordedBy: as.agent.userId, method: 'verbal', contactId: contact, consentText: body().consent_text });
    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.event, 'sms_permission_updated'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: as.agent.userId, details: expect.objectContaining({ contact_id: contact, phone: NUMBER, permission: 'granted', method: 'verbal' }) });

    const revoked = await as.manager.post('/v1/sms/update_permission', body({ permission: 'revoked', method: 'email', consent_text: null }));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ opted_out: true, permission: 'revoked', recorded_by: as.manager.userId });
    expect(await ask(harbor)).toMatchObject({ reason: 'opted_out' });
  });

  it('answers 404 to an agent who does not reach the contact, and records nothing', async () => {
    const before = (await t.ctx.consent.history(harbor, NUMBER)).length;
    expectNotFound(await as.telemarketer.post('/v1/sms/update_permission', body()));
    const other = await as.kAgent.post('/v1/sms/update_permission', body());
    expectNotFound(other);
    expect(await t.ctx.consent.history(harbor, NUMBER)).toHaveLength(before);
    expect(await t.ctx.consent.history(keystone, NUMBER)).toHaveLength(0);
  });

  it('answers 422 per field', async () => {
    const res = await as.agent.post('/v1/sms/update_permission', { contact_id: contact, phone: '12', permission: 'maybe', method: 'telepathy', consent_text: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phone: 'Phone must be a US number of 10 digits',
      permission: 'Permission must be granted or revoked',
      method: 'Method must be one of verbal, written, web_form, email, in_person, other',
    });
    const noText = await as.agent.post('/v1/sms/update_permission', body({ consent_text: '  ' }));
    expect(noText.statusCode).toBe(422);
    expect(noText.json().errors).toEqual({ consent_text: 'Consent text is required: the words the contact agreed to' });
    const notTheirs = await as.agent.post('/v1/sms/update_permission', body({ phone: '2125550199' }));
    expect(notTheirs.statusCode).toBe(422);
    expect(notTheirs.json().errors).toEqual({ phone: 'This number is not one of the contact’s phones' });
    const future = await as.agent.post('/v1/sms/update_permission', body({ given_at: '2999-01-01T00:00:00Z' }));
    expect(future.json().errors).toEqual({ given_at: 'Given at cannot be in the future' });
  });
});
