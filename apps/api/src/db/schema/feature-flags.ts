import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { companies, users } from './accounts';

/**
 * Administrators' overrides of the brand's feature-flag matrix for their company: for every user
 * (role null) or for one role. At most one per company, flag and role (null counted as one value).
 */
export const featureFlagOverrides = pgTable(
  'feature_flag_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    role: text('role'),
    enabled: boolean('enabled').notNull(),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('feature_flag_overrides_company_flag_role_idx').on(t.companyId, t.flag, sql`coalesce(${t.role}, '')`)],
);
