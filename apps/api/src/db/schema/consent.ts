import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { createdAt } from './columns';
import { contacts } from './contacts';

/**
 * Every change of a number's consent to be texted by a company (modules/consent): opted out (a STOP
 * keyword, or recorded by a user) and opted in (START, or consent given by other means and recorded
 * by a user through update_permission). Rows are only ever added: the number's state is its latest
 * row, and the history is what a compliance review reads. A number with no row has not opted out.
 */
export const smsConsentChanges = pgTable(
  'sms_consent_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** E.164 (+15551234567). */
    number: text('number').notNull(),
    /** opt_out | opt_in */
    change: text('change').notNull(),
    /** keyword (an inbound text), user (recorded through update_permission). */
    source: text('source').notNull(),
    /** The inbound message that carried the keyword (the provider's id, e.g. Twilio's MessageSid). */
    sourceMessageId: text('source_message_id'),
    /** The keyword as the contact wrote it. */
    keyword: text('keyword'),
    /** The contact it was recorded on, when one was named. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** Who recorded consent given by other means. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** How the contact gave it (verbal, written, web_form, email, in_person, other). */
    method: text('method'),
    /** The words the contact agreed to. */
    consentText: text('consent_text'),
    /** When the contact opted out or in (the message's time, or when the user says it was given). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    /** The gate's question: the latest change of a number in a company. */
    index('sms_consent_changes_number_idx').on(t.companyId, t.number, t.occurredAt, t.id),
    /** A keyword message is recorded once, however often its webhook comes. */
    uniqueIndex('sms_consent_changes_message_idx').on(t.companyId, t.sourceMessageId).where(sql`${t.sourceMessageId} is not null`),
    check('sms_consent_changes_change_check', sql`${t.change} in ('opt_out', 'opt_in')`),
    check('sms_consent_changes_source_check', sql`${t.source} in ('keyword', 'user')`),
  ],
);
