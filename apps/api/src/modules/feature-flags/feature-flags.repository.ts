import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { companies, featureFlagOverrides, users } from '../../db/schema';

/** An override as stored: flag and role are plain text (a flag removed from the code may linger). */
export type StoredOverride = { flag: string; role: string | null; enabled: boolean };

export type OverrideListRow = StoredOverride & {
  id: number;
  updatedAt: Date;
  updatedBy: { id: number; firstName: string; lastName: string } | null;
};

/** One change: enabled true/false sets the override, null removes it. role null is the whole company. */
export type OverrideChange = { flag: string; role: string | null; enabled: boolean | null };

export function createFeatureFlagsRepository(db: Database) {
  const updater = alias(users, 'updater');
  // Every flag-gated request reads them: prepared once per connection.
  const overrides = db
    .select({ flag: featureFlagOverrides.flag, role: featureFlagOverrides.role, enabled: featureFlagOverrides.enabled })
    .from(featureFlagOverrides)
    .where(eq(featureFlagOverrides.companyId, sql.placeholder('company')))
    .prepare('flag_overrides_of');
  return {
    /** The overrides of a company, as the flag evaluation takes them. */
    overridesOf: (companyId: number): Promise<StoredOverride[]> => overrides.execute({ company: companyId }),

    async listForCompany(companyId: number): Promise<OverrideListRow[]> {
      const rows = await db
        .select({
          id: featureFlagOverrides.id,
          flag: featureFlagOverrides.flag,
          role: featureFlagOverrides.role,
          enabled: featureFlagOverrides.enabled,
          updatedAt: featureFlagOverrides.updatedAt,
          updaterId: updater.id,
          updaterFirst: updater.firstName,
          updaterLast: updater.lastName,
        })
        .from(featureFlagOverrides)
        .leftJoin(updater, eq(updater.id, featureFlagOverrides.updatedById))
        .where(eq(featureFlagOverrides.companyId, companyId))
        .orderBy(asc(featureFlagOverrides.flag), sql`${featureFlagOverrides.role} asc nulls first`);
      return rows.map((r) => ({
        id: r.id,
        flag: r.flag,
        role: r.role,
        enabled: r.enabled,
        updatedAt: r.updatedAt,
        updatedBy: r.updaterId === null ? null : { id: r.updaterId, firstName: r.updaterFirst ?? '', lastName: r.updaterLast ?? '' },
      }));
    },

    /** Applies every change in one transaction (an upsert on company, flag and role, or a delete). */
    async apply(companyId: number, changes: OverrideChange[], updatedById: number): Promise<void> {
      await db.transaction(async (tx) => {
        for (const change of changes) {
          if (change.enabled === null) {
            await tx
              .delete(featureFlagOverrides)
              .where(
                and(
                  eq(featureFlagOverrides.companyId, companyId),
                  eq(featureFlagOverrides.flag, change.flag),
                  sql`${featureFlagOverrides.role} is not distinct from ${change.role}`,
                ),
              );
            continue;
          }
          // The unique index is on an expression (coalesce(role, '')), which Drizzle's conflict target cannot name.
          await tx.execute(sql`
            insert into ${featureFlagOverrides} (company_id, flag, role, enabled, updated_by_id, updated_at)
            values (${companyId}, ${change.flag}, ${change.role}, ${change.enabled}, ${updatedById}, now())
            on conflict (company_id, flag, (coalesce(role, ''))) do update
              set enabled = excluded.enabled, updated_by_id = excluded.updated_by_id, updated_at = excluded.updated_at`);
        }
      });
    },

    async activeFlag(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ flag: companies.activeFeatureFlag })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.flag ?? null;
    },

    async setActiveFlag(companyId: number, flag: string | null): Promise<void> {
      await db.update(companies).set({ activeFeatureFlag: flag, updatedAt: new Date() }).where(eq(companies.id, companyId));
    },
  };
}

export type FeatureFlagsRepository = ReturnType<typeof createFeatureFlagsRepository>;
