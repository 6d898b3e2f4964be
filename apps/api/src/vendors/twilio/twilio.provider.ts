import twilio from 'twilio';
import type { LocalOrigin } from '../../lib/local-origin';
import { loggedCall, type VendorCallsRepository } from '../kit/vendor-calls.repository';
import { smsRefusal, type CallContext, type LineType, type SmsEvent, type SmsProvider, type SmsStatus } from '../sms/sms.provider';
import { TWILIO_SANDBOX_PREFIX, type TwilioSettings } from './twilio-settings';

const VENDOR = 'twilio';

/** The verified events of /webhooks/twilio (twilio.vendor.ts): a message received, and a status callback. */
export const TWILIO_EVENT = { received: 'message.received', status: 'message.status' } as const;

/**
 * Where a request of the SDK goes in sandbox mode: `https://api.twilio.com/2010-04-01/...` to
 * `<origin>/sandbox/twilio/2010-04-01/...`, and another Twilio host's (`https://lookups.twilio.com/v2/...`)
 * to `<origin>/sandbox/twilio/lookups/v2/...`. Anything but Twilio is refused: no call leaves for elsewhere.
 */
export function sandboxUri(uri: string, origin: URL): string {
  const url = new URL(uri);
  const host = /^([a-z0-9-]+)\.twilio\.com$/.exec(url.hostname)?.[1];
  if (url.protocol !== 'https:' || !host) throw new Error(`The Twilio sandbox serves Twilio's hosts only, not ${url.host}`);
  const base = host === 'api' ? TWILIO_SANDBOX_PREFIX : `${TWILIO_SANDBOX_PREFIX}/${host}`;
  return new URL(`${base}${url.pathname}${url.search}`, origin).toString();
}

/**
 * The SDK's own HTTP client (axios, its auth, its form encoding, its time-out) with each Twilio URL
 * sent to this server's Twilio sandbox instead (twilio-node's `httpClient` option). The origin is
 * read at each request, so a test server on a random port works.
 */
type RequestOptions<TData> = Parameters<twilio.RequestClient['request']>[0] & { data?: TData };

class SandboxRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: () => URL) {
    super({ timeout: 20_000 });
  }
  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: sandboxUri(opts.uri, this.origin()) });
  }
}

/**
 * The official SDK as the adapter configures it: for Twilio itself, or (sandbox mode, `origin`
 * given) with every request sent to `origin`'s /sandbox/twilio. Tests of the sandbox build it here too.
 */
export function twilioClientFor(settings: Pick<TwilioSettings, 'accountSid' | 'authToken'>, origin?: () => URL): twilio.Twilio {
  return twilio(settings.accountSid, settings.authToken, origin ? { httpClient: new SandboxRequestClient(origin) } : { timeout: 20_000 });
}

/** Twilio's refusal (RestException: its HTTP status and its error code) in the product's classes (sms.provider.ts). */
function translate(error: unknown): unknown {
  if (error instanceof twilio.RestException && typeof error.code === 'number' && error.status >= 400 && error.status < 500) {
    return smsRefusal(error.message, error.code, error.status);
  }
  return error;
}

const errorOf = (error: unknown) =>
  error instanceof twilio.RestException
    ? { status: error.status, requestId: null, code: String(error.code ?? error.status) }
    : { status: null, requestId: null, code: error instanceof Error ? error.name : 'error' };

/** Lookup's line types in the product's words (Twilio: mobile, landline, fixedVoip, nonFixedVoip, tollFree, pager, …). */
function lineTypeOf(type: string | undefined | null): LineType {
  if (type === 'mobile') return 'mobile';
  if (type === 'landline') return 'landline';
  if (type === 'fixedVoip' || type === 'nonFixedVoip') return 'voip';
  return 'unknown';
}

const OPT_OUT_TYPES = new Set(['STOP', 'START', 'HELP']);

