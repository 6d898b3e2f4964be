import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies, users } from './accounts';

/**
 * Help requests sent from the help widget (POST /v1/helps). Each is e-mailed to the support
 * address of the brand the user's company belongs to; the row keeps what was sent and for whom.
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The brand (libs/brand-config BRAND_IDS) whose support team got the request. */
    brand: text('brand').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The path the user was on, when the browser sent it. */
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [index('help_requests_user_created_idx').on(t.userId, t.createdAt), index('help_requests_company_idx').on(t.companyId)],
);
