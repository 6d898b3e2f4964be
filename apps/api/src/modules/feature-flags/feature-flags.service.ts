import {
  endpoints,
  FLAG_NAMES,
  ROLES,
  type FlagName,
  type FlagOverrideRow,
  type ParsedBodyOf,
  type ResponseOf,
  type Role,
} from '@crm/contract';
import { BRANDS, resolveFlag, resolveFlags, type BrandId, type FlagOverride } from '@crm/brand-config';
import { isProduction, type Env } from '../../env';
import { unprocessable, type FieldErrors } from '../../lib/http-errors';
import type { AuditRepository } from '../audit/audit.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { fullName } from '../users/current-user';
import type { FeatureFlagsRepository, StoredOverride } from './feature-flags.repository';

export type Features = Record<FlagName, boolean>;

/** Whose flags: a user of a company of a brand, with their role (profile.account_type). */
export type FlagSubject = { brand: BrandId; companyId: number; role: Role };

export function isFlagName(value: unknown): value is FlagName {
  return typeof value === 'string' && (FLAG_NAMES as readonly string[]).includes(value);
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Stored overrides the evaluation understands (a flag or role the code no longer knows is ignored). */
function usable(rows: StoredOverride[]): FlagOverride[] {
  return rows.flatMap((r) =>
    isFlagName(r.flag) && (r.role === null || isRole(r.role)) ? [{ flag: r.flag, role: r.role, enabled: r.enabled }] : [],
  );
}

export function subjectOf(identity: Identity): FlagSubject {
  return { brand: identity.brand, companyId: identity.user.companyId, role: identity.user.accountType as Role };
}

/**
 * The flags of a request or a user, always through libs/brand-config's one evaluation: the brand's
 * matrix by role and APP_ENV, then the brand's company overrides, then the administrators'
 * overrides from the database.
 */
export function createFeaturesService({ env, flags }: { env: Env; flags: FeatureFlagsRepository }) {
  const withOverrides = (subject: FlagSubject, stored: StoredOverride[]): Features =>
    resolveFlags(BRANDS[subject.brand], {
      role: subject.role,
      environment: env.APP_ENV,
      companyId: subject.companyId,
      overrides: usable(stored),
    });
  return {
    /** Someone not signed in (public endpoints, the login page): no role, no company. */
    forVisitor(brand: BrandId): Features {
      return resolveFlags(BRANDS[brand], { role: null, environment: env.APP_ENV, companyId: null });
    },

    async forUser(subject: FlagSubject): Promise<Features> {
      return withOverrides(subject, await flags.overridesOf(subject.companyId));
    },

    /** forUser with the company's overrides already read (users/me reads them with the rest of the user). */
    withOverrides,
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;

type UpdateBody = ParsedBodyOf<typeof endpoints.updateFeatureFlags>;
type FlagsResponse = ResponseOf<typeof endpoints.listFeatureFlags>;

/**
 * The spec part 1 §9 "domain cookie from the active flag" is read as: outside production an
 * administrator can pick one feature flag to preview; it is remembered on the company and mirrored
 * into a readable cookie shared by the brand's subdomains (see feature-flags.routes.ts). Production
 * has no preview.
 */
export function previewAllowed(env: Env): boolean {
  return !isProduction(env);
}

/** GET/PUT /v1/admin/feature_flags and GET /v1/admin/features for the administrator's own company. */
export function createFeatureFlagsAdminService({ env, flags, audit }: { env: Env; flags: FeatureFlagsRepository; audit: AuditRepository }) {
  async function list(admin: Identity): Promise<FlagsResponse> {
    const companyId = admin.user.companyId;
    const [rows, active] = await Promise.all([flags.listForCompany(companyId), previewAllowed(env) ? flags.activeFlag(companyId) : null]);
    const data: FlagOverrideRow[] = rows.flatMap((r) =>
      isFlagName(r.flag) && (r.role === null || isRole(r.role))
        ? [
            {
              id: r.id,
              flag: r.flag,
              role: r.role,
              enabled: r.enabled,
              updated_at: r.updatedAt.toISOString(),
              updated_by: r.updatedBy ? { id: r.updatedBy.id, name: fullName(r.updatedBy) } : null,
            },
          ]
        : [],
    );
    return { data, active_feature_flag: isFlagName(active) ? active : null };
  }

  return {
    list,

    async update(admin: Identity, body: UpdateBody, meta: RequestMeta): Promise<FlagsResponse> {
      const brand = BRANDS[admin.brand];
      const errors: FieldErrors = {};
      body.feature_flags.forEach((change, index) => {
        if (change.role !== null && !brand.roleLists.general.includes(change.role)) {
          errors[`feature_flags.${index}.role`] = `${brand.name} does not offer the role "${change.role}"`;
        }
      });
      if (body.active_feature_flag && !previewAllowed(env)) {
        errors.active_feature_flag = 'Previewing a feature flag is available in development, stage and demo only';
      }
      if (Object.keys(errors).length) throw unprocessable(errors);

      const companyId = admin.user.companyId;
      if (body.feature_flags.length) await flags.apply(companyId, body.feature_flags, admin.user.id);
      const previewChanged = body.active_feature_flag !== undefined && previewAllowed(env);
      if (previewChanged) await flags.setActiveFlag(companyId, body.active_feature_flag ?? null);
      if (body.feature_flags.length || previewChanged) {
        await audit.record({
          event: 'feature_flags_changed',
          userId: admin.user.id,
          actorUserId: admin.user.id,
          ip: meta.ip,
          userAgent: meta.userAgent,
          details: {
            company_id: companyId,
            feature_flags: body.feature_flags,
            ...(previewChanged && { active_feature_flag: body.active_feature_flag ?? null }),
          },
        });
      }
      return list(admin);
    },

    async features(admin: Identity): Promise<ResponseOf<typeof endpoints.listFeatures>> {
      const brand = BRANDS[admin.brand];
      const companyId = admin.user.companyId;
      const overrides = usable(await flags.overridesOf(companyId));
      const environment = env.APP_ENV;
      return {
        environment,
        data: FLAG_NAMES.map((flag) => ({
          flag,
          brand_rule: brand.flags[flag][environment],
          by_role: Object.fromEntries(
            brand.roleLists.general.map((role) => [role, resolveFlag(brand, flag, { role, environment, companyId, overrides })]),
          ),
        })),
      };
    },
  };
}

export type FeatureFlagsAdminService = ReturnType<typeof createFeatureFlagsAdminService>;
