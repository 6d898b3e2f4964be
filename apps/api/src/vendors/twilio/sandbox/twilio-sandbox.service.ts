import { createHash } from 'node:crypto';
import { smsSegments } from '@crm/util';
import { sandboxHexId } from '../../kit/sandbox/ids';
import type { SandboxObject } from '../../kit/sandbox/sandbox.repository';
import type { TwilioSettings } from '../twilio-settings';
import type { TwilioSandboxRepository } from './twilio-sandbox.repository';
import { FAILS_LATER, lineTypeOfNumber, MAGIC_BUY, MAGIC_FROM, MAGIC_TO, VALID_TEST_FROM, type TwilioRefusal } from './test-numbers';

const API_VERSION = '2010-04-01';
const BODY_LIMIT = 1600;
const MEDIA_LIMIT = 10;
const E164 = /^\+[1-9]\d{6,14}$/;

/** A request's parameters: a form's fields, a repeated one (MediaUrl) as a list. */
export type TwilioParams = Record<string, string | string[]>;

/** Twilio's error, answered in its envelope `{code, message, more_info, status}`. */
export class TwilioSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TwilioSandboxError';
  }
  get envelope() {
    return { code: this.code, message: this.message, more_info: `https://www.twilio.com/docs/errors/${this.code}`, status: this.status };
  }
}

const refuse = (r: TwilioRefusal) => new TwilioSandboxError(r.status, r.code, r.message);
/** Twilio's dates: RFC 2822, "Sun, 06 Dec 2026 01:20:00 +0000". */
const twilioDate = (at = new Date()) => at.toUTCString().replace('GMT', '+0000');
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const many = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** How the sandbox's Twilio reads a reply (Advanced Opt-Out's default keywords): a whole message of one keyword, any case. */
const KEYWORDS: Record<string, 'STOP' | 'START' | 'HELP'> = {
  STOP: 'STOP', STOPALL: 'STOP', UNSUBSCRIBE: 'STOP', CANCEL: 'STOP', END: 'STOP', QUIT: 'STOP', OPTOUT: 'STOP', REVOKE: 'STOP',
  START: 'START', UNSTOP: 'START', YES: 'START',
  HELP: 'HELP', INFO: 'HELP',
};
export function optOutTypeOf(body: string): 'STOP' | 'START' | 'HELP' | null {
  const word = /^\s*([A-Za-z]+)[\s.!]*$/.exec(body)?.[1]?.toUpperCase();
  return word ? (KEYWORDS[word] ?? null) : null;
}

/** The order of a message's states: a callback never takes a message back. */
const RANK: Record<string, number> = { accepted: 0, queued: 1, sending: 2, sent: 3, delivered: 4, undelivered: 4, failed: 4, received: 4 };

/** A callback the sandbox owes the product (a status callback, an inbound message): where, and the form Twilio would post. */
export type TwilioCallback = SandboxObject & { object: 'callback'; url: string; params: Record<string, string>; message: string; status: string | null };

/**
 * The Twilio sandbox's resources (the part of Twilio's REST API the adapter uses): Messages,
 * AvailablePhoneNumbers, IncomingPhoneNumbers and Lookup v2, with Twilio's shapes, errors and test
 * numbers; plus the sandbox phone (what a number received; a person's reply). Each status change
 * and inbound message is a callback, posted signed by the kit's delivery job (`queue`).
 */
