import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@crm/contract';
import { isBrandId, type BrandId } from '@crm/brand-config';
import type { Database } from '../../db/database';
import { alias } from 'drizzle-orm/pg-core';
import { apiKeys, companies, favoriteUsers, quickFilters, roles, twoFactorRecoveryCodes, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** A user with their roles and their company's brand: who a request's caller is. */
export type UserAccess = { user: UserRow; roles: Role[]; brand: BrandId };

/**
 * The columns of a UserAccess, for a select from users joined with their company (here, and where
 * a request's session is looked up with its user in one statement); userAccess reads them back.
 */
export const USER_ACCESS = {
  user: users,
  companyId: companies.id,
  brand: companies.brand,
  roles: sql<string[]>`array(select r.name from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id})`,
};

export function userAccess(row: { user: UserRow; companyId: number; brand: string; roles: string[] }): UserAccess {
  return { user: row.user, roles: row.roles as Role[], brand: brandOf({ id: row.companyId, brand: row.brand }) };
}

export type UserRelations = {
  company: { id: number; name: string; domainName: string; brand: BrandId };
  upline: { id: number; firstName: string; lastName: string } | null;
  roles: Role[];
  apiKeys: { id: number; name: string }[];
  quickFilters: { id: number; name: string }[];
  favoriteUsers: { id: number; firstName: string; lastName: string }[];
};

function brandOf(company: { id: number; brand: string }): BrandId {
  if (!isBrandId(company.brand)) throw new Error(`Company ${company.id} has an unknown brand "${company.brand}"`);
  return company.brand;
}

export function createUsersRepository(db: Database) {
  /** How many unused recovery codes the user has. */
  async function recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), sql`${twoFactorRecoveryCodes.usedAt} is null`));
    return Number(row?.n ?? 0);
  }

  return {
    recoveryCodesLeft,

    async findById(id: number): Promise<UserRow | undefined> {
      return db.query.users.findFirst({ where: eq(users.id, id) });
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.query.users.findFirst({ where: eq(users.email, email) });
    },

    async findByResetDigest(resetDigest: string): Promise<UserRow | undefined> {
      return db.query.users.findFirst({ where: eq(users.resetPasswordDigest, resetDigest) });
    },

    async findByApiTokenDigest(tokenDigest: string): Promise<UserRow | undefined> {
      return db.query.users.findFirst({ where: eq(users.apiTokenDigest, tokenDigest) });
    },

    async update(id: number, patch: UserPatch): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`User ${id} vanished during update`);
      return row;
    },

    /** Sets last_otp_at only when the step is newer than the last accepted one: a code works once, even under races. */
    async claimOtpStep(id: number, step: Date): Promise<boolean> {
      const result = await db
        .update(users)
        .set({ lastOtpAt: step, emailOtpDigest: null, emailOtpExpiresAt: null })
        .where(and(eq(users.id, id), sql`(${users.lastOtpAt} is null or ${users.lastOtpAt} < ${step.toISOString()})`))
        .returning({ id: users.id });
      return result.length === 1;
    },

    /** Replaces the user's recovery codes with these digests (none: removes them), in one transaction. */
    async replaceRecoveryCodes(userId: number, digests: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        if (digests.length) await tx.insert(twoFactorRecoveryCodes).values(digests.map((codeDigest) => ({ userId, codeDigest })));
      });
    },

    /**
     * Uses up an unused recovery code: only one request can mark it used. The codes left after it,
     * or null when the digest matches no unused code of the user.
     */
    async claimRecoveryCode(userId: number, codeDigest: string): Promise<number | null> {
      const result = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeDigest, codeDigest), sql`${twoFactorRecoveryCodes.usedAt} is null`))
        .returning({ id: twoFactorRecoveryCodes.id });
      if (result.length !== 1) return null;
      return recoveryCodesLeft(userId);
    },

    /** Uses up an e-mailed code: only one request can clear the digest it matches. */
    async claimEmailCode(id: number, codeDigest: string): Promise<boolean> {
      const result = await db
        .update(users)
        .set({ emailOtpDigest: null, emailOtpExpiresAt: null, lastOtpAt: sql`greatest(${users.lastOtpAt}, now())` })
        .where(and(eq(users.id, id), eq(users.emailOtpDigest, codeDigest), sql`${users.emailOtpExpiresAt} > now()`))
        .returning({ id: users.id });
      return result.length === 1;
    },

    async relations(user: UserRow): Promise<UserRelations> {
      const favorite = alias(users, 'favorite');
      const [company, upline, roleRows, keyRows, filterRows, favoriteRows] = await Promise.all([
        db.query.companies.findFirst({ where: eq(companies.id, user.companyId) }),
        user.uplineId ? db.query.users.findFirst({ where: eq(users.id, user.uplineId) }) : undefined,
        db
          .select({ name: roles.name })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(userRoles.userId, user.id))
          .orderBy(asc(roles.id)),
        db
          .select({ id: apiKeys.id, name: apiKeys.name })
          .from(apiKeys)
          .where(eq(apiKeys.userId, user.id))
          .orderBy(asc(apiKeys.id)),
        db
          .select({ id: quickFilters.id, name: quickFilters.name })
          .from(quickFilters)
          .where(eq(quickFilters.userId, user.id))
          .orderBy(asc(sql`lower(${quickFilters.name})`), asc(quickFilters.id)),
        db
          .select({ id: favorite.id, firstName: favorite.firstName, lastName: favorite.lastName })
          .from(favoriteUsers)
          .innerJoin(favorite, eq(favorite.id, favoriteUsers.favoriteId))
          .where(eq(favoriteUsers.userId, user.id))
          .orderBy(asc(favorite.firstName), asc(favorite.lastName), asc(favorite.id)),
      ]);
      if (!company) throw new Error(`User ${user.id} has no company`);
      return {
        company: { id: company.id, name: company.name, domainName: company.domainName, brand: brandOf(company) },
        upline: upline ? { id: upline.id, firstName: upline.firstName, lastName: upline.lastName } : null,
        roles: roleRows.map((r) => r.name as Role),
        apiKeys: keyRows,
        quickFilters: filterRows,
        favoriteUsers: favoriteRows,
      };
    },

    /** The brand of a company (users belong to a brand through their company). */
    /** A user with what every request checks (roles, the company's brand), in one statement. */
    async findWithAccess(id: number): Promise<UserAccess | undefined> {
      const [row] = await db.select(USER_ACCESS).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, id));
      return row && userAccess(row);
    },
    /** The company's name and brand (the password rule's words of the account). */
    async companyNameAndBrand(companyId: number): Promise<{ name: string; brand: BrandId }> {
      const [row] = await db
        .select({ id: companies.id, name: companies.name, brand: companies.brand })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!row) throw new Error(`Company ${companyId} not found`);
      return { name: row.name, brand: brandOf(row) };
    },
    async companyBrand(companyId: number): Promise<BrandId> {
      const [row] = await db.select({ id: companies.id, brand: companies.brand }).from(companies).where(eq(companies.id, companyId));
      if (!row) throw new Error(`Company ${companyId} not found`);
      return brandOf(row);
    },
    async roleNames(userId: number): Promise<Role[]> {
      const rows = await db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      return rows.map((r) => r.name as Role);
    },

    /** Whether `memberId` is anywhere below `uplineId` in the upline tree. */
    async isInDownline(uplineId: number, memberId: number): Promise<boolean> {
      const result = await db.execute<{ found: boolean }>(sql`
        with recursive downline as (
          select id from ${users} where upline_id = ${uplineId}
          union
          select u.id from ${users} u join downline d on u.upline_id = d.id
        )
        select exists(select 1 from downline where id = ${memberId}) as found`);
      return Boolean(result.rows[0]?.found);
    },

    async insert(user: NewUser, roleNames: Role[]): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).returning();
        if (!row) throw new Error('Insert returned nothing');
        const roleRows = await tx.select().from(roles).where(inArray(roles.name, roleNames));
        if (roleRows.length) await tx.insert(userRoles).values(roleRows.map((r) => ({ userId: row.id, roleId: r.id })));
        return row;
      });
    },

    async insertCompany(name: string, domainName: string, brand: BrandId) {
      const [row] = await db.insert(companies).values({ name, domainName, brand }).returning();
      if (!row) throw new Error('Insert returned nothing');
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
