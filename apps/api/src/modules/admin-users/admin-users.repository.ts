import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@crm/contract';
import type { Database } from '../../db/database';
import { roles, userRoles, users } from '../../db/schema';

export type AdminUserOrderField = 'last_name' | 'first_name' | 'email' | 'created_at' | 'account_type';

export type AdminUserQuery = {
  q?: string;
  /** Only the users anywhere below this user in the upline tree (a regional manager's or business-unit admin's reach). */
  downlineOf?: number;
  page: number;
  limit: number;
  orderField: AdminUserOrderField;
  order: 'asc' | 'desc';
};

export type AdminUserRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  accountType: string;
  title: string | null;
  active: boolean;
  createdAt: Date;
  upline: { id: number; firstName: string; lastName: string } | null;
  roles: Role[];
};

const ORDER_COLUMNS = {
  last_name: users.lastName,
  first_name: users.firstName,
  email: users.email,
  created_at: users.createdAt,
  account_type: users.accountType,
} as const;

/** `100%_sure` → `100\%\_sure`: the text is matched literally inside ILIKE's wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createAdminUsersRepository(db: Database) {
  const upline = alias(users, 'upline');

  const selection = {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    accountType: users.accountType,
    title: users.title,
    active: users.active,
    createdAt: users.createdAt,
    uplineId: upline.id,
    uplineFirst: upline.firstName,
    uplineLast: upline.lastName,
  };

  async function rolesOf(ids: number[]): Promise<Map<number, Role[]>> {
    const byUser = new Map<number, Role[]>();
    if (!ids.length) return byUser;
    const rows = await db
      .select({ userId: userRoles.userId, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(roles.id));
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.name as Role]);
    return byUser;
  }

  async function load(where: SQL | undefined, query?: AdminUserQuery): Promise<AdminUserRow[]> {
    let statement = db.select(selection).from(users).leftJoin(upline, eq(upline.id, users.uplineId)).where(where).$dynamic();
    if (query) {
      const column = ORDER_COLUMNS[query.orderField];
      statement = statement
        .orderBy(query.order === 'desc' ? desc(column) : asc(column), asc(users.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
    }
    const rows = await statement;
    const roleMap = await rolesOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      accountType: r.accountType,
      title: r.title,
      active: r.active,
      createdAt: r.createdAt,
      upline: r.uplineId === null ? null : { id: r.uplineId, firstName: r.uplineFirst ?? '', lastName: r.uplineLast ?? '' },
      roles: roleMap.get(r.id) ?? [],
    }));
  }

  return {
    /** A page of a company's users (or of one user's downline), searched by first name, last name, full name or e-mail (case-insensitive). */
    async list(companyId: number, query: AdminUserQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
      const q = query.q?.trim();
      const pattern = q ? likePattern(q) : undefined;
      const where = and(
        eq(users.companyId, companyId),
        query.downlineOf === undefined
          ? undefined
          : sql`${users.id} in (
              with recursive downline as (
                select id from ${users} where upline_id = ${query.downlineOf}
                union
                select u.id from ${users} u join downline d on u.upline_id = d.id
              )
              select id from downline)`,
        pattern
          ? or(
              sql`${users.firstName} ilike ${pattern}`,
              sql`${users.lastName} ilike ${pattern}`,
              sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
              sql`${users.email}::text ilike ${pattern}`,
            )
          : undefined,
      );
      const [rows, [count]] = await Promise.all([
        load(where, query),
        db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },

    /** A user of this company, or undefined (another company's user is as good as missing). */
    async findInCompany(companyId: number, id: number): Promise<AdminUserRow | undefined> {
      const [row] = await load(and(eq(users.companyId, companyId), eq(users.id, id)));
      return row;
    },

    /** Replaces a user's roles; the first becomes the account type. */
    async setRoles(userId: number, roleNames: Role[]): Promise<void> {
      await db.transaction(async (tx) => {
        const roleRows = await tx.select().from(roles).where(inArray(roles.name, roleNames));
        const ids = roleNames.map((name) => roleRows.find((r) => r.name === name)?.id);
        if (ids.some((id) => id === undefined)) throw new Error(`Unknown role in ${roleNames.join(', ')}`);
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        await tx.insert(userRoles).values(ids.map((roleId) => ({ userId, roleId: roleId as number })));
        await tx
          .update(users)
          .set({ accountType: roleNames[0] as Role, updatedAt: new Date() })
          .where(eq(users.id, userId));
      });
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
