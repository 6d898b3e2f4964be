import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactActivities, contactEmails, contacts } from '../../db/schema';

/** How an e-mail was checked, as stored (see contactEmail in the contract). */
export type EmailCheck = {
  verification: 'valid' | 'invalid' | 'unknown' | 'forced';
  verified: boolean;
  verifiedAt: Date | null;
};

/**
 * Writes of the contact actions (activity, e-mail verification, linked contact). Reach is checked
 * by the service before any of these run.
 */
export function createContactActionsRepository(db: Database) {
  return {
    /** Records an activity by a user and mirrors it on the contact as its latest. */
    async recordActivity(contactId: number, userId: number, activityType: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactActivities)
          .values({ contactId, userId, activityType })
          .returning({ createdAt: contactActivities.createdAt });
        await tx
          .update(contacts)
          .set({
            lastActivityAt: row?.createdAt ?? new Date(),
            lastActivityType: activityType,
            updatedAt: new Date(),
          })
          .where(eq(contacts.id, contactId));
      });
    },

    /** Sets the check result of these e-mails of the contact (ids of other contacts are left alone). */
    async setEmailChecks(
      contactId: number,
      checks: { id: number; check: EmailCheck }[],
    ): Promise<void> {
      if (!checks.length) return;
      await db.transaction(async (tx) => {
        for (const { id, check } of checks) {
          await tx
            .update(contactEmails)
            .set(check)
            .where(and(eq(contactEmails.id, id), eq(contactEmails.contactId, contactId)));
        }
      });
    },

    /**
     * Links two contacts both ways, or with `otherId` null unlinks the contact. Whoever was linked to
     * either of them before (and whatever they were linked to) is unlinked first.
     */
    async link(contactId: number, otherId: number | null): Promise<void> {
      const pair = otherId === null ? [contactId] : [contactId, otherId];
      await db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(contacts)
          .set({ linkedContactId: null, updatedAt: now })
          .where(or(inArray(contacts.id, pair), inArray(contacts.linkedContactId, pair)));
        if (otherId === null) return;
        await tx
          .update(contacts)
          .set({ linkedContactId: otherId, updatedAt: now })
          .where(eq(contacts.id, contactId));
        await tx
          .update(contacts)
          .set({ linkedContactId: contactId, updatedAt: now })
          .where(eq(contacts.id, otherId));
      });
    },
  };
}

export type ContactActionsRepository = ReturnType<typeof createContactActionsRepository>;
