import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { TestApp } from './test-app';

/**
 * The mails sent to an address whose subject contains `subject`, once at least `count` of them are
 * in the outbox (account notices go through the job queue: the test app's workers must be started).
 */
export async function mailsTo(t: TestApp, to: string, subject: string, count = 1) {
  return vi.waitFor(
    async () => {
      const found = (await t.ctx.outbox.latest(to, 100)).filter((mail) => mail.subject.includes(subject));
      if (found.length < count) throw new Error(`${found.length} of ${count} mails "${subject}" to ${to} so far`);
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** The newest mail to an address with `subject` in its subject (waiting for it). */
export const mailTo = async (t: TestApp, to: string, subject: string) => (await mailsTo(t, to, subject))[0]!;

/** Account notices of a kind queued for a user (queued within the request that caused them, sent or not yet). */
export async function noticesQueued(t: TestApp, kind: string, userId: number): Promise<number> {
  const result = await t.ctx.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'account-notice' and data->>'kind' = ${kind} and (data->>'user_id')::int = ${userId}`,
  );
  return (result.rows[0] as { n: number }).n;
}