/** A verified Twilio webhook (its form fields) in the product's words (SmsEvent); null when it means nothing to the product. */
export function readTwilioEvent(event: { type: string; payload: Record<string, unknown> }): SmsEvent | null {
  const form = event.payload as Record<string, string | undefined>;
  const messageId = form.MessageSid ?? form.SmsSid;
  if (!messageId) return null;
  if (event.type === TWILIO_EVENT.status && form.MessageStatus) {
    const code = Number(form.ErrorCode);
    return { kind: 'sms.status', messageId, status: form.MessageStatus as SmsStatus, errorCode: form.ErrorCode && Number.isInteger(code) ? code : null };
  }
  if (event.type !== TWILIO_EVENT.received) return null;
  const count = Math.min(Number(form.NumMedia ?? 0) || 0, 10);
  const media = Array.from({ length: count }, (_, i) => ({ url: form[`MediaUrl${i}`] ?? '', contentType: form[`MediaContentType${i}`] ?? null })).filter((m) => m.url);
  const optOut = (form.OptOutType ?? '').toUpperCase();
  return {
    kind: 'sms.received',
    messageId,
    from: form.From ?? '',
    to: form.To ?? '',
    body: form.Body ?? '',
    media,
    accountId: form.AccountSid ?? '',
    messagingServiceId: form.MessagingServiceSid || null,
    optOutType: OPT_OUT_TYPES.has(optOut) ? (optOut as 'STOP' | 'START' | 'HELP') : null,
  };
}

/**
 * The text-message adapter on the official `twilio` SDK. With TWILIO_ACCOUNT_SID it talks to
 * Twilio; in sandbox mode the same SDK's requests go to this server's /sandbox/twilio (the SDK's
 * `httpClient` option). Every call is recorded in the vendor call log.
 */
export function createTwilioSmsProvider(settings: TwilioSettings, origin: LocalOrigin, calls: VendorCallsRepository): SmsProvider {
  const client = twilioClientFor(settings, settings.mode === 'sandbox' ? () => origin.url() : undefined);

  async function call<T>(operation: string, context: CallContext | undefined, success: number, run: (client: twilio.Twilio) => Promise<T>): Promise<T> {
    try {
      return await loggedCall(calls, { vendor: VENDOR, operation, correlationId: context?.correlationId ?? null }, () => run(client), {
        ok: () => ({ status: success, requestId: null }),
        error: errorOf,
      });
    } catch (error) {
      throw translate(error);
    }
  }

  return {
    vendor: VENDOR,
    mode: settings.mode,
    unavailable: null,

    async sendMessage(request, context) {
      const from = request.from.startsWith('MG') ? { messagingServiceSid: request.from } : { from: request.from };
      const message = await call('messages.create', context, 201, (c) =>
        c.messages.create({
          ...from,
          to: request.to,
          body: request.body,
          ...(request.mediaUrls?.length && { mediaUrl: request.mediaUrls }),
          statusCallback: request.statusCallback,
        }),
      );
      return { id: message.sid, status: message.status as SmsStatus, segments: Number(message.numSegments) || 1 };
    },

    async searchNumbers(query, context) {
      const found = await call('available_phone_numbers.local.list', context, 200, (c) =>
        c.availablePhoneNumbers('US').local.list({
          ...(query.areaCode && { areaCode: Number(query.areaCode) }),
          ...(query.contains && { contains: query.contains }),
          smsEnabled: true,
          limit: 20,
        }),
      );
      return found.map((n) => {
        const capabilities = (n.capabilities ?? {}) as unknown as Record<string, boolean | undefined>;
        return {
          phoneNumber: n.phoneNumber,
          friendlyName: n.friendlyName,
          locality: n.locality ?? null,
          region: n.region ?? null,
          postalCode: n.postalCode ?? null,
          sms: Boolean(capabilities.SMS ?? capabilities.sms),
          mms: Boolean(capabilities.MMS ?? capabilities.mms),
          voice: Boolean(capabilities.voice),
        };
      });
    },

    async buyNumber(request, context) {
      const bought = await call('incoming_phone_numbers.create', context, 201, (c) =>
        c.incomingPhoneNumbers.create({ phoneNumber: request.phoneNumber, smsUrl: request.smsUrl, smsMethod: 'POST', statusCallback: request.statusCallback, statusCallbackMethod: 'POST' }),
      );
      return { id: bought.sid, phoneNumber: bought.phoneNumber, smsUrl: bought.smsUrl ?? null, statusCallback: bought.statusCallback ?? null };
    },

    async lookupLineType(number, context) {
      const found = await call('lookups.v2.phone_numbers.fetch', context, 200, (c) => c.lookups.v2.phoneNumbers(number).fetch({ fields: 'line_type_intelligence' }));
      if (!found.valid) return 'unknown';
      return lineTypeOf(found.lineTypeIntelligence?.type);
    },

    readEvent: readTwilioEvent,
  };
}
