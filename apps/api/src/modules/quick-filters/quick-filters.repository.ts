import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { quickFilters } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type QuickFilterRow = typeof quickFilters.$inferSelect;

/** Thrown when the (user, lower(name)) unique index refuses a row. */
export class DuplicateQuickFilterName extends Error {}

async function guardUnique<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateQuickFilterName();
    throw error;
  }
}

export function createQuickFiltersRepository(db: Database) {
  const owned = (userId: number, id: number) => and(eq(quickFilters.id, id), eq(quickFilters.userId, userId));
  return {
    async listForUser(userId: number): Promise<QuickFilterRow[]> {
      return db
        .select()
        .from(quickFilters)
        .where(eq(quickFilters.userId, userId))
        .orderBy(asc(sql`lower(${quickFilters.name})`), asc(quickFilters.id));
    },
    async create(values: { userId: number; name: string; contactsScope: Record<string, unknown> }): Promise<QuickFilterRow> {
      const [row] = await guardUnique(db.insert(quickFilters).values(values).returning());
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },
    /** Only the owner's filters are ever found: another user's id answers undefined (404). */
    async update(
      userId: number,
      id: number,
      patch: { name?: string; contactsScope?: Record<string, unknown> },
    ): Promise<QuickFilterRow | undefined> {
      const [row] = await guardUnique(
        db
          .update(quickFilters)
          .set({ ...patch, updatedAt: new Date() })
          .where(owned(userId, id))
          .returning(),
      );
      return row;
    },
    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(quickFilters).where(owned(userId, id)).returning({ id: quickFilters.id });
      return rows.length === 1;
    },
  };
}

export type QuickFiltersRepository = ReturnType<typeof createQuickFiltersRepository>;
