import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { createdAt, updatedAt } from './columns';

/**
 * Campaign triggers (libs/contract campaign-triggers.contract.ts): named, reusable text or e-mail
 * messages with a type and a recurrence, kept for one company (company_id) or for every company of
 * a brand (company_id null). Names are unique within a company, and within a brand's own triggers.
 */
export const campaignTriggers = pgTable(
  'campaign_triggers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brand: text('brand').notNull(),
    /** Null: the brand's, for every company of it. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** sms | email */
    channel: text('channel').notNull(),
    triggerType: text('trigger_type').notNull(),
    recurrence: text('recurrence').notNull(),
    emailSubject: text('email_subject'),
    message: text('message').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_triggers_name_idx').on(t.brand, sql`coalesce(${t.companyId}, 0)`, sql`lower(${t.name})`),
    index('campaign_triggers_company_idx').on(t.companyId, t.channel),
  ],
);
