import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { carriers, contacts, policies } from '../../db/schema';


/** Columns a service sets; amounts are numbers here and numeric strings in PostgreSQL. */
export type PolicyValues = {
  carrierId?: number | null;
  policyType?: string;
  policyNumber?: string | null;
  status?: string;
  premium?: number | null;
  premiumMode?: string;
  faceAmount?: number | null;
  applicationDate?: string | null;
  effectiveDate?: string | null;
  terminationDate?: string | null;
  note?: string | null;
};

export type PolicyRecord = {
  id: number;
  contactId: number;
  carrier: { id: number; name: string } | null;
  policyType: string;
  policyNumber: string | null;
  status: string;
  premium: number | null;
  premiumMode: string;
  faceAmount: number | null;
  applicationDate: string | null;
  effectiveDate: string | null;
  terminationDate: string | null;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Categories a placed policy turns into 'client'. */
const BEFORE_CLIENT = ['lead', 'prospect'];

const amount = (value: string | null) => (value === null ? null : Number(value));
const numeric = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : String(value));

function columns(values: PolicyValues) {
  const { premium, faceAmount, ...rest } = values;
  return { ...rest, premium: numeric(premium), faceAmount: numeric(faceAmount) };
}

/** A lead or prospect with a placed policy becomes a client (inside the policy's transaction). */
async function makeClient(tx: Tx, contactId: number): Promise<void> {
  await tx
    .update(contacts)
    .set({ category: 'client', updatedAt: new Date() })
    .where(and(eq(contacts.id, contactId), inArray(contacts.category, BEFORE_CLIENT)));
}

export function createPoliciesRepository(db: Database) {
  async function select(where: SQL | undefined): Promise<PolicyRecord[]> {
    const rows = await db
      .select({ policy: policies, carrierName: carriers.name })
      .from(policies)
      .leftJoin(carriers, eq(carriers.id, policies.carrierId))
      .where(where)
      .orderBy(desc(policies.createdAt), desc(policies.id));
    return rows.map(({ policy: p, carrierName }) => ({
      id: p.id,
      contactId: p.contactId,
      carrier: p.carrierId !== null && carrierName !== null ? { id: p.carrierId, name: carrierName } : null,
      policyType: p.policyType,
      policyNumber: p.policyNumber,
      status: p.status,
      premium: amount(p.premium),
      premiumMode: p.premiumMode,
      faceAmount: amount(p.faceAmount),
      applicationDate: p.applicationDate,
      effectiveDate: p.effectiveDate,
      terminationDate: p.terminationDate,
      note: p.note,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    }));
  }

  async function find(contactId: number, id: number): Promise<PolicyRecord | undefined> {
    const [row] = await select(and(eq(policies.contactId, contactId), eq(policies.id, id)));
    return row;
  }

  return {
    find,

    /** A contact's policies, newest first. */
    list: (contactId: number) => select(eq(policies.contactId, contactId)),

    /** Whether the carrier belongs to the company (another company's carrier is as good as missing). */
    async carrierOfCompany(companyId: number, carrierId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: carriers.id })
        .from(carriers)
        .where(and(eq(carriers.companyId, companyId), eq(carriers.id, carrierId)));
      return Boolean(row);
    },

    /** Adds a policy; `placed` makes a lead or prospect contact a client in the same transaction. */
    async insert(contactId: number, values: PolicyValues & { policyType: string }, placed: boolean): Promise<PolicyRecord> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(policies)
          .values({ ...columns(values), policyType: values.policyType, contactId })
          .returning({ id: policies.id });
        if (!row) throw new Error('Insert returned nothing');
        if (placed) await makeClient(tx, contactId);
        return row.id;
      });
      return (await find(contactId, id)) as PolicyRecord;
    },

    /** Changes a policy; `placed` as for insert. */
    async update(contactId: number, id: number, values: PolicyValues, placed: boolean): Promise<PolicyRecord | undefined> {
      await db.transaction(async (tx) => {
        await tx
          .update(policies)
          .set({ ...columns(values), updatedAt: new Date() })
          .where(and(eq(policies.contactId, contactId), eq(policies.id, id)));
        if (placed) await makeClient(tx, contactId);
      });
      return find(contactId, id);
    },

    async delete(contactId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(policies)
        .where(and(eq(policies.contactId, contactId), eq(policies.id, id)))
        .returning({ id: policies.id });
      return rows.length > 0;
    },
  };
}

export type PoliciesRepository = ReturnType<typeof createPoliciesRepository>;
