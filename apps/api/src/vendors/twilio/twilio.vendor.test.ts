import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { envSchema, loadEnv, type Env } from '../../env';
import { WebhookEventMalformed, WebhookSignatureInvalid, type WebhookRequest } from '../../webhooks/webhook-contract';
import { deliveryUrl } from '../kit/sandbox/delivery';
import { twilioSettings } from './twilio-settings';
import { readTwilioEvent, sandboxUri, TWILIO_EVENT } from './twilio.provider';
import { EMPTY_TWIML, twilioWebhookVerifier } from './twilio.vendor';

const SECRET = 'a-secret-of-this-test-that-is-long-enough';
const envOf = (values: Record<string, string>): Env => ({ ...envSchema.parse({ LOG_LEVEL: 'silent', ...values }), APP_SECRET: SECRET, STORAGE_DIR: '/tmp' });
const ACCOUNT = `AC${'a'.repeat(32)}`;
const TOKEN = 'b'.repeat(32);
const URL_ = 'https://crm.example/webhooks/twilio';

const requestOf = (form: Record<string, string>, signature: string | null = twilio.getExpectedTwilioSignature(TOKEN, URL_, form)): WebhookRequest => ({
  rawBody: Buffer.from(new URLSearchParams(form).toString()),
  headers: signature === null ? {} : { 'x-twilio-signature': signature },
  url: URL_,
  query: {},
  form,
});

describe('Twilio settings', () => {
  it('are the configured account when set, the sandbox elsewhere, and off in production without them', () => {
    expect(twilioSettings(envOf({ TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: TOKEN }))).toEqual({ mode: 'live', unavailable: null, accountSid: ACCOUNT, authToken: TOKEN, messagingServiceSid: null });
    const sandbox = twilioSettings(envOf({}));
    expect(sandbox).toMatchObject({ mode: 'sandbox', accountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/) });
    expect(twilioSettings(envOf({}))).toEqual(sandbox);
    expect(twilioSettings(envOf({ NODE_ENV: 'production', APP_ENV: 'production' }))).toMatchObject({
      mode: 'off',
      unavailable: 'Text messages are not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
    });
  });

  it('the environment refuses an account SID without its auth token, and a malformed SID', () => {
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: ACCOUNT, APP_SECRET: SECRET, DATA_DIR: '/tmp' })).toThrow('TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID');
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: TOKEN, APP_SECRET: SECRET, DATA_DIR: '/tmp' })).toThrow('A Twilio Account SID is AC and 32 hexadecimal digits');
  });
});

describe('the /webhooks/twilio verifier', () => {
  const verify = twilioWebhookVerifier({ accountSid: ACCOUNT, authToken: TOKEN, unavailable: null });
  const inbound = { AccountSid: ACCOUNT, MessageSid: 'SM1', From: '+15555550100', To: '+15555550199', Body: 'STOP', NumMedia: '0', OptOutType: 'STOP' };

  it('gives an inbound message its MessageSid and a status callback MessageSid:MessageStatus, answering empty TwiML', () => {
    expect(verify(requestOf(inbound))).toEqual({
      events: [{ id: 'SM1', type: TWILIO_EVENT.received, created: expect.any(Number), payload: inbound }],
      reply: { contentType: 'text/xml', body: EMPTY_TWIML },
    });
    const status = { AccountSid: ACCOUNT, MessageSid: 'SM1', MessageStatus: 'sent' };
    expect(verify(requestOf(status)).events[0]).toMatchObject({ id: 'SM1:sent', type: TWILIO_EVENT.status });
  });

  it('refuses 403 a missing or wrong signature, another account, and every post when Twilio is off', () => {
    const refusal = (request: WebhookRequest, check = verify) => {
      try {
        check(request);
      } catch (error) {
        return error;
      }
      return null;
    };
    for (const error of [
      refusal(requestOf(inbound, null)),
      refusal(requestOf(inbound, '')),
      refusal(requestOf(inbound, twilio.getExpectedTwilioSignature('guessed', URL_, inbound))),
      refusal(requestOf({ ...inbound, AccountSid: `AC${'c'.repeat(32)}` })),
      refusal(requestOf(inbound), twilioWebhookVerifier({ accountSid: '', authToken: '', unavailable: 'Text messages are not configured' })),
    ]) {
      expect(error).toBeInstanceOf(WebhookSignatureInvalid);
      expect((error as WebhookSignatureInvalid).status).toBe(403);
    }
    expect(refusal(requestOf({ AccountSid: ACCOUNT, Body: 'Hi' }))).toBeInstanceOf(WebhookEventMalformed);
  });

  it('reads an MMS with its media and a Messaging Service', () => {
    const mms = { ...inbound, Body: 'Look', OptOutType: '', NumMedia: '2', MediaUrl0: 'https://m/1', MediaContentType0: 'image/jpeg', MediaUrl1: 'https://m/2', MediaContentType1: 'image/png', MessagingServiceSid: 'MG1' };
    expect(readTwilioEvent({ type: TWILIO_EVENT.received, payload: mms })).toMatchObject({
      kind: 'sms.received',
      body: 'Look',
      media: [
        { url: 'https://m/1', contentType: 'image/jpeg' },
        { url: 'https://m/2', contentType: 'image/png' },
      ],
      messagingServiceId: 'MG1',
      optOutType: null,
    });
  });
});

describe('the sandbox routing', () => {
  it("sends Twilio's hosts to /sandbox/twilio and nothing else", () => {
    const origin = new URL('http://127.0.0.1:4000');
    expect(sandboxUri(`https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json`, origin)).toBe(`http://127.0.0.1:4000/sandbox/twilio/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(sandboxUri('https://lookups.twilio.com/v2/PhoneNumbers/+15555550100?Fields=line_type_intelligence', origin)).toBe(
      'http://127.0.0.1:4000/sandbox/twilio/lookups/v2/PhoneNumbers/+15555550100?Fields=line_type_intelligence',
    );
    expect(() => sandboxUri('https://evil.example/2010-04-01', origin)).toThrow("The Twilio sandbox serves Twilio's hosts only");
  });

  it('posts a callback on the public address to the local origin, any other as given', () => {
    const local = new URL('http://127.0.0.1:4000');
    expect(deliveryUrl('http://localhost:3000/webhooks/twilio?x=1', 'http://localhost:3000', local)).toBe('http://127.0.0.1:4000/webhooks/twilio?x=1');
    expect(deliveryUrl('https://elsewhere.example/hook', 'http://localhost:3000', local)).toBe('https://elsewhere.example/hook');
  });
});
