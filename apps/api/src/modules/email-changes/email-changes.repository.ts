import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { emailChanges, type EmailChangeState } from '../../db/schema';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

export function createEmailChangesRepository(db: Database) {
  return {
    async pendingOf(userId: number): Promise<EmailChangeRow | undefined> {
      return db.query.emailChanges.findFirst({ where: and(eq(emailChanges.userId, userId), eq(emailChanges.state, 'pending')) });
    },

    /** Stores a new pending change; the user's earlier pending one (if any) is superseded in the same transaction. */
    async replacePending(values: typeof emailChanges.$inferInsert): Promise<EmailChangeRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(emailChanges)
          .set({ state: 'superseded', decidedAt: new Date() })
          .where(and(eq(emailChanges.userId, values.userId), eq(emailChanges.state, 'pending')));
        const [row] = await tx.insert(emailChanges).values(values).returning();
        if (!row) throw new Error('Insert returned nothing');
        return row;
      });
    },

    async findByToken(tokenDigest: string): Promise<EmailChangeRow | undefined> {
      return db.query.emailChanges.findFirst({ where: eq(emailChanges.tokenDigest, tokenDigest) });
    },

    async findByCancelToken(cancelTokenDigest: string): Promise<EmailChangeRow | undefined> {
      return db.query.emailChanges.findFirst({ where: eq(emailChanges.cancelTokenDigest, cancelTokenDigest) });
    },

    /** Moves a change from one state to another; false when it was no longer in `from` (another request decided it). */
    async decide(id: number, from: EmailChangeState, to: EmailChangeState): Promise<boolean> {
      const rows = await db
        .update(emailChanges)
        .set({ state: to, decidedAt: new Date() })
        .where(and(eq(emailChanges.id, id), eq(emailChanges.state, from)))
        .returning({ id: emailChanges.id });
      return rows.length === 1;
    },

    /** A new confirmation token (and expiry) for the pending change, for a resend. */
    async renewToken(id: number, tokenDigest: string, expiresAt: Date): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .update(emailChanges)
        .set({ tokenDigest, expiresAt })
        .where(and(eq(emailChanges.id, id), eq(emailChanges.state, 'pending')))
        .returning();
      return row;
    },
  };
}

export type EmailChangesRepository = ReturnType<typeof createEmailChangesRepository>;
