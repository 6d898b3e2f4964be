import type { ParsedBodyOf, SmsPermission, updateSmsPermission } from '@crm/contract';
import { dialingNumber } from '@crm/util';
import { unprocessable } from '../../lib/http-errors';
import type { AuditRepository } from '../audit/audit.repository';
import type { ContactsCaller, ContactsService } from '../contacts/contacts.service';
import type { RequestMeta } from '../sessions/identity';
import type { ConsentChangeRow, ConsentRepository } from './consent.repository';
import { classifyInbound, helpReply, optInConfirmation, optOutConfirmation, type InboundIntent, type ReplyBrand } from './keywords';
import { describeLocalTime, describeWindow, isWithinWindow, localTime, nextWindowOpening, resolveLocation, stateRuleOf, type Recipient, type RecipientLocation } from './quiet-hours';

export type ConsentChannel = 'sms' | 'voice';
export type ConsentPurpose = 'conversation' | 'marketing' | 'transactional';

export type ConsentQuestion = {
  companyId: number;
  /** E.164 (other +1 forms are normalised). */
  number: string;
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  /** The moment of the send or dial (injected: tests and held sends ask about a time). */
  at: Date;
  recipient: Recipient;
  /**
   * The agent confirmed a one-to-one message or call outside the window (issue 30 item 6: "a
   * one-to-one message outside the window asks the agent to confirm first"). Counts only for the
   * purpose 'conversation'; a broadcast, group or triggered send is always held.
   */
  confirmedOutsideWindow?: boolean;
};

export type ConsentAnswer =
  | { allowed: true }
  | {
      allowed: false;
      reason: 'opted_out' | 'quiet_hours';
      /** What the agent reads. */
      message: string;
      /** When the window opens (quiet hours only). */
      until?: Date;
      /** Where the recipient was placed, for a quiet-hours refusal. */
      location?: RecipientLocation;
    };

/** E.164 from any form of a number (a 10-digit US number gets its 1): the dialing number with a +. */
export const toE164 = (number: string): string => `+${dialingNumber(number)}`;

const dateWords = (at: Date) => at.toISOString().slice(0, 10);

export type KeywordChange = {
  companyId: number;
  number: string;
  /** The inbound message's id at the provider (Twilio MessageSid). */
  sourceMessageId: string;
  /** The keyword as written. */
  keyword: string;
  at: Date;
  contactId?: number | null;
};

type Deps = {
  repo: ConsentRepository;
  audit: Pick<AuditRepository, 'record'>;
  contacts: Pick<ContactsService, 'findReachable'>;
};

/**
 * The one gate every text and call asks (DESIGN §1 "Consent and contact windows"): whether this
 * company may contact this number now, by this channel, for this purpose. Opt-outs are per company
 * and number; quiet hours are the recipient's local time under quiet-hours.ts's table.
 */
