import type { ApiScope, CurrentUser, ParsedBodyOf, Role, Timezone, endpoints } from '@crm/contract';
import { BRANDS } from '@crm/brand-config';
import { PASSWORD_RULE_VERSION } from '@crm/password-rule';
import type { Env } from '../../env';
import { digest, randomToken } from '../../lib/crypto';
import { NotConfigured, notFound, unprocessable } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { tooManyUntil } from '../../lib/throttle';
import { brandPublicUrl } from '../../plugins/brand';
import { EMAIL_NOT_CONFIGURED, type EmailProvider } from '../../vendors/email/email.provider';
import { deviceOf } from '../../lib/device';
import type { AccountNotices, RevokedApiAccess } from '../account-notices/account-notices.service';
import type { AuditRepository } from '../audit/audit.repository';
import type { EmailChangesService } from '../email-changes/email-changes.service';
import type { FeaturesService } from '../feature-flags/feature-flags.service';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository';
import type { SessionsRepository } from '../sessions/sessions.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { refuseAdminScopes } from '../api-keys/api-keys.service';
import { toCurrentUser, type Impersonation, type TelephonyPlanStates } from './current-user';
import { passwordVerdict } from './password-policy';
import { NO_API_TOKEN, type UserPatch, type UserRow, type UsersRepository } from './users.repository';

const RESET_TOKEN_HOURS = 2;
const HOUR_MS = 3_600_000;

type Deps = {
  env: Env;
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditRepository;
  email: EmailProvider;
  features: FeaturesService;
  notices: AccountNotices;
  emailChanges: EmailChangesService;
  /** Dialer and SMS subscriptions of the user (users/me): one statement for both kinds. */
  telephonyPlans: TelephonyPlanStates;
  apiKeys: Pick<ApiKeysRepository, 'deleteAllForUser'>;
};

/** A new password that passed the password rule, as the user's row keeps it: its hash and the rule's version (sign-ins then skip the check). */
async function ruledPassword(password: string): Promise<Pick<UserPatch, 'passwordHash' | 'passwordRuleVersion'>> {
  return { passwordHash: await hashPassword(password), passwordRuleVersion: PASSWORD_RULE_VERSION };
}

type ProfileBody = ParsedBodyOf<typeof endpoints.updateProfile>;
type ThemeBody = ParsedBodyOf<typeof endpoints.updateTheme>;

