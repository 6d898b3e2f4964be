import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { outboxEmails } from '../../db/schema';
import type { EmailMessage } from './email.provider';

export function createOutboxRepository(db: Database) {
  return {
    async add({ to, subject, text, html, replyTo }: EmailMessage): Promise<void> {
      await db.insert(outboxEmails).values({ to, subject, text, html: html ?? null, replyTo: replyTo ?? null });
    },
    async latest(to?: string, limit = 50) {
      return db
        .select()
        .from(outboxEmails)
        .where(to ? eq(outboxEmails.to, to) : undefined)
        .orderBy(desc(outboxEmails.id))
        .limit(limit);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