export function createTwilioSandboxService(repo: TwilioSandboxRepository, settings: Pick<TwilioSettings, 'accountSid'>, queue: (callbackId: string) => Promise<void>) {
  const base = `/${API_VERSION}/Accounts/${settings.accountSid}`;

  async function callback(url: string, message: string, status: string | null, params: Record<string, string>): Promise<void> {
    const object: TwilioCallback = { id: sandboxHexId('CB'), object: 'callback', url, params, message, status };
    await repo.insert(object);
    await queue(object.id);
  }

  async function optedOut(phone: string, sender: string | null): Promise<boolean> {
    const page = await repo.pageOf(phone, 'opt_out', { limit: 100 });
    return (page?.data ?? []).some((o) => o.active === true && (sender === null || o.number === sender));
  }

  async function ownedNumber(phoneNumber: string): Promise<SandboxObject | null> {
    return (await repo.find(numberSid(phoneNumber), 'incoming_phone_number'))?.data ?? null;
  }

  /** An IncomingPhoneNumber's SID, one per number (so a number is bought once and found by itself). */
  function numberSid(phoneNumber: string): string {
    return `PN${createHash('sha256').update(`${settings.accountSid}:${phoneNumber}`).digest('hex').slice(0, 32)}`;
  }

  /** A Message resource as Twilio shapes it (its JSON), new: outbound as the API answered it, or inbound as received. */
  function messageObject(m: { direction: 'outbound-api' | 'inbound'; status: string; from: string | null; to: string; body: string; media: string[]; messagingServiceSid: string | null }): SandboxObject {
    const sid = sandboxHexId('SM');
    const now = twilioDate();
    return {
      id: sid,
      object: 'message',
      sid,
      account_sid: settings.accountSid,
      api_version: API_VERSION,
      body: m.body,
      date_created: now,
      date_sent: m.direction === 'inbound' ? now : null,
      date_updated: now,
      direction: m.direction,
      error_code: null,
      error_message: null,
      from: m.from,
      messaging_service_sid: m.messagingServiceSid,
      num_media: String(m.media.length),
      num_segments: String(smsSegments(m.body).segments),
      price: null,
      price_unit: 'USD',
      status: m.status,
      to: m.to,
      media_urls: m.media,
      uri: `${base}/Messages/${sid}.json`,
      subresource_uris: { media: `${base}/Messages/${sid}/Media.json` },
    };
  }

  return {
    /** POST /2010-04-01/Accounts/{Sid}/Messages.json */
    async sendMessage(params: TwilioParams): Promise<SandboxObject> {
      const to = one(params.To)?.trim();
      const from = one(params.From)?.trim() || null;
      const service = one(params.MessagingServiceSid)?.trim() || null;
      const body = one(params.Body) ?? '';
      const media = many(params.MediaUrl);
      const statusCallback = one(params.StatusCallback) || null;
      if (!to) throw new TwilioSandboxError(400, 21604, "A 'To' phone number is required.");
      if (!from && !service) throw new TwilioSandboxError(400, 21603, "A 'From' phone number is required.");
      if (!body && media.length === 0) throw new TwilioSandboxError(400, 21602, 'Message body is required.');
      if (body.length > BODY_LIMIT) throw new TwilioSandboxError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
      if (media.length > MEDIA_LIMIT) throw new TwilioSandboxError(400, 21623, 'Number of media files exceeds allowed limit.');
      if (from) {
        if (MAGIC_FROM[from]) throw refuse(MAGIC_FROM[from]);
        if (!E164.test(from)) throw new TwilioSandboxError(400, 21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
        if (from !== VALID_TEST_FROM && !(await ownedNumber(from))) {
          throw new TwilioSandboxError(400, 21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`);
        }
      } else if (!/^MG[0-9a-f]{32}$/i.test(service!)) {
        throw new TwilioSandboxError(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
      }
      if (MAGIC_TO[to]) throw refuse(MAGIC_TO[to]);
      if (!E164.test(to)) throw new TwilioSandboxError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (await optedOut(to, from)) throw refuse(MAGIC_TO['+15005550004']!);

      const message = messageObject({ direction: 'outbound-api', status: service ? 'accepted' : 'queued', from, to, body, media, messagingServiceSid: service });
      const sid = message.sid as string;
      await repo.insert(message);
      if (statusCallback) {
        const later = FAILS_LATER[to];
        const steps: { status: string; errorCode?: number }[] = later?.status === 'failed' ? [{ status: 'queued' }, later] : [{ status: 'queued' }, { status: 'sent' }, later ?? { status: 'delivered' }];
        for (const step of steps) {
          await callback(statusCallback, sid, step.status, {
            AccountSid: settings.accountSid,
            ApiVersion: API_VERSION,
            From: from ?? '',
            To: to,
            MessageSid: sid,
            SmsSid: sid,
            MessageStatus: step.status,
            SmsStatus: step.status,
            ...(service && { MessagingServiceSid: service }),
            ...(step.errorCode && { ErrorCode: String(step.errorCode) }),
          });
        }
      }
      return message;
    },

    /** GET /2010-04-01/Accounts/{Sid}/Messages/{Sid}.json */
    async fetchMessage(sid: string, path: string): Promise<SandboxObject> {
      const found = await repo.find(sid, 'message');
      if (!found || found.data.account_sid !== settings.accountSid) throw new TwilioSandboxError(404, 20404, `The requested resource ${path} was not found`);
      return found.data;
    },

    /**
     * The message's state when its callback goes out (the delivery job signs it then): a callback
     * moves the message forward only, so one delivered late never takes it back.
     */
    async advance(callbackObject: TwilioCallback): Promise<void> {
      if (!callbackObject.status) return;
      await repo.locked(callbackObject.message, 'message', async (found, tx) => {
        if (!found || (RANK[String(found.data.status)] ?? 0) >= (RANK[callbackObject.status!] ?? 0)) return;
        const now = twilioDate();
        const errorCode = callbackObject.params.ErrorCode ? Number(callbackObject.params.ErrorCode) : null;
        await tx.save({ ...found.data, status: callbackObject.status, date_updated: now, ...(callbackObject.status === 'sent' && { date_sent: now }), ...(errorCode && { error_code: errorCode }) });
      });
    },

    async callbackOf(id: string): Promise<TwilioCallback | null> {
      return ((await repo.find(id, 'callback'))?.data as TwilioCallback | undefined) ?? null;
    },

    /** GET /2010-04-01/Accounts/{Sid}/AvailablePhoneNumbers/US/Local.json: deterministic numbers of 555-01xx in the area code, not yet bought. */
    async availableLocal(query: TwilioParams, path: string) {
      const area = one(query.AreaCode) ?? '415';
      const contains = (one(query.Contains) ?? '').replace(/[^0-9*]/g, '');
      const size = Math.min(Math.max(Number(one(query.PageSize)) || 50, 1), 1000);
      const numbers: string[] = [];
      if (/^[2-9]\d\d$/.test(area)) {
        const candidates = Array.from({ length: 100 }, (_, i) => `+1${area}55501${String(i).padStart(2, '0')}`);
        // digits asked for that 555-01xx does not hold: the sandbox makes numbers that end with them
        if (/^\d{1,7}$/.test(contains)) candidates.push(...Array.from({ length: 10 }, (_, i) => `+1${area}${`${i}${'5'.repeat(7)}`.slice(0, 7 - contains.length)}${contains}`));
        const pattern = contains ? new RegExp(contains.replace(/\*/g, '\\d')) : null;
        for (const candidate of new Set(candidates)) {
          if (numbers.length >= size) break;
          if (pattern && !pattern.test(candidate.slice(2))) continue;
          if (await ownedNumber(candidate)) continue;
          numbers.push(candidate);
        }
      }
      const data = numbers.map((n) => ({
        friendly_name: `(${n.slice(2, 5)}) ${n.slice(5, 8)}-${n.slice(8)}`,
        phone_number: n,
        lata: null,
        locality: 'Sandbox',
        rate_center: null,
        latitude: null,
        longitude: null,
        region: null,
        postal_code: null,
        iso_country: 'US',
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: true },
      }));
      return { available_phone_numbers: data, uri: path, end: Math.max(data.length - 1, 0), first_page_uri: path, next_page_uri: null, page: 0, page_size: size, previous_page_uri: null, start: 0 };
    },

    /** POST /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers.json (buy: PhoneNumber, SmsUrl, StatusCallback). */
    async buyNumber(params: TwilioParams): Promise<SandboxObject> {
      const phoneNumber = one(params.PhoneNumber)?.trim();
      if (!phoneNumber) throw new TwilioSandboxError(400, 21420, 'A PhoneNumber or AreaCode is required.');
      if (MAGIC_BUY[phoneNumber]) throw refuse(MAGIC_BUY[phoneNumber]);
      if (!/^\+1[2-9]\d{9}$/.test(phoneNumber)) throw new TwilioSandboxError(400, 21421, `PhoneNumber ${phoneNumber} is invalid.`);
      const sid = numberSid(phoneNumber);
      const now = twilioDate();
      const number: SandboxObject = {
        id: sid,
        object: 'incoming_phone_number',
        sid,
        account_sid: settings.accountSid,
        address_requirements: 'none',
        api_version: API_VERSION,
        beta: false,
        capabilities: { voice: true, sms: true, mms: true, fax: false },
        date_created: now,
        date_updated: now,
        friendly_name: `(${phoneNumber.slice(2, 5)}) ${phoneNumber.slice(5, 8)}-${phoneNumber.slice(8)}`,
        origin: 'twilio',
        phone_number: phoneNumber,
        sms_application_sid: '',
        sms_fallback_method: 'POST',
        sms_fallback_url: '',
        sms_method: one(params.SmsMethod) ?? 'POST',
        sms_url: one(params.SmsUrl) ?? '',
        status_callback: one(params.StatusCallback) ?? '',
        status_callback_method: one(params.StatusCallbackMethod) ?? 'POST',
        status: 'in-use',
        uri: `${base}/IncomingPhoneNumbers/${sid}.json`,
      };
      const claim = sandboxHexId('', 16);
      const kept = await repo.insertOnce(number, { claim });
      if (kept.hidden?.claim !== claim) throw new TwilioSandboxError(400, 21422, `PhoneNumber ${phoneNumber} is not available.`);
      return kept.data;
    },

    /** GET /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers.json (PhoneNumber filters). */
    async listNumbers(query: TwilioParams, path: string) {
      const size = Math.min(Math.max(Number(one(query.PageSize)) || 50, 1), 1000);
      const page = await repo.pageOf(settings.accountSid, 'incoming_phone_number', { limit: 1000 });
      const wanted = one(query.PhoneNumber);
      const data = (page?.data ?? []).filter((n) => !wanted || n.phone_number === wanted).slice(0, size);
      return { incoming_phone_numbers: data, uri: path, end: Math.max(data.length - 1, 0), first_page_uri: path, next_page_uri: null, page: 0, page_size: size, previous_page_uri: null, start: 0 };
    },

    /** GET /v2/PhoneNumbers/{n}?Fields=line_type_intelligence (Lookup, on lookups.twilio.com). */
    lookup(number: string, fields: string) {
      const valid = E164.test(number);
      const asked = fields.split(',').map((f) => f.trim());
      const type = valid ? lineTypeOfNumber(number) : null;
      return {
        calling_country_code: valid && number.startsWith('+1') ? '1' : null,
        country_code: valid && number.startsWith('+1') ? 'US' : null,
        phone_number: number,
        national_format: valid && number.startsWith('+1') && number.length === 12 ? `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}` : null,
        valid,
        validation_errors: valid ? [] : ['INVALID_BUT_POSSIBLE'],
        caller_name: null,
        sim_swap: null,
        call_forwarding: null,
        line_status: null,
        line_type_intelligence:
          asked.includes('line_type_intelligence') && type
            ? { error_code: null, mobile_country_code: type === 'mobile' ? '310' : null, mobile_network_code: type === 'mobile' ? '800' : null, carrier_name: 'Sandbox Carrier', type }
            : null,
        identity_match: null,
        reassigned_number: null,
        sms_pumping_risk: null,
        phone_number_quality_score: null,
        pre_fill: null,
        url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
      };
    },

    /** The sandbox phone: the texts `to` received, newest first. */
    async phoneMessages(to: string): Promise<SandboxObject[]> {
      return (await repo.pageOf(to, 'message', { limit: 100 }))?.data ?? [];
    },

    /** The numbers the sandbox phone page offers: those the product texted, and the product's own. */
    async phones(): Promise<{ texted: string[]; owned: string[] }> {
      const owned = ((await repo.pageOf(settings.accountSid, 'incoming_phone_number', { limit: 1000 }))?.data ?? []).map((n) => String(n.phone_number));
      return { texted: await repo.phonesTexted(), owned };
    },

    /**
     * A person's text to one of the account's numbers (the sandbox phone): kept as an inbound
     * message, the sandbox's opt-out list changed by STOP and START, and posted to the number's
     * SmsUrl as Twilio posts it (with OptOutType, as Advanced Opt-Out does). Null when `to` is not
     * one of the account's numbers.
     */
    async reply(input: { from: string; to: string; body: string; mediaUrl?: string | null }): Promise<SandboxObject | null> {
      if (!E164.test(input.from)) throw new TwilioSandboxError(400, 21212, `The 'From' number ${input.from} is not a valid phone number.`);
      const number = await ownedNumber(input.to);
      if (!number) return null;
      const media = input.mediaUrl ? [input.mediaUrl] : [];
      const message = messageObject({ direction: 'inbound', status: 'received', from: input.from, to: input.to, body: input.body, media, messagingServiceSid: null });
      const sid = message.sid as string;
      const now = message.date_created as string;
      await repo.insert(message);
      const optOutType = optOutTypeOf(input.body);
      if (optOutType === 'STOP' || optOutType === 'START') {
        const id = `OO${Buffer.from(`${input.from}:${input.to}`).toString('hex')}`;
        await repo.insertOnce({ id, object: 'opt_out', phone: input.from, number: input.to, active: false });
        await repo.locked(id, 'opt_out', async (found, tx) => {
          if (found) await tx.save({ ...found.data, active: optOutType === 'STOP', date_updated: now });
        });
      }
      const smsUrl = typeof number.sms_url === 'string' ? number.sms_url : '';
      if (smsUrl) {
        await callback(smsUrl, sid, null, {
          ToCountry: 'US',
          ToState: '',
          SmsMessageSid: sid,
          NumMedia: String(media.length),
          ToCity: '',
          FromZip: '',
          SmsSid: sid,
          FromState: '',
          SmsStatus: 'received',
          FromCity: '',
          Body: input.body,
          FromCountry: 'US',
          To: input.to,
          ToZip: '',
          NumSegments: message.num_segments as string,
          MessageSid: sid,
          AccountSid: settings.accountSid,
          From: input.from,
          ApiVersion: API_VERSION,
          ...Object.fromEntries(media.flatMap((url, i) => [[`MediaUrl${i}`, url], [`MediaContentType${i}`, contentTypeOf(url)]])),
          ...(optOutType && { OptOutType: optOutType }),
        });
      }
      return message;
    },
  };
}

/** A media URL's type, by its extension (what the carrier would report). */
function contentTypeOf(url: string): string {
  const ext = new URL(url).pathname.split('.').pop()?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'gif' ? 'image/gif' : ext === 'mp4' ? 'video/mp4' : ext === 'pdf' ? 'application/pdf' : 'image/jpeg';
}

export type TwilioSandboxService = ReturnType<typeof createTwilioSandboxService>;
