import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { smsConsentChanges } from '../../db/schema';

export type ConsentChangeRow = typeof smsConsentChanges.$inferSelect;
export type NewConsentChange = Omit<typeof smsConsentChanges.$inferInsert, 'id' | 'createdAt'>;

/** The consent changes of numbers, per company: added, never changed. */
export function createConsentRepository(db: Database) {
  return {
    /** Adds a change; a keyword message already recorded (same company and message id) adds nothing and answers the row kept. */
    async insert(change: NewConsentChange): Promise<ConsentChangeRow> {
      const [row] = await db.insert(smsConsentChanges).values(change).onConflictDoNothing().returning();
      if (row) return row;
      const [kept] = await db
        .select()
        .from(smsConsentChanges)
        .where(and(eq(smsConsentChanges.companyId, change.companyId), eq(smsConsentChanges.sourceMessageId, change.sourceMessageId ?? '')));
      if (!kept) throw new Error('consent change neither inserted nor found');
      return kept;
    },

    /** The number's latest change in the company, or undefined when it has none. */
    async latest(companyId: number, number: string): Promise<ConsentChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(smsConsentChanges)
        .where(and(eq(smsConsentChanges.companyId, companyId), eq(smsConsentChanges.number, number)))
        .orderBy(desc(smsConsentChanges.occurredAt), desc(smsConsentChanges.id))
        .limit(1);
      return row;
    },

    /** Every change of the number in the company, oldest first. */
    history: (companyId: number, number: string) =>
      db
        .select()
        .from(smsConsentChanges)
        .where(and(eq(smsConsentChanges.companyId, companyId), eq(smsConsentChanges.number, number)))
        .orderBy(asc(smsConsentChanges.occurredAt), asc(smsConsentChanges.id)),
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;