export function createConsentService({ repo, audit, contacts }: Deps) {
  async function optedOut(companyId: number, number: string): Promise<ConsentChangeRow | undefined> {
    const latest = await repo.latest(companyId, toE164(number));
    return latest?.change === 'opt_out' ? latest : undefined;
  }

  return {
    /**
     * May we contact this number now? An opted-out number is refused on every channel and for every
     * purpose (the FCC's 2024 revocation rule: an opt-out in any reasonable form revokes consent to
     * every robocall and robotext of that caller). Outside the recipient's window the answer is
     * quiet_hours with when it opens, unless the agent confirmed a one-to-one conversation.
     */
    async check(question: ConsentQuestion): Promise<ConsentAnswer> {
      const number = toE164(question.number);
      const out = await optedOut(question.companyId, number);
      if (out) {
        const how = out.source === 'keyword' ? `replied ${out.keyword ?? 'STOP'}` : 'asked not to be contacted (recorded by a user)';
        return {
          allowed: false,
          reason: 'opted_out',
          message: `${number} ${how} on ${dateWords(out.occurredAt)} and is opted out for your whole company. It can be contacted again only after it replies START or its consent is recorded.`,
        };
      }
      if (question.purpose === 'conversation' && question.confirmedOutsideWindow) return { allowed: true };
      const location = resolveLocation(question.recipient, number, question.at);
      if (isWithinWindow(question.at, location)) return { allowed: true };
      const until = nextWindowOpening(question.at, location);
      const zone = location.zones[0]!;
      const { day } = localTime(question.at, zone);
      const where = stateRuleOf(location.state) ? `${location.state} law` : 'the federal rule';
      return {
        allowed: false,
        reason: 'quiet_hours',
        message: `It is ${describeLocalTime(question.at, zone)} for this contact: ${question.channel === 'sms' ? 'texts' : 'calls'} may go ${describeWindow(location.state, day)} their time today under ${where}. The window opens ${describeLocalTime(until, zone)}.`,
        until,
        location,
      };
    },

    /** A STOP (or another opt-out keyword) from the number: the company may text it no more. Recorded once per message. */
    recordOptOut: (change: KeywordChange) =>
      repo.insert({ ...fromKeyword(change), change: 'opt_out' }),

    /** A START (or UNSTOP, YES) from the number: it may be texted again. Recorded once per message. */
    recordOptIn: (change: KeywordChange) =>
      repo.insert({ ...fromKeyword(change), change: 'opt_in' }),

    /**
     * An inbound text, as the SMS webhook job hands it over: its keyword recorded (an opt-out or
     * opt-in, once per message id) and the one automatic reply to send, if any. An opt-out keyword
     * from a number already opted out gets no second confirmation; a START from a number that was
     * not opted out is recorded (its consent is then on file) and confirmed. `asks_to_stop` records
     * nothing: the conversation is flagged for the agent to confirm.
     */
    async applyInbound(inbound: { companyId: number; number: string; body: string; messageId: string; at: Date; brand: ReplyBrand; contactId?: number | null }): Promise<{ intent: InboundIntent | null; reply: string | null }> {
      const intent = classifyInbound(inbound.body);
      const change = { companyId: inbound.companyId, number: inbound.number, sourceMessageId: inbound.messageId, keyword: inbound.body.replace(/[^\p{L}]/gu, ''), at: inbound.at, contactId: inbound.contactId ?? null };
      if (intent === 'opt_out') {
        const already = await optedOut(inbound.companyId, inbound.number);
        const row = await repo.insert({ ...fromKeyword(change), change: 'opt_out' });
        return { intent, reply: already && already.id !== row.id ? null : optOutConfirmation(inbound.brand) };
      }
      if (intent === 'opt_in') {
        await repo.insert({ ...fromKeyword(change), change: 'opt_in' });
        return { intent, reply: optInConfirmation(inbound.brand) };
      }
      if (intent === 'help') return { intent, reply: helpReply(inbound.brand) };
      return { intent, reply: null };
    },

    /** Whether the number is opted out of the company's texts now. */
    isOptedOut: async (companyId: number, number: string) => Boolean(await optedOut(companyId, number)),

    /** Every change of the number in the company, oldest first. */
    history: (companyId: number, number: string) => repo.history(companyId, toE164(number)),

    /**
     * Consent given or withdrawn by other means, recorded by a user (POST /v1/sms/update_permission)
     * for a contact in their reach (else 404) and one of its phones (else 422); audited.
     */
    async updatePermission(caller: ContactsCaller, body: ParsedBodyOf<typeof updateSmsPermission>, meta: RequestMeta): Promise<SmsPermission> {
      const contact = await contacts.findReachable(caller, body.contact_id);
      const number = toE164(body.phone);
      if (!contact.phones.some((p) => toE164(p.number) === number)) throw unprocessable({ phone: 'This number is not one of the contact’s phones' });
      const givenAt = body.given_at ? new Date(body.given_at) : new Date();
      if (givenAt.getTime() > Date.now() + 60_000) throw unprocessable({ given_at: 'Given at cannot be in the future' });
      const row = await repo.insert({
        companyId: caller.user.companyId,
        number,
        change: body.permission === 'granted' ? 'opt_in' : 'opt_out',
        source: 'user',
        contactId: contact.id,
        recordedBy: caller.user.id,
        method: body.method,
        consentText: body.consent_text,
        occurredAt: givenAt,
      });
      await audit.record({
        event: 'sms_permission_updated',
        userId: caller.user.id,
        actorUserId: caller.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { contact_id: contact.id, phone: number, permission: body.permission, method: body.method, consent_text: body.consent_text, change_id: row.id },
      });
      return {
        contact_id: contact.id,
        phone: number,
        opted_out: await optedOut(caller.user.companyId, number).then(Boolean),
        permission: body.permission,
        method: body.method,
        consent_text: body.consent_text,
        recorded_by: caller.user.id,
        given_at: givenAt.toISOString(),
      };
    },
  };
}

function fromKeyword(change: KeywordChange) {
  return {
    companyId: change.companyId,
    number: toE164(change.number),
    source: 'keyword' as const,
    sourceMessageId: change.sourceMessageId,
    keyword: change.keyword.trim().toUpperCase().slice(0, 40),
    contactId: change.contactId ?? null,
    occurredAt: change.at,
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
