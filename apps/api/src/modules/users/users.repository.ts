import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@crm/contract';
import { isBrandId, type BrandId } from '@crm/brand-config';
import type { Database } from '../../db/database';
import type { StoredOverride } from '../feature-flags/feature-flags.repository';
import { apiKeys, companies, favoriteUsers, featureFlagOverrides, quickFilters, roles, twoFactorRecoveryCodes, userRoles, users } from '../../db/schema';
import { identityCacheOf, type IdentityChanges } from '../../db/identity-changes';
import { preparedStatement } from '../../db/sql-helpers';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

/** A user row's patch that revokes the API token (crmu_…). */
export const NO_API_TOKEN = { apiTokenDigest: null, apiTokenPrefix: null, apiTokenCreatedAt: null } satisfies UserPatch;

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
  /** The company's feature-flag overrides as stored (the flags' evaluation reads them). */
  flagOverrides: StoredOverride[];
};

type RelationsRow = {
  company: { id: number; name: string; domainName: string; brand: string };
  upline: { id: number; firstName: string; lastName: string } | null;
  roles: string[];
  api_keys: { id: number; name: string }[];
  quick_filters: { id: number; name: string }[];
  favorite_users: { id: number; firstName: string; lastName: string }[];
  flag_overrides: StoredOverride[];
};

function brandOf(company: { id: number; brand: string }): BrandId {
  if (!isBrandId(company.brand)) throw new Error(`Company ${company.id} has an unknown brand "${company.brand}"`);
  return company.brand;
}

/** `identityChanges`: keep each user's relations in memory until a change to them (the API; tools read them each time). */
export function createUsersRepository(db: Database, identityChanges?: IdentityChanges) {
  const keptRelations = identityCacheOf<UserRelations>(identityChanges);
  const relationsOf = preparedStatement<RelationsRow>(
    db,
    'user_relations',
    sql`select
      json_build_object('id', ${companies.id}, 'name', ${companies.name}, 'domainName', ${companies.domainName}, 'brand', ${companies.brand}) as company,
      (select json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName})
         from ${users} where ${users.id} = ${sql.placeholder('upline')}) as upline,
      array(select r.name from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${sql.placeholder('user')} order by r.id) as roles,
      coalesce((select json_agg(json_build_object('id', ${apiKeys.id}, 'name', ${apiKeys.name}) order by ${apiKeys.id})
         from ${apiKeys} where ${apiKeys.userId} = ${sql.placeholder('user')}), '[]') as api_keys,
      coalesce((select json_agg(json_build_object('id', ${quickFilters.id}, 'name', ${quickFilters.name}) order by lower(${quickFilters.name}), ${quickFilters.id})
         from ${quickFilters} where ${quickFilters.userId} = ${sql.placeholder('user')}), '[]') as quick_filters,
      coalesce((select json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName})
           order by ${users.firstName}, ${users.lastName}, ${users.id})
         from ${favoriteUsers} join ${users} on ${users.id} = ${favoriteUsers.favoriteId} where ${favoriteUsers.userId} = ${sql.placeholder('user')}), '[]') as favorite_users,
      coalesce((select json_agg(json_build_object('flag', ${featureFlagOverrides.flag}, 'role', ${featureFlagOverrides.role}, 'enabled', ${featureFlagOverrides.enabled}))
         from ${featureFlagOverrides} where ${featureFlagOverrides.companyId} = ${companies.id}), '[]') as flag_overrides
    from ${companies} where ${companies.id} = ${sql.placeholder('company')}`,
  );
  /** Everything "Current user" shows besides the user row: one prepared statement (users/me runs it on every load). */
  async function readRelations(user: UserRow): Promise<UserRelations> {
    const [row] = await relationsOf({ user: user.id, upline: user.uplineId ?? 0, company: user.companyId });
    if (!row) throw new Error(`User ${user.id} has no company`);
    return {
      company: { id: row.company.id, name: row.company.name, domainName: row.company.domainName, brand: brandOf(row.company) },
      upline: row.upline,
      roles: row.roles as Role[],
      apiKeys: row.api_keys,
      quickFilters: row.quick_filters,
      favoriteUsers: row.favorite_users,
      flagOverrides: row.flag_overrides,
    };
  }

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

    /** Changes the user; a new password hash is unchecked by the password rule unless the patch says which version it passed. */
    async update(id: number, patch: UserPatch): Promise<UserRow> {
      const unchecked = patch.passwordHash !== undefined && patch.passwordRuleVersion === undefined;
      const [row] = await db
        .update(users)
        .set({ ...patch, ...(unchecked && { passwordRuleVersion: null }), updatedAt: new Date() })
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

    /** Everything "Current user" shows besides the user row (readRelations), kept until a change to it. */
    async relations(user: UserRow): Promise<UserRelations> {
      return keptRelations.get(String(user.id), () => readRelations(user), () => ({ userId: user.id, companyId: user.companyId }));
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
