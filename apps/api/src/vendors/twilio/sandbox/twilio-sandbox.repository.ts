import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { sandboxObjects } from '../../../db/schema';
import { createSandboxStore, type SandboxObject } from '../../kit/sandbox/sandbox.repository';

/**
 * Who owns an object in the Twilio sandbox, for the kit's lists: a message its recipient (the texts
 * a phone received), an opt-out the phone that sent STOP, a number its account.
 */
function ownerOf(object: SandboxObject): string | null {
  if (object.object === 'message' || object.object === 'opt_out') return typeof object.to === 'string' ? object.to : typeof object.phone === 'string' ? object.phone : null;
  if (object.object === 'incoming_phone_number') return typeof object.account_sid === 'string' ? object.account_sid : null;
  return null;
}

/** The Twilio sandbox's messages, numbers, opt-outs and callbacks: the kit's store under vendor 'twilio'. */
export function createTwilioSandboxRepository(db: Database) {
  return {
    ...createSandboxStore(db, 'twilio', ownerOf),
    /** Every number the product has texted, for the sandbox phone's list. */
    async phonesTexted(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ to: sql<string>`${sandboxObjects.data}->>'to'` })
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.vendor, 'twilio'), eq(sandboxObjects.object, 'message'), sql`${sandboxObjects.data}->>'direction' = 'outbound-api'`))
        .orderBy(sql`${sandboxObjects.data}->>'to'`)
        .limit(200);
      return rows.map((r) => r.to);
    },
  };
}

export type TwilioSandboxRepository = ReturnType<typeof createTwilioSandboxRepository>;
