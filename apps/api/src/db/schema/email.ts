import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Local e-mail outbox used when no SMTP server is configured (developers and tests read it). */
export const outboxEmails = pgTable('outbox_emails', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Where replies go when it is not the sender (a help request replies to the user who asked). */
  replyTo: text('reply_to'),
  createdAt: createdAt(),
});
