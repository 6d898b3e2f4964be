import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactActivities, contactEmails, contactNotes, contacts } from '../../db/schema';

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
    /**
     * Records an activity by a user (with a call's outcome, and `noteBody` as a note in the Notes
     * tab) and mirrors it on the contact as its latest.
     */
    async recordActivity(
      contactId: number,
      userId: number,
      activityType: string,
      details: { outcome?: string | null; noteBody?: string | null } = {},
    ): Promise<{ id: number; outcome: string | null; noteId: number | null; createdAt: Date }> {
      return db.transaction(async (tx) => {
        const [note] = details.noteBody
          ? await tx.insert(contactNotes).values({ contactId, authorId: userId, body: details.noteBody }).returning({ id: contactNotes.id })
          : [];
        const [row] = await tx
          .insert(contactActivities)
          .values({ contactId, userId, activityType, outcome: details.outcome ?? null, noteId: note?.id ?? null })
          .returning({ id: contactActivities.id, outcome: contactActivities.outcome, noteId: contactActivities.noteId, createdAt: contactActivities.createdAt });
        if (!row) throw new Error('Insert returned nothing');
        await tx
          .update(contacts)
          .set({ lastActivityAt: row.createdAt, lastActivityType: activityType, updatedAt: new Date() })
          .where(eq(contacts.id, contactId));
        return row;
      });
    },

    /**
     * Deletes an activity `userId` logged on the contact, with the note it added; when it was the
     * contact's latest, the latest one left (or none) takes its place. False when there is no such activity.
     */
    async undoActivity(contactId: number, userId: number, activityId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(contactActivities)
          .where(and(eq(contactActivities.id, activityId), eq(contactActivities.contactId, contactId), eq(contactActivities.userId, userId)))
          .returning({ noteId: contactActivities.noteId, createdAt: contactActivities.createdAt, activityType: contactActivities.activityType });
        if (!gone) return false;
        if (gone.noteId !== null) await tx.delete(contactNotes).where(and(eq(contactNotes.id, gone.noteId), eq(contactNotes.contactId, contactId)));
        const [contact] = await tx.select({ at: contacts.lastActivityAt, type: contacts.lastActivityType }).from(contacts).where(eq(contacts.id, contactId));
        if (contact?.at?.getTime() === gone.createdAt.getTime() && contact.type === gone.activityType) {
          const [latest] = await tx
            .select({ at: contactActivities.createdAt, type: contactActivities.activityType })
            .from(contactActivities)
            .where(eq(contactActivities.contactId, contactId))
            .orderBy(desc(contactActivities.createdAt), desc(contactActivities.id))
            .limit(1);
          await tx
            .update(contacts)
            .set({ lastActivityAt: latest?.at ?? null, lastActivityType: latest?.type ?? null, updatedAt: new Date() })
            .where(eq(contacts.id, contactId));
        }
        return true;
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
