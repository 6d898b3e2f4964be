import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { citext, createdAt, updatedAt } from './columns';
import { companies } from './accounts';

// ---------------------------------------------------------------------------------------------
// Contacts (issue 4). Catalogs are per company: one database serves many companies of several
// brands, and each company's administrators keep their own statuses, sources, carriers and vendors
// (the admin screens come later). Seeds give every company the same realistic starting set.
// ---------------------------------------------------------------------------------------------

const catalogColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Display order within the company. */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Contact statuses (New, Contacted, Appointment Set, ...). */
export const statuses = pgTable('statuses', { ...catalogColumns(), title: citext('title').notNull() }, (t) => [
  uniqueIndex('statuses_company_title_idx').on(t.companyId, t.title),
]);

/** AgentFlow statuses: where a contact stands in the agent's sales flow. */
export const agentflowStatuses = pgTable('agentflow_statuses', { ...catalogColumns(), title: citext('title').notNull() }, (t) => [
  uniqueIndex('agentflow_statuses_company_title_idx').on(t.companyId, t.title),
]);

/** Lead sources (Facebook Lead, Direct Mail, Referral, ...). */
export const sources = pgTable('sources', { ...catalogColumns(), title: citext('title').notNull() }, (t) => [
  uniqueIndex('sources_company_title_idx').on(t.companyId, t.title),
]);

/** API vendors: lead sellers posting leads, call-tracking services (vendor_type leads | calls | data). */
export const apiVendors = pgTable(
  'api_vendors',
  { ...catalogColumns(), vendorName: citext('vendor_name').notNull(), vendorType: text('vendor_type').notNull() },
  (t) => [uniqueIndex('api_vendors_company_name_idx').on(t.companyId, t.vendorName)],
);

/** Insurance carriers (policies refer to them). */
export const carriers = pgTable('carriers', { ...catalogColumns(), name: citext('name').notNull() }, (t) => [
  uniqueIndex('carriers_company_name_idx').on(t.companyId, t.name),
]);
