import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every area's tables use. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
