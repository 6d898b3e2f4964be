import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForSandbox } from '../../../test/stripe-sandbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SmsInvalidNumber, SmsNotCapable, SmsRecipientOptedOut, SmsRequestRefused } from '../../sms/sms.provider';
import { twilioClientFor } from '../twilio.provider';
import { EMPTY_TWIML } from '../twilio.vendor';

// The Twilio sandbox through the official SDK, configured as the adapter configures it, and its
// callbacks through the product's own /webhooks/twilio verifier.
let t: TestApp;
let client: twilio.Twilio;
let webhookUrl: string;
let bought: string;
const received: { id: string; type: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.jobs.startWorkers();
  await listenForSandbox(t);
  client = twilioClientFor(t.ctx.smsSettings, () => t.ctx.localOrigin.url());
  webhookUrl = new URL('/webhooks/twilio', t.env.PUBLIC_URL).toString();
  t.ctx.webhooks.handle('twilio', async (event) => void received.push(event));
});
afterAll(() => t.close());

const stored = (eventId: string) => t.ctx.webhooks.repository.count('twilio', eventId);
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

describe('settings', () => {
  it('sandbox mode derives an AC account SID and an auth token for this installation', () => {
    expect(t.ctx.smsSettings.mode).toBe('sandbox');
    expect(t.ctx.smsSettings.accountSid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(t.ctx.smsSettings.authToken).toMatch(/^[0-9a-f]{32}$/);
    expect(t.ctx.sms.mode).toBe('sandbox');
  });
});

describe('phone numbers', () => {
  it('searches deterministic numbers by area code and digits, buys one with its webhooks, lists it, and refuses to sell it twice', async () => {
    const local = await client.availablePhoneNumbers('US').local.list({ areaCode: 415, limit: 3 });
    expect(local.map((n) => n.phoneNumber)).toEqual(['+14155550100', '+14155550101', '+14155550102']);
    const found = await t.ctx.sms.searchNumbers({ areaCode: '212', contains: '4242' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((n) => n.phoneNumber.startsWith('+1212') && n.phoneNumber.includes('4242') && n.sms)).toBe(true);

    bought = found[0]!.phoneNumber;
    const number = await t.ctx.sms.buyNumber({ phoneNumber: bought, smsUrl: webhookUrl, statusCallback: webhookUrl });
    expect(number).toEqual({ id: expect.stringMatching(/^PN[0-9a-f]{32}$/), phoneNumber: bought, smsUrl: webhookUrl, statusCallback: webhookUrl });
    const listed = await client.incomingPhoneNumbers.list();
    expect(listed.map((n) => n.phoneNumber)).toContain(bought);
    await expect(t.ctx.sms.buyNumber({ phoneNumber: bought, smsUrl: webhookUrl, statusCallback: webhookUrl })).rejects.toMatchObject({ code: 21422, vendorStatus: 400 });
    expect((await t.ctx.sms.searchNumbers({ areaCode: '212', contains: '4242' })).map((n) => n.phoneNumber)).not.toContain(bought);
  });
});

describe('messages', () => {
  it('sends (segments counted), fetches, and posts queued, sent and delivered signed to the product, each stored once', async () => {
    const sent = await t.ctx.sms.sendMessage({ from: bought, to: '+15555550123', body: 'Hello from the agent', statusCallback: webhookUrl });
    expect(sent).toEqual({ id: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued', segments: 1 });
    const long = await t.ctx.sms.sendMessage({ from: bought, to: '+15555550124', body: 'ç'.repeat(71), statusCallback: webhookUrl });
    expect(long.segments).toBe(2);

    for (const status of ['queued', 'sent', 'delivered']) await waitFor(async () => expect(await stored(`${sent.id}:${status}`)).toBe(1));
    const fetched = await client.messages(sent.id).fetch();
    expect(fetched).toMatchObject({ sid: sent.id, to: '+15555550123', from: bought, body: 'Hello from the agent', direction: 'outbound-api', numSegments: '1' });
    await waitFor(async () => expect((await client.messages(sent.id).fetch()).status).toBe('delivered'));

    const event = received.find((e) => e.id === `${sent.id}:delivered`);
    expect(event && t.ctx.sms.readEvent(event)).toEqual({ kind: 'sms.status', messageId: sent.id, status: 'delivered', errorCode: null });

    // Twilio posting the same callback again: acknowledged, not stored twice
    const found = await t.ctx.db.execute<{ id: string }>(sql`select id from sandbox_objects where vendor = 'twilio' and object = 'callback' and data->>'message' = ${sent.id} and data->>'status' = 'delivered'`);
    const callbackId = found.rows[0]!.id;
    await t.ctx.twilioSandbox!.deliver(callbackId);
    expect(await stored(`${sent.id}:delivered`)).toBe(1);
    const deliveries = await t.ctx.twilioSandbox!.repository.deliveries(callbackId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(deliveries[0]!.response).toBe(EMPTY_TWIML);

    const calls = await t.ctx.vendorCalls.list({ vendor: 'twilio', page: 1, limit: 50 });
    expect(calls.rows.map((c) => c.operation)).toEqual(expect.arrayContaining(['messages.create', 'incoming_phone_numbers.create', 'available_phone_numbers.local.list']));
    expect(JSON.stringify(calls.rows)).not.toContain(t.ctx.smsSettings.authToken);
  });

  it("answers Twilio's magic numbers with Twilio's codes, translated to the product's classes", async () => {
    const send = (to: string) => t.ctx.sms.sendMessage({ from: bought, to, body: 'Hi', statusCallback: webhookUrl });
    await expect(send('+15005550001')).rejects.toBeInstanceOf(SmsInvalidNumber);
    await expect(send('+15005550001')).rejects.toMatchObject({ code: 21211, vendorStatus: 400 });
    await expect(send('+15005550004')).rejects.toBeInstanceOf(SmsRecipientOptedOut);
    await expect(send('+15005550009')).rejects.toBeInstanceOf(SmsNotCapable);
    await expect(send('+15005550009')).rejects.toMatchObject({ code: 21614 });
    await expect(send('+15005550003')).rejects.toMatchObject({ code: 21408 });
    await expect(t.ctx.sms.sendMessage({ from: '+15005550007', to: '+15555550123', body: 'Hi', statusCallback: webhookUrl })).rejects.toMatchObject({ code: 21606 });
    // the SDK itself sees Twilio's error envelope
    const raw = await client.messages.create({ from: bought, to: '+15005550001', body: 'Hi' }).catch((error: unknown) => error);
    expect(raw).toBeInstanceOf(twilio.RestException);
    expect(raw).toMatchObject({ status: 400, code: 21211, moreInfo: 'https://www.twilio.com/docs/errors/21211' });
    // a wrong auth token: Twilio's 401
    const wrong = twilioClientFor({ accountSid: t.ctx.smsSettings.accountSid, authToken: 'not-the-token' }, () => t.ctx.localOrigin.url());
    await expect(wrong.messages.create({ from: bought, to: '+15555550123', body: 'Hi' })).rejects.toMatchObject({ status: 401, code: 20003 });
  });

  it('sends through a Messaging Service (accepted, its SID on each callback), and answers an unknown path with Twilio\'s 404', async () => {
    const service = `MG${'0'.repeat(31)}1`;
    const sent = await t.ctx.sms.sendMessage({ from: service, to: '+15555550125', body: 'From the pool', statusCallback: webhookUrl });
    expect(sent.status).toBe('accepted');
    await waitFor(async () => expect(await stored(`${sent.id}:delivered`)).toBe(1));
    expect(received.find((e) => e.id === `${sent.id}:delivered`)!.payload).toMatchObject({ MessagingServiceSid: service, AccountSid: t.ctx.smsSettings.accountSid });
    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/twilio/2010-04-01/Accounts/AC1/Calls.json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 20404, message: 'The requested resource /2010-04-01/Accounts/AC1/Calls.json was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 });
  });

  it('a number that fails after acceptance gets an undelivered callback with the carrier error', async () => {
    const sent = await t.ctx.sms.sendMessage({ from: bought, to: '+15005550010', body: 'Hi', statusCallback: webhookUrl });
    await waitFor(async () => expect(await stored(`${sent.id}:undelivered`)).toBe(1));
    const event = received.find((e) => e.id === `${sent.id}:undelivered`)!;
    expect(t.ctx.sms.readEvent(event)).toEqual({ kind: 'sms.status', messageId: sent.id, status: 'undelivered', errorCode: 30003 });
    expect(await stored(`${sent.id}:delivered`)).toBe(0);
    const failed = await t.ctx.db.execute(sql`select status, error, response from sandbox_deliveries where vendor = 'twilio' and (status is null or status <> 200)`);
    expect(failed.rows).toEqual([]);
  });
});

describe('lookup', () => {
  it('answers the line type deterministically from the number', async () => {
    expect(await t.ctx.sms.lookupLineType('+15555550121')).toBe('mobile');
    expect(await t.ctx.sms.lookupLineType('+15555550126')).toBe('landline');
    expect(await t.ctx.sms.lookupLineType('+15555550128')).toBe('voip');
    expect(await t.ctx.sms.lookupLineType('+15005550009')).toBe('landline');
    expect(await t.ctx.sms.lookupLineType('12')).toBe('unknown');
    const raw = await client.lookups.v2.phoneNumbers('+15555550121').fetch({ fields: 'line_type_intelligence' });
    expect(raw.valid).toBe(true);
    expect(raw.lineTypeIntelligence).toMatchObject({ type: 'mobile', carrierName: 'Sandbox Carrier' });
  });
});

describe('the product verifier', () => {
  const fields = () => ({ AccountSid: t.ctx.smsSettings.accountSid, MessageSid: 'SM00000000000000000000000000000001', MessageStatus: 'delivered', To: '+15555550100' });
  const post = (form: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/twilio',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature && { 'x-twilio-signature': signature }) },
      payload: new URLSearchParams(form).toString(),
    });

  it('accepts a callback signed with the account token over the public URL, answering TwiML', async () => {
    const form = fields();
    const res = await post(form, twilio.getExpectedTwilioSignature(t.ctx.smsSettings.authToken, webhookUrl, form));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(EMPTY_TWIML);
  });

  it('refuses 403 a forged, unsigned, or other-account callback, storing nothing', async () => {
    const form = { ...fields(), MessageSid: 'SM00000000000000000000000000000002' };
    expect((await post(form, twilio.getExpectedTwilioSignature('a-guessed-token', webhookUrl, form))).statusCode).toBe(403);
    expect((await post(form)).statusCode).toBe(403);
    const other = { ...form, AccountSid: `AC${'1'.repeat(32)}` };
    expect((await post(other, twilio.getExpectedTwilioSignature(t.ctx.smsSettings.authToken, webhookUrl, other))).statusCode).toBe(403);
    // signed over another URL than the configured public one
    expect((await post(form, twilio.getExpectedTwilioSignature(t.ctx.smsSettings.authToken, 'https://evil.example/webhooks/twilio', form))).statusCode).toBe(403);
    expect(await stored('SM00000000000000000000000000000002:delivered')).toBe(0);
  });
});

describe('the sandbox phone', () => {
  it("shows the texts a number received; a STOP reply arrives as a verified sms.received with OptOutType, and Twilio then refuses 21610 until START", async () => {
    const phone = '+15555550131';
    await t.ctx.sms.sendMessage({ from: bought, to: phone, body: 'Your renewal is due', statusCallback: webhookUrl });
    const texts = await t.app.inject({ method: 'GET', url: `/sandbox/phone/messages?to=${encodeURIComponent(phone)}` });
    expect(texts.statusCode).toBe(200);
    expect(texts.json().data).toEqual([expect.objectContaining({ from: bought, to: phone, body: 'Your renewal is due', direction: 'outbound-api' })]);

    const stop = await t.app.inject({ method: 'POST', url: '/sandbox/phone/messages', payload: { from: phone, to: bought, body: ' Stop ' } });
    expect(stop.statusCode, stop.body).toBe(201);
    const sid = stop.json().sid as string;
    await waitFor(async () => expect(await stored(sid)).toBe(1));
    const event = received.find((e) => e.id === sid)!;
    expect(t.ctx.sms.readEvent(event)).toEqual({
      kind: 'sms.received',
      messageId: sid,
      from: phone,
      to: bought,
      body: ' Stop ',
      media: [],
      accountId: t.ctx.smsSettings.accountSid,
      messagingServiceId: null,
      optOutType: 'STOP',
    });
    await expect(t.ctx.sms.sendMessage({ from: bought, to: phone, body: 'Still there?', statusCallback: webhookUrl })).rejects.toMatchObject({ code: 21610 });

    const start = await t.app.inject({ method: 'POST', url: '/sandbox/phone/messages', payload: { from: phone, to: bought, body: 'start', mediaUrl: 'https://example.com/card.png' } });
    expect(start.statusCode).toBe(201);
    await waitFor(async () => expect(await stored(start.json().sid)).toBe(1));
    expect(t.ctx.sms.readEvent(received.find((e) => e.id === start.json().sid)!)).toMatchObject({ optOutType: 'START', media: [{ url: 'https://example.com/card.png', contentType: 'image/png' }] });
    await expect(t.ctx.sms.sendMessage({ from: bought, to: phone, body: 'Welcome back', statusCallback: webhookUrl })).resolves.toMatchObject({ status: 'queued' });
  });

  it('refuses a reply to a number the account does not own, or with a malformed number', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/phone/messages', payload: { from: '+15555550131', to: '+15555550999', body: 'Hi' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/phone/messages', payload: { from: 'me', to: bought, body: 'Hi' } })).statusCode).toBe(400);
  });

  it('serves a page of its own CSP with the texts and a labelled reply form; the form posts and comes back', async () => {
    const phone = '+15555550131';
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/phone?number=${encodeURIComponent(phone)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.body).toContain('Your renewal is due');
    expect(res.body).toContain('<label for="body">Message</label>');
    // WCAG 2 A/AA by axe on the page as served (jsdom: no layout, so contrast is left to the e2e checks)
    const require = createRequire(import.meta.url);
    type Window = { eval: (code: string) => void; document: unknown; axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string }[]; passes: unknown[] }> } };
    const { JSDOM } = require('jsdom') as { JSDOM: new (html: string, options: object) => { window: Window } };
    const dom = new JSDOM(res.body, { runScripts: 'outside-only', url: 'http://localhost/sandbox/phone' });
    dom.window.eval(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const audit = await dom.window.axe.run(dom.window.document, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => v.id)).toEqual([]);
    expect(audit.passes.length).toBeGreaterThan(5);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/sandbox/phone',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: phone, to: bought, body: 'Help' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/sandbox/phone?number=${encodeURIComponent(phone)}&sent=1`);
  });
});

describe('errors in the sdk', () => {
  it('an unknown Twilio refusal keeps its code', () => {
    expect(new SmsRequestRefused('x', 30001, 400)).toMatchObject({ code: 30001 });
  });
});