export function createUsersService({ env, users, sessions, audit, email, features, notices, emailChanges, telephonyPlans, apiKeys }: Deps) {
  /**
   * Ends the account's programmatic access with its new password: every API key (crm_…) is deleted,
   * and the API token (crmu_…) goes with the password's own update (NO_API_TOKEN). A key or token
   * made before a reset (or a change, unless the user keeps them) must not outlive it: whoever had
   * the account may have made them.
   */
  async function revokeApiKeys(user: UserRow): Promise<RevokedApiAccess> {
    return { apiKeys: await apiKeys.deleteAllForUser(user.id), apiToken: Boolean(user.apiTokenDigest) };
  }

  async function present(user: UserRow, impersonation: Impersonation = null): Promise<CurrentUser> {
    const [rel, subscriptions] = await Promise.all([users.relations(user), telephonyPlans.statesOf(user)]);
    const flags = features.withOverrides({ brand: rel.company.brand, companyId: user.companyId, role: user.accountType as Role }, rel.flagOverrides);
    return toCurrentUser(user, rel, { termsVersion: env.TERMS_VERSION, impersonation, features: flags, subscriptions });
  }

  /**
   * The address is another account's in the user's own company (said beside the field). One of
   * another company or brand is not said: the request is taken like a free address's, and the
   * address's owner is told instead (email-changes.service.ts), so the answer is no oracle of
   * which addresses have accounts elsewhere.
   */
  async function emailTaken(address: string, user: UserRow): Promise<boolean> {
    const other = await users.findByEmail(address);
    return Boolean(other && other.id !== user.id && other.companyId === user.companyId);
  }

  return {
    present,

    async update(user: UserRow, patch: UserPatch): Promise<UserRow> {
      return users.update(user.id, patch);
    },

    acceptTos: (user: UserRow) => users.update(user.id, { tosAcceptedVersion: env.TERMS_VERSION, tosAcceptedAt: new Date() }),

    updateTimezone: (user: UserRow, timezone: Timezone) => users.update(user.id, { timezone }),

    /**
     * Name, title and about text change at once; a new e-mail address only once its owner opens the
     * link sent to it (email-changes.service.ts): until then the old one stays.
     */
    async updateProfile(user: UserRow, body: ProfileBody, meta: RequestMeta) {
      const errors: Record<string, string> = {};
      if (await emailTaken(body.email, user)) errors.email = 'Email is already taken';
      if (body.title) {
        const titles = BRANDS[await users.companyBrand(user.companyId)].agentTitles;
        if (!titles.some((t) => t.value === body.title)) errors.title = 'Choose one of the titles your brand offers';
      }
      if (Object.keys(errors).length) throw unprocessable(errors);
      // first: a refused request (too many this hour) changes nothing
      await emailChanges.request(user, body.email, meta);
      return users.update(user.id, {
        firstName: body.first_name,
        lastName: body.last_name,
        aboutMe: body.about_me ?? user.aboutMe,
        // absent: unchanged; null or '': no title
        ...(body.title !== undefined && { title: body.title || null }),
      });
    },
    /** The user's own theme over the brand's; a field left out stays, null goes back to the brand's default. */
    updateTheme(user: UserRow, body: ThemeBody) {
      return users.update(user.id, {
        ...(body.primary_color !== undefined && { primaryColor: body.primary_color }),
        ...(body.background !== undefined && { background: body.background }),
        ...(body.font_size !== undefined && { fontSize: body.font_size }),
      });
    },

    /**
     * Changes the signed-in user's own password; other sessions of the user end. The new one must
     * pass the password rule (passwordVerdict); a wrong current password and a refused new one are
     * answered together.
     */
    async updatePassword(identity: Identity, id: number, body: { current_password: string; password: string; keep_api_keys?: boolean }, meta: RequestMeta) {
      const user = identity.user;
      if (id !== user.id) throw notFound('User');
      const [currentOk, verdict] = await Promise.all([
        verifyPassword(user.passwordHash, body.current_password),
        passwordVerdict(users, user, body.password),
      ]);
      const errors: Record<string, string> = {};
      if (!currentOk) errors.current_password = 'Current password is incorrect';
      if (verdict.message) errors.password = verdict.message;
      if (Object.keys(errors).length) throw unprocessable(errors);
      if (await verifyPassword(user.passwordHash, body.password)) {
        throw unprocessable({ password: 'New password must be different from the current one' });
      }
      const revoke = !body.keep_api_keys;
      const updated = await users.update(user.id, {
        ...(await ruledPassword(body.password)),
        changePassword: false,
        passwordChangedAt: new Date(),
        ...(revoke && NO_API_TOKEN),
      });
      await sessions.deleteOthers(user.id, identity.session?.id ?? null);
      const revoked = revoke ? await revokeApiKeys(user) : null;
      await audit.record({
        event: 'password_changed',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: revoked ? { api_keys_revoked: revoked.apiKeys, api_token_revoked: revoked.apiToken } : { api_keys_kept: true },
      });
      await notices.passwordChanged(updated, meta, deviceOf(meta), revoked);
      return updated;
    },

    async update2fa(user: UserRow, otpDelivery: 'app' | 'email', meta: RequestMeta) {
      const updated = await users.update(user.id, { otpDelivery });
      await audit.record({
        event: 'two_factor_delivery_changed',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { otp_delivery: otpDelivery },
      });
      return updated;
    },

    /**
     * Always answers the same, so the form does not reveal which addresses have accounts: the
     * limits (PASSWORD_RESETS_PER_ACCOUNT an hour per address asked for, PASSWORD_RESETS_PER_IP per
     * client address) count requests, known address or not. The link leads to the user's brand.
     */
    async sendResetInstructions(address: string, meta: RequestMeta): Promise<void> {
      // before the address is looked up: the answer must not differ between known and unknown addresses
      if (email.kind === 'off') throw new NotConfigured(EMAIL_NOT_CONFIGURED);
      const user = await users.findByEmail(address);
      const full = await audit.recordWithin(
        {
          event: 'password_reset_requested',
          userId: user?.id ?? null,
          ip: meta.ip,
          userAgent: meta.userAgent,
          details: { email: address.toLowerCase() },
        },
        [
          { who: { email: address }, max: env.PASSWORD_RESETS_PER_ACCOUNT },
          { who: { ip: meta.ip }, max: env.PASSWORD_RESETS_PER_IP },
        ],
        new Date(Date.now() - HOUR_MS),
      );
      if (full) throw tooManyUntil(full.oldest, HOUR_MS);
      if (!user || !user.active) return;
      const token = randomToken();
      await users.update(user.id, { resetPasswordDigest: digest(token), resetPasswordSentAt: new Date() });
      const site = brandPublicUrl(env, await users.companyBrand(user.companyId));
      const link = new URL(`/reset-password?reset_password_token=${token}`, site).toString();
      await email.send({
        to: user.email,
        subject: 'Reset your password',
        text:
          `Hello ${user.firstName},\n\nSomeone asked to reset the password of your account. ` +
          `To choose a new password, open this link within ${RESET_TOKEN_HOURS} hours:\n\n${link}\n\n` +
          'If it was not you, ignore this message; your password stays as it is.',
      });
    },

    async resetPasswordByToken(token: string, password: string, meta: RequestMeta): Promise<void> {
      const user = await users.findByResetDigest(digest(token));
      const fresh = user?.resetPasswordSentAt && user.resetPasswordSentAt.getTime() > Date.now() - RESET_TOKEN_HOURS * 3_600_000;
      if (!user || !fresh) throw unprocessable({ reset_password_token: 'This reset link is invalid or has expired' });
      // Refused passwords leave the link usable, so the user can try another one.
      const verdict = await passwordVerdict(users, user, password);
      if (verdict.message) throw unprocessable({ password: verdict.message });
      const updated = await users.update(user.id, {
        ...(await ruledPassword(password)),
        resetPasswordDigest: null,
        resetPasswordSentAt: null,
        changePassword: false,
        passwordChangedAt: new Date(),
        ...NO_API_TOKEN,
      });
      await sessions.deleteOthers(user.id, null);
      const revoked = await revokeApiKeys(user);
      await audit.record({
        event: 'password_reset',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { api_keys_revoked: revoked.apiKeys, api_token_revoked: revoked.apiToken },
      });
      await notices.passwordReset(updated, meta, deviceOf(meta), revoked);
    },

    apiTokenStatus(user: UserRow) {
      return {
        exists: Boolean(user.apiTokenDigest),
        prefix: user.apiTokenPrefix,
        created_at: user.apiTokenCreatedAt?.toISOString() ?? null,
        scopes: user.apiTokenScopes as ApiScope[],
      };
    },

    /** A new token replacing the old; with scopes given (admin ones only for an admin) it gets those, else it keeps the old ones. */
    async refreshApiToken(user: UserRow, roles: Role[], wanted: ApiScope[] | undefined, meta: RequestMeta) {
      if (wanted) refuseAdminScopes(wanted, roles);
      const scopes = wanted ?? (user.apiTokenScopes as ApiScope[]);
      const prefix = randomToken(6);
      const token = `crmu_${prefix}_${randomToken()}`;
      const createdAt = new Date();
      await users.update(user.id, { apiTokenDigest: digest(token), apiTokenPrefix: prefix, apiTokenCreatedAt: createdAt, apiTokenScopes: scopes });
      await audit.record({ event: 'api_token_refreshed', userId: user.id, ip: meta.ip, userAgent: meta.userAgent, details: { scopes } });
      return { api_token: token, prefix, created_at: createdAt.toISOString(), scopes };
    },

    findByApiToken: (token: string) => users.findByApiTokenDigest(digest(token)),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
