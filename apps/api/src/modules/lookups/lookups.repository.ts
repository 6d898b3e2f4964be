import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { agentflowStatuses, apiVendors, carriers, sources, statuses } from '../../db/schema';

/** Catalogs whose entries are `{ id, title }`. */
export type TitledCatalog = 'statuses' | 'agentflow_statuses' | 'sources';

const TITLED = { statuses, agentflow_statuses: agentflowStatuses, sources } as const;

export type CatalogSeed = {
  statuses: string[];
  agentflowStatuses: string[];
  sources: string[];
  apiVendors: { vendorName: string; vendorType: string }[];
  carriers: string[];
};

/** The company's catalogs (statuses, AgentFlow statuses, sources, API vendors, carriers). */
export function createLookupsRepository(db: Database) {
  return {
    async titled(catalog: TitledCatalog, companyId: number): Promise<{ id: number; title: string }[]> {
      const table = TITLED[catalog];
      return db
        .select({ id: table.id, title: table.title })
        .from(table)
        .where(eq(table.companyId, companyId))
        .orderBy(asc(table.position), asc(table.id));
    },

    async apiVendors(companyId: number): Promise<{ id: number; vendorName: string; vendorType: string }[]> {
      return db
        .select({ id: apiVendors.id, vendorName: apiVendors.vendorName, vendorType: apiVendors.vendorType })
        .from(apiVendors)
        .where(eq(apiVendors.companyId, companyId))
        .orderBy(asc(apiVendors.vendorName), asc(apiVendors.id));
    },

    async carriers(companyId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: carriers.id, name: carriers.name })
        .from(carriers)
        .where(eq(carriers.companyId, companyId))
        .orderBy(asc(carriers.name), asc(carriers.id));
    },

    /** Whether an entry of a catalog belongs to the company (another company's entry is as good as missing). */
    async has(catalog: TitledCatalog, companyId: number, id: number): Promise<boolean> {
      const table = TITLED[catalog];
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.companyId, companyId), eq(table.id, id)));
      return Boolean(row);
    },

    async countStatuses(companyId: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(statuses).where(eq(statuses.companyId, companyId));
      return row?.n ?? 0;
    },

    /** Adds a starting set of catalogs to a company (entries it already has are kept). */
    async seed(companyId: number, seed: CatalogSeed): Promise<void> {
      await db.transaction(async (tx) => {
        const titled = (titles: string[]) => titles.map((title, position) => ({ companyId, title, position }));
        await tx.insert(statuses).values(titled(seed.statuses)).onConflictDoNothing();
        await tx.insert(agentflowStatuses).values(titled(seed.agentflowStatuses)).onConflictDoNothing();
        await tx.insert(sources).values(titled(seed.sources)).onConflictDoNothing();
        await tx
          .insert(apiVendors)
          .values(seed.apiVendors.map((v, position) => ({ companyId, position, ...v })))
          .onConflictDoNothing();
        await tx
          .insert(carriers)
          .values(seed.carriers.map((name, position) => ({ companyId, name, position })))
          .onConflictDoNothing();
      });
    },
  };
}

export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
