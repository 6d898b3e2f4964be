import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ssoRequests } from '../../db/schema';

export function createSsoRepository(db: Database) {
  return {
    async save(request: typeof ssoRequests.$inferInsert): Promise<void> {
      await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date()));
      await db.insert(ssoRequests).values(request);
    },
    /** Takes a pending request once: a replayed callback finds nothing. */
    async take(state: string) {
      const [row] = await db
        .delete(ssoRequests)
        .where(and(eq(ssoRequests.state, state), gt(ssoRequests.expiresAt, new Date())))
        .returning();
      return row;
    },
  };
}
