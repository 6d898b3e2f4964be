import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CampaignChannel, CampaignTriggersQuery } from '@crm/contract';
import type { Database } from '../../db/database';
import { campaignTriggers } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type CampaignTriggerRow = typeof campaignTriggers.$inferSelect;
export type NewCampaignTrigger = typeof campaignTriggers.$inferInsert;

/** A second trigger of the same name in one scope. */
export class DuplicateCampaignTriggerName extends Error {}

/** Whose triggers a caller sees: their company's and their brand's own. */
export type TriggerReach = { brand: string; companyId: number };

const within = ({ brand, companyId }: TriggerReach): SQL =>
  and(eq(campaignTriggers.brand, brand), or(eq(campaignTriggers.companyId, companyId), isNull(campaignTriggers.companyId))) as SQL;

async function named<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateCampaignTriggerName();
    throw error;
  }
}

export function createCampaignTriggersRepository(db: Database) {
  return {
    /** A page of the triggers in reach, by name, with the filters of the admin list. */
    async page(reach: TriggerReach, query: CampaignTriggersQuery): Promise<{ rows: CampaignTriggerRow[]; total: number }> {
      const where = and(
        within(reach),
        query.trigger_type ? eq(campaignTriggers.triggerType, query.trigger_type) : undefined,
        query.recurrence ? eq(campaignTriggers.recurrence, query.recurrence) : undefined,
        query.channel ? eq(campaignTriggers.channel, query.channel) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(campaignTriggers)
          .where(where)
          .orderBy(asc(sql`lower(${campaignTriggers.name})`), asc(campaignTriggers.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(campaignTriggers).where(where),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /** The active triggers of a channel in reach, by name (what an agent is offered). */
    async usable(reach: TriggerReach, channel: CampaignChannel): Promise<CampaignTriggerRow[]> {
      return db
        .select()
        .from(campaignTriggers)
        .where(and(within(reach), eq(campaignTriggers.channel, channel), eq(campaignTriggers.active, true)))
        .orderBy(asc(sql`lower(${campaignTriggers.name})`), asc(campaignTriggers.id));
    },

    async find(reach: TriggerReach, id: number): Promise<CampaignTriggerRow | undefined> {
      const [row] = await db.select().from(campaignTriggers).where(and(within(reach), eq(campaignTriggers.id, id)));
      return row;
    },

    async insert(values: NewCampaignTrigger): Promise<CampaignTriggerRow> {
      const [row] = await named(db.insert(campaignTriggers).values(values).returning());
      return row as CampaignTriggerRow;
    },

    async update(id: number, values: Partial<NewCampaignTrigger>): Promise<CampaignTriggerRow> {
      const [row] = await named(db.update(campaignTriggers).set({ ...values, updatedAt: new Date() }).where(eq(campaignTriggers.id, id)).returning());
      return row as CampaignTriggerRow;
    },

    /** Inserts a trigger unless one of its name is in its scope (the demo seed, run again, adds nothing). */
    async ensure(values: NewCampaignTrigger): Promise<void> {
      await db.insert(campaignTriggers).values(values).onConflictDoNothing();
    },

    async delete(id: number): Promise<void> {
      await db.delete(campaignTriggers).where(eq(campaignTriggers.id, id));
    },
  };
}

export type CampaignTriggersRepository = ReturnType<typeof createCampaignTriggersRepository>;
