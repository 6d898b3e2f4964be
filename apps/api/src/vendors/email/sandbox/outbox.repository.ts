import type { Database } from '../../../db/database';
import { sandboxId } from '../../kit/sandbox/ids';
import { createSandboxStore, type SandboxObject } from '../../kit/sandbox/sandbox.repository';
import type { EmailMessage } from '../email.provider';

/** The outbox's name in the sandbox kit's store. */
export const OUTBOX_VENDOR = 'outbox';

/** A message in the outbox, newest first when listed. */
export type OutboxEmail = { id: string; to: string; replyTo: string | null; subject: string; text: string; html: string | null; createdAt: Date };

/** How the kit keeps a message: an object `email` (id `email_…`) owned by its recipient, so a recipient's messages are one list. */
type StoredEmail = SandboxObject & { object: 'email'; to: string; reply_to: string | null; subject: string; text: string; html: string | null; created_at: string };

const emailOf = (stored: SandboxObject): OutboxEmail => {
  const mail = stored as StoredEmail;
  return { id: mail.id, to: mail.to, replyTo: mail.reply_to, subject: mail.subject, text: mail.text, html: mail.html, createdAt: new Date(mail.created_at) };
};

/**
 * The local e-mail outbox (no SMTP_URL, outside production): every message sent, kept in the
 * sandbox kit's store (vendor `outbox`), read by /sandbox/outbox and by tests.
 */
export function createOutboxRepository(db: Database) {
  const store = createSandboxStore(db, OUTBOX_VENDOR, (object) => (typeof object.to === 'string' ? object.to : null));
  return {
    async add({ to, subject, text, html, replyTo }: EmailMessage): Promise<void> {
      const mail: StoredEmail = { id: sandboxId('email_'), object: 'email', to, reply_to: replyTo ?? null, subject, text, html: html ?? null, created_at: new Date().toISOString() };
      await store.insert(mail);
    },
    /** The newest messages (to one address, or to anyone), newest first. */
    async latest(to?: string, limit = 50): Promise<OutboxEmail[]> {
      const page = await store.pageOf(to ?? null, 'email', { limit });
      return (page?.data ?? []).map(emailOf);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
