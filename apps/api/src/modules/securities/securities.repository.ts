import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { securities } from '../../db/schema';

/** Columns a service sets; quantity and value are numbers here and numeric strings in PostgreSQL. */
export type SecurityValues = {
  securityType?: string;
  name?: string;
  symbol?: string | null;
  institution?: string | null;
  accountNumber?: string | null;
  quantity?: number | null;
  value?: number | null;
  asOfDate?: string | null;
  note?: string | null;
};

export type SecurityRecord = {
  id: number;
  contactId: number;
  securityType: string;
  name: string;
  symbol: string | null;
  institution: string | null;
  /** Whole, as stored; the service masks it. */
  accountNumber: string | null;
  quantity: number | null;
  value: number | null;
  asOfDate: string | null;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const toNumber = (value: string | null) => (value === null ? null : Number(value));
const numeric = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : String(value));

function columns(values: SecurityValues) {
  const { quantity, value, ...rest } = values;
  return { ...rest, quantity: numeric(quantity), value: numeric(value) };
}

export function createSecuritiesRepository(db: Database) {
  async function select(where: SQL | undefined): Promise<SecurityRecord[]> {
    const rows = await db.select().from(securities).where(where).orderBy(desc(securities.createdAt), desc(securities.id));
    return rows.map((r) => ({ ...r, quantity: toNumber(r.quantity), value: toNumber(r.value) }));
  }

  async function find(contactId: number, id: number): Promise<SecurityRecord | undefined> {
    const [row] = await select(and(eq(securities.contactId, contactId), eq(securities.id, id)));
    return row;
  }

  return {
    find,

    /** A contact's securities, newest first. */
    list: (contactId: number) => select(eq(securities.contactId, contactId)),

    async insert(contactId: number, values: SecurityValues & { securityType: string; name: string }): Promise<SecurityRecord> {
      const [row] = await db
        .insert(securities)
        .values({ ...columns(values), securityType: values.securityType, name: values.name, contactId })
        .returning({ id: securities.id });
      if (!row) throw new Error('Insert returned nothing');
      return (await find(contactId, row.id)) as SecurityRecord;
    },

    async update(contactId: number, id: number, values: SecurityValues): Promise<SecurityRecord | undefined> {
      await db
        .update(securities)
        .set({ ...columns(values), updatedAt: new Date() })
        .where(and(eq(securities.contactId, contactId), eq(securities.id, id)));
      return find(contactId, id);
    },

    async delete(contactId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(securities)
        .where(and(eq(securities.contactId, contactId), eq(securities.id, id)))
        .returning({ id: securities.id });
      return rows.length > 0;
    },
  };
}

export type SecuritiesRepository = ReturnType<typeof createSecuritiesRepository>;
