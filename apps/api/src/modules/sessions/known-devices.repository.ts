import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { knownDevices } from '../../db/schema';
import type { Device } from '../../lib/device';

export function createKnownDevicesRepository(db: Database) {
  return {
    /**
     * Notes a sign-in from `device`: 'known' when the user signed in from it before, 'first' when it
     * is the user's first device ever, else 'new'. Two sign-ins at once from one new device insert once.
     */
    async note(userId: number, device: Device, at: Date): Promise<'known' | 'first' | 'new'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`known_devices:${userId}`}, 0))`);
        const [known] = await tx
          .update(knownDevices)
          .set({ lastSeenAt: at })
          .where(and(eq(knownDevices.userId, userId), eq(knownDevices.browser, device.browser), eq(knownDevices.network, device.network)))
          .returning({ id: knownDevices.id });
        if (known) return 'known';
        const [any] = await tx.select({ id: knownDevices.id }).from(knownDevices).where(eq(knownDevices.userId, userId)).limit(1);
        await tx.insert(knownDevices).values({ userId, ...device, lastSeenAt: at });
        return any ? 'new' : 'first';
      });
    },
  };
}

export type KnownDevicesRepository = ReturnType<typeof createKnownDevicesRepository>;
