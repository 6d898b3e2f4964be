import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { safeEqual } from '../lib/crypto';
import { createTestApp, type TestApp } from '../test/test-app';
import { WebhookEventMalformed, WebhookSignatureInvalid } from './webhook-contract';

// The webhook contract must fit the vendors after Stripe before their work begins: a Twilio-shaped
// verifier (the public URL and the sorted form fields, HMAC-SHA1, no event id, TwiML answered at
// once) and a Graph-shaped one (several events in one post, a validation request echoed), both
// registered here only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const TWILIO_TOKEN = 'twilio-auth-token-of-the-test';
const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
/** Twilio's signature: HMAC-SHA1 of the URL followed by each form field's name and value, sorted by name. */
const twilioSignature = (url: string, form: Record<string, string>) =>
  createHmac('sha1', TWILIO_TOKEN)
    .update(url + Object.keys(form).sort().map((k) => k + form[k]).join(''))
    .digest('base64');

const GRAPH_CLIENT_STATE: Record<string, string> = { 'sub-1': 'client-state-of-sub-1' };
type GraphNotification = { subscriptionId: string; clientState: string; changeType: string; resource: string; resourceData?: { '@odata.etag'?: string } };

const received: { vendor: string; id: string }[] = [];

beforeAll(() => {
  t.ctx.webhooks.verifier('twilio-shaped', ({ url, form, headers }) => {
    const given = headers['x-twilio-signature'];
    if (!form || typeof given !== 'string' || !safeEqual(given, twilioSignature(url, form))) throw new WebhookSignatureInvalid('X-Twilio-Signature does not match');
    if (!form.MessageSid || !form.MessageStatus) throw new WebhookEventMalformed('No MessageSid or MessageStatus');
    // no event id of Twilio's own: the message and its status name the event
    return { events: [{ id: `${form.MessageSid}:${form.MessageStatus}`, type: `message.${form.MessageStatus}`, created: 0, payload: form }], reply: { contentType: 'text/xml', body: TWIML } };
  });
  t.ctx.webhooks.verifier('graph-shaped', ({ query, rawBody }) => {
    if (query.validationToken !== undefined) return { events: [], reply: { contentType: 'text/plain', body: query.validationToken } };
    const body = JSON.parse(rawBody.toString('utf8')) as { value?: GraphNotification[] };
    if (!Array.isArray(body.value)) throw new WebhookEventMalformed('No value');
    // each subscription has its own secret: a notification is checked by its own subscription's
    for (const n of body.value) if (!GRAPH_CLIENT_STATE[n.subscriptionId] || !safeEqual(n.clientState, GRAPH_CLIENT_STATE[n.subscriptionId]!)) throw new WebhookSignatureInvalid('clientState');
    return {
      events: body.value.map((n) => ({ id: `${n.subscriptionId}:${n.resource}:${n.changeType}:${n.resourceData?.['@odata.etag'] ?? ''}`, type: n.changeType, created: 0, payload: n as unknown as Record<string, unknown> })),
    };
  });
  for (const vendor of ['twilio-shaped', 'graph-shaped']) t.ctx.webhooks.handle(vendor, async (event) => void received.push({ vendor, id: event.id }));
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('a Twilio-shaped vendor', () => {
  const fields = { AccountSid: 'AC123', MessageSid: 'SM0001', MessageStatus: 'delivered', To: '+15555550100' };

  it('is verified on the public URL and the sorted form, answered TwiML at once, stored once by MessageSid and status', async () => {
    const url = new URL('/webhooks/twilio-shaped?attempt=1', t.ctx.env.PUBLIC_URL).toString();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/twilio-shaped?attempt=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(url, fields) },
        payload: form(fields),
      });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/xml/);
    expect(first.body).toBe(TWIML);
    expect((await post()).body).toBe(TWIML);
    expect(await t.ctx.webhooks.repository.count('twilio-shaped', 'SM0001:delivered')).toBe(1);
    await vi.waitFor(() => expect(received.filter((r) => r.id === 'SM0001:delivered')).toHaveLength(1), { timeout: 30_000, interval: 100 });
  });

  it('a signature over a URL the sender names (Host, X-Forwarded-Host) is refused: the URL is the configured public one', async () => {
    const forged = 'https://evil.example/webhooks/twilio-shaped';
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/twilio-shaped',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(forged, fields) },
      payload: form({ ...fields, MessageSid: 'SM0002' }),
    });
    expect(res.statusCode).toBe(400);
    expect(await t.ctx.webhooks.repository.count('twilio-shaped', 'SM0002:delivered')).toBe(0);
  });
});

describe('a Graph-shaped vendor', () => {
  it("echoes the validation token at once as text and stores nothing", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/webhooks/graph-shaped?validationToken=Validation%3A%20Testing%20client%20application', payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Validation: Testing client application');
    expect(await t.ctx.webhooks.repository.count('graph-shaped')).toBe(0);
  });

  it('stores and processes each of several notifications of one post; a wrong clientState refuses the post', async () => {
    const note = (etag: string): GraphNotification => ({ subscriptionId: 'sub-1', clientState: GRAPH_CLIENT_STATE['sub-1']!, changeType: 'updated', resource: 'me/events/AAA', resourceData: { '@odata.etag': etag } });
    const res = await t.app.inject({ method: 'POST', url: '/webhooks/graph-shaped', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ value: [note('W/"1"'), note('W/"2"')] }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await t.ctx.webhooks.repository.count('graph-shaped')).toBe(2);
    await vi.waitFor(() => expect(received.filter((r) => r.vendor === 'graph-shaped')).toHaveLength(2), { timeout: 30_000, interval: 100 });
    const wrong = await t.app.inject({ method: 'POST', url: '/webhooks/graph-shaped', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ value: [{ ...note('W/"3"'), clientState: 'guessed' }] }) });
    expect(wrong.statusCode).toBe(400);
    expect(await t.ctx.webhooks.repository.count('graph-shaped')).toBe(2);
  });
});
