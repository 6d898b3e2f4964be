import { IMPERSONATOR_ROLES, type Role } from '@crm/contract';
import type { BrandId } from '@crm/brand-config';
import type { Env } from '../../env';
import { digest, randomDigits, randomToken, safeEqual } from '../../lib/crypto';
import { forbidden, notFound, unauthorized, unprocessable } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { refuseWhenFull, tooManyUntil } from '../../lib/throttle';
import { verifyTotp } from '../../lib/totp';
import type { EmailProvider } from '../../vendors/email/email.provider';
import { browserFamily, deviceOf } from '../../lib/device';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { AuditRepository } from '../audit/audit.repository';
import { subjectOf, type FeaturesService } from '../feature-flags/feature-flags.service';
import type { SecretBox } from '../two-factor/secret-box';
import { recoveryCodeDigest } from '../two-factor/recovery-codes';
import { fullName, isAdmin, type Impersonation } from '../users/current-user';
import { PASSWORD_RULE_VERSION } from '@crm/password-rule';
import { passwordVerdict } from '../users/password-policy';
import type { UserAccess, UserRow, UsersRepository } from '../users/users.repository';
import type { KnownDevicesRepository } from './known-devices.repository';
import type { ImpersonationLink, SessionCaller, SessionRow, SessionsRepository } from './sessions.repository';
import type { Identity, RequestMeta } from './identity';
import { ownSession } from './own-session';
import { lastSeenDue } from '../../lib/last-seen';

export type SignInResult = { kind: 'otp'; user: UserRow } | { kind: 'session'; user: UserRow; token: string };
export type LoginType = 'login_as' | 'impersonate';
/** What proves presence: the password, a second-factor code, or a fresh login at the SSO issuer. */
export type ReauthProof = { password: string } | { otp_code: string } | { sso: { email: string; authTime: number | null } };
/** How recent the issuer's login (auth_time) must be for a single sign-on re-authentication. */
const SSO_REAUTH_MAX_AGE_SECONDS = 300;

const EMAIL_CODE_MINUTES = 10;
const HOUR_MS = 3_600_000;

type Deps = {
  env: Env;
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditRepository;
  email: EmailProvider;
  secrets: SecretBox;
  features: FeaturesService;
  notices: AccountNotices;
  devices: KnownDevicesRepository;
};

/**
 * Who may open a session as another user (the one rule, at the start and on every request of the
 * impersonation): login_as, administrators; impersonate, administrators, regional managers and
 * business-unit admins, the latter two only within their downline; always within their company.
 */
export function mayImpersonate(loginType: LoginType, actor: { roles: readonly Role[]; companyId: number }, target: { companyId: number; inDownline: boolean }): boolean {
  const admin = isAdmin(actor.roles);
  const allowed = loginType === 'login_as' ? admin : actor.roles.some((r) => IMPERSONATOR_ROLES.includes(r));
  return allowed && actor.companyId === target.companyId && (admin || target.inDownline);
}

/** Whether an impersonation's impersonator still stands behind it: active, their session alive, and still allowed to reach the user (mayImpersonate). */
function linkStands(link: ImpersonationLink, now: number): boolean {
  return (
    link.actorActive &&
    link.actorSessionExpiresAt.getTime() > now &&
    mayImpersonate(link.loginType as LoginType, { roles: link.actorRoles, companyId: link.actorCompanyId }, { companyId: link.targetCompanyId, inDownline: link.inDownline })
  );
}

/** What a sign-in of an account of another brand answers: exactly what a wrong password answers. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Every link of an impersonation stands (an impersonation without one stands on nothing). */
function impersonationStands(caller: SessionCaller, now: number): boolean {
  const links = caller.impersonation ?? [];
  return links.length > 0 && links.every((link) => linkStands(link, now));
}

export function createSessionsService({ env, users, sessions, audit, secrets, features, notices, devices }: Deps) {
  const windowMs = env.SIGN_IN_WINDOW_MINUTES * 60_000;

  /**
   * Refuses further attempts once an account or an address has failed too often within the
   * window, or has tried to sign in too often at all (successful attempts count: each costs a
   * password hash); a counted attempt is recorded as it passes.
   */
  async function throttle(userId: number | null, meta: RequestMeta): Promise<void> {
    const { ip } = meta;
    const since = new Date(Date.now() - windowMs);
    const attempts = [{ who: { ip }, max: env.SIGN_INS_PER_IP }, ...(userId ? [{ who: { userId }, max: env.SIGN_INS_PER_ACCOUNT }] : [])];
    const full = await audit.recordWithin({ event: 'sign_in_attempt', userId, ip, userAgent: meta.userAgent }, attempts, since);
    if (full) throw tooManyUntil(full.oldest, windowMs);
    const checks: [Parameters<AuditRepository['recent']>[1], number][] = [[{ ip }, env.SIGN_IN_MAX_FAILURES_PER_IP]];
    if (userId) checks.unshift([{ userId }, env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT]);
    for (const [who, max] of checks) refuseWhenFull(await audit.recent('sign_in_failed', who, since), max, windowMs);
  }

  async function fail(userId: number | null, meta: RequestMeta, details: Record<string, unknown>) {
    await audit.record({ event: 'sign_in_failed', userId, ip: meta.ip, userAgent: meta.userAgent, details });
  }

  /**
   * Re-authentication's own limit: its failures (reauth_failed) within the sign-in window, per
   * account and per address, with the sign-in limits' numbers. They are not failed sign-ins: a user
   * who mistypes their password in the dialog is not locked out of signing in, and failed sign-ins
   * do not block the dialog of a user who is signed in.
   */
  async function throttleReauth(userId: number, meta: RequestMeta): Promise<void> {
    const since = new Date(Date.now() - windowMs);
    refuseWhenFull(await audit.recent('reauth_failed', { userId }, since), env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, windowMs);
    refuseWhenFull(await audit.recent('reauth_failed', { ip: meta.ip }, since), env.SIGN_IN_MAX_FAILURES_PER_IP, windowMs);
  }

  async function failReauth(userId: number, meta: RequestMeta, reason: 'wrong_password' | 'wrong_code' | 'sso_mismatch') {
    await audit.record({ event: 'reauth_failed', userId, ip: meta.ip, userAgent: meta.userAgent, details: { reason } });
  }

  /**
   * A completed sign-in: audited, and announced to the user when it came from a device (browser
   * family and coarse network) they never signed in from; a user's first sign-in ever is not announced.
   */
  async function signedIn(user: UserRow, meta: RequestMeta, details: Record<string, unknown>): Promise<void> {
    await audit.record({ event: 'sign_in', userId: user.id, ip: meta.ip, userAgent: meta.userAgent, details });
    const device = deviceOf(meta);
    if ((await devices.note(user.id, device, new Date())) === 'new') await notices.newDeviceSignIn(user, meta, device);
  }

  async function issue(user: UserRow, meta: RequestMeta, actor?: { sessionId: number; loginType: LoginType }) {
    const token = randomToken();
    const now = Date.now();
    await sessions.create({
      userId: user.id,
      tokenDigest: digest(token),
      ip: meta.ip,
      userAgent: meta.userAgent,
      actorSessionId: actor?.sessionId ?? null,
      loginType: actor?.loginType ?? null,
      expiresAt: new Date(now + env.SESSION_ABSOLUTE_HOURS * 3_600_000),
      // A sign-in is a fresh proof of presence; a session opened as another user never is one.
      reauthenticatedAt: actor ? null : new Date(now),
    });
    return token;
  }

  /**
   * E-mails a one-time sign-in code. Each costs an e-mail to the user, so an account gets
   * SIGN_IN_CODES_PER_ACCOUNT an hour and a client address SIGN_IN_CODES_PER_IP (429 past that).
   */
  async function sendEmailCode(user: UserRow, meta: RequestMeta): Promise<void> {
    const full = await audit.recordWithin(
      { event: 'sign_in_code_sent', userId: user.id, ip: meta.ip, userAgent: meta.userAgent },
      [
        { who: { userId: user.id }, max: env.SIGN_IN_CODES_PER_ACCOUNT },
        { who: { ip: meta.ip }, max: env.SIGN_IN_CODES_PER_IP },
      ],
      new Date(Date.now() - HOUR_MS),
    );
    if (full) throw tooManyUntil(full.oldest, HOUR_MS);
    const code = randomDigits(6);
    await users.update(user.id, {
      emailOtpDigest: digest(`${user.id}:${code}`),
      emailOtpExpiresAt: new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000),
    });
    await notices.signInCode(user, code, EMAIL_CODE_MINUTES);
  }

  /** A TOTP code of a step after the last accepted one, or the e-mailed code; each works once. */
  async function acceptCode(user: UserRow, code: string, secret: string | null): Promise<boolean> {
    if (secret) {
      const step = verifyTotp(secret, code);
      if (step && (await users.claimOtpStep(user.id, step))) return true;
    }
    return users.claimEmailCode(user.id, digest(`${user.id}:${code}`));
  }

  /**
   * The plain password is known only here: one that the password rule refuses (set before the rule,
   * or guessable from the account) holds the account at the forced password change
   * ('change_password?') until a new one is chosen. The flag is stored, so the gate holds on every
   * request and every device. Answers the user as it now is, and whether the password was refused.
   * A password is checked once for each version of the rule (users.password_rule_version, also set
   * when a password is chosen through the rule): zxcvbn took 15–20 ms of the API's one thread at
   * every sign-in, half of a sign-in's CPU and more than its share of a sign-in storm.
   */
  async function holdWeakPassword(user: UserRow, password: string): Promise<{ held: UserRow; weak: boolean }> {
    if (user.passwordRuleVersion === PASSWORD_RULE_VERSION) return { held: user, weak: false };
    if ((await passwordVerdict(users, user, password)).ok) {
      return { held: await users.update(user.id, { passwordRuleVersion: PASSWORD_RULE_VERSION }), weak: false };
    }
    return { held: user.changePassword ? user : await users.update(user.id, { changePassword: true }), weak: true };
  }

  /**
   * The account's password, or for a user with a second factor a current code in its place; a wrong
   * one answers 422 on its field and is recorded by `failed` (a failed sign-in or a failed
   * re-authentication, whose limits then count it).
   */
  async function checkOwnerProof(
    user: UserRow,
    proof: { password: string } | { otp_code: string },
    failed: (reason: 'wrong_password' | 'wrong_code') => Promise<void>,
  ): Promise<void> {
    if ('otp_code' in proof) {
      if (!user.otpEnabled) throw unprocessable({ otp_code: 'You have no second factor: enter your password' });
      if (!(await acceptCode(user, proof.otp_code, user.otpSecret ? secrets.open(user.otpSecret) : null))) {
        await failed('wrong_code');
        throw unprocessable({ otp_code: 'The code is wrong or was already used' });
      }
    } else if (!(await verifyPassword(user.passwordHash, proof.password))) {
      await failed('wrong_password');
      throw unprocessable({ password: 'Password is wrong' });
    }
  }

  return {
    issue,
    sendEmailCode,

    /**
     * Proof that the caller holds the account without a session of it (an account on hold after a
     * "this was not me" report): the password or a second-factor code, within the sign-in limits
     * (429 once too many).
     */
    async proveOwner(user: UserRow, proof: { password: string } | { otp_code: string }, meta: RequestMeta, purpose: string): Promise<void> {
      await throttle(user.id, meta);
      await checkOwnerProof(user, proof, (reason) => fail(user.id, meta, { reason: `${purpose}_${reason}` }));
    },

    /** Deletes sessions past their idle or absolute expiry (they are refused anyway; this keeps the table small). */
    sweepExpired: () =>
      sessions.deleteExpired(new Date(Date.now() - env.SESSION_IDLE_MINUTES * 60_000), new Date()),
    acceptCode,

    /**
     * Password sign-in on `brand`'s host. An account of another brand's company is refused exactly
     * like a wrong password, so accounts do not leak across brands.
     */
    async signIn(email: string, password: string, meta: RequestMeta, brand: BrandId): Promise<SignInResult> {
      const found = await users.findByEmail(email);
      await throttle(found?.id ?? null, meta);
      const valid = await verifyPassword(found?.passwordHash ?? null, password);
      const otherBrand = found && valid && (await users.companyBrand(found.companyId)) !== brand;
      if (!found || !valid || !found.active || otherBrand) {
        const reason = !found ? 'unknown_email' : !valid ? 'wrong_password' : otherBrand ? 'other_brand' : 'inactive';
        await fail(found?.id ?? null, meta, { email, reason, ...(otherBrand && { brand }) });
        throw unauthorized(INVALID_CREDENTIALS);
      }
      const { held: user, weak } = await holdWeakPassword(found, password);
      if (user.otpEnabled) {
        if (user.otpDelivery === 'email') await sendEmailCode(user, meta);
        return { kind: 'otp', user };
      }
      await signedIn(user, meta, { method: 'password', ...(weak && { weak_password: true }) });
      return { kind: 'session', user, token: await issue(user, meta) };
    },

    /**
     * Second step of a sign-in that was waiting for its one-time code, or in its place one of the
     * user's recovery codes (used up by this sign-in, audited with how many are left).
     */
    async completeSecondFactor(userId: number, proof: { otp_code: string } | { recovery_code: string }, meta: RequestMeta, method: string, brand: BrandId) {
      const user = await users.findById(userId);
      const field = 'otp_code' in proof ? 'otp_code' : 'recovery_code';
      if (!user || !user.active || !user.otpEnabled || (await users.companyBrand(user.companyId)) !== brand) {
        throw unauthorized('Your sign-in expired. Start again.', field);
      }
      await throttle(user.id, meta);
      if ('recovery_code' in proof) {
        const left = await users.claimRecoveryCode(user.id, recoveryCodeDigest(user.id, proof.recovery_code));
        if (left === null) {
          await fail(user.id, meta, { reason: 'wrong_recovery_code' });
          throw unauthorized('The recovery code is wrong or was already used', 'recovery_code');
        }
        await audit.record({ event: 'two_factor_recovery_code_used', userId: user.id, ip: meta.ip, userAgent: meta.userAgent, details: { remaining: left } });
      } else if (!(await acceptCode(user, proof.otp_code, user.otpSecret ? secrets.open(user.otpSecret) : null))) {
        await fail(user.id, meta, { reason: 'wrong_code' });
        throw unauthorized('The code is wrong or was already used', 'otp_code');
      }
      await signedIn(user, meta, { method, second_factor: true, ...('recovery_code' in proof && { recovery_code: true }) });
      const fresh = (await users.findById(user.id)) ?? user;
      return { user: fresh, token: await issue(fresh, meta) };
    },

    /**
     * Signs in the user whose e-mail the SSO issuer vouched for (the second factor still applies).
     * An account of another brand's company answers exactly like an unknown one.
     */
    async signInVerified(email: string, meta: RequestMeta, brand: BrandId): Promise<SignInResult> {
      const user = await users.findByEmail(email);
      if (!user || (await users.companyBrand(user.companyId)) !== brand) {
        throw unauthorized(`No account uses ${email}. Ask your administrator to invite you.`);
      }
      if (!user.active) throw unauthorized('This account is not active');
      if (user.otpEnabled) {
        if (user.otpDelivery === 'email') await sendEmailCode(user, meta);
        return { kind: 'otp', user };
      }
      await signedIn(user, meta, { method: 'sso' });
      return { kind: 'session', user, token: await issue(user, meta) };
    },

    /**
     * Proof of presence for credential changes (Endpoint.recentAuth): the password; or, for a user
     * with a second factor, a current code in its place; or a fresh login at the SSO issuer for the
     * same e-mail. Stamps this browser session; a wrong one answers 422 on its field and counts as a
     * failed sign-in (same limits: 429 once too many).
     */
    async reauthenticate(identity: Identity, proof: ReauthProof, meta: RequestMeta): Promise<Date> {
      const session = ownSession(identity);
      const user = identity.user;
      await throttleReauth(user.id, meta);
      if ('sso' in proof) {
        // the issuer vouched for this account's e-mail, having just authenticated the user
        const fresh = proof.sso.authTime !== null && Date.now() / 1000 - proof.sso.authTime <= SSO_REAUTH_MAX_AGE_SECONDS;
        if (proof.sso.email.toLowerCase() !== user.email.toLowerCase() || !fresh) {
          await failReauth(user.id, meta, 'sso_mismatch');
          throw unprocessable({ base: 'Single sign-on did not confirm it is you. Sign in there as yourself and try again.' });
        }
      } else {
        await checkOwnerProof(user, proof, (reason) => failReauth(user.id, meta, reason));
      }
      const at = new Date();
      await sessions.markReauthenticated(session.id, at);
      const method = 'sso' in proof ? 'sso' : 'otp_code' in proof ? 'otp' : 'password';
      await audit.record({ event: 'reauthenticated', userId: user.id, ip: meta.ip, userAgent: meta.userAgent, details: { method } });
      return at;
    },

    /**
     * The session behind a cookie, or null when unknown or past its idle or absolute expiry. An
     * impersonation also ends (deleted, audited) once an impersonator behind it no longer may:
     * lowered, deactivated, signed out, or the user moved out of their reach.
     */
    async resolve(token: string): Promise<(UserAccess & { session: SessionRow }) | null> {
      const found = await sessions.findWithAccess(digest(token));
      if (!found) return null;
      const { session, impersonation, ...access } = found;
      const now = Date.now();
      if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + env.SESSION_IDLE_MINUTES * 60_000 <= now) {
        await sessions.delete(session.id);
        return null;
      }
      if (!access.user.active) return null;
      if (impersonation && !impersonationStands(found, now)) {
        await sessions.delete(session.id);
        await audit.record({
          event: 'impersonation_ended',
          userId: access.user.id,
          actorUserId: impersonation[0]?.actorId ?? null,
          details: { login_type: session.loginType, reason: 'impersonator_rights' },
        });
        return null;
      }
      if (lastSeenDue(session.lastSeenAt, now)) await sessions.touch(session.id, new Date(now));
      return { session, ...access };
    },

    async impersonationOf(session: SessionRow | null): Promise<Impersonation> {
      if (!session?.actorSessionId) return null;
      const actorSession = await sessions.findById(session.actorSessionId);
      const actor = actorSession && (await users.findById(actorSession.userId));
      return actor ? { id: actor.id, name: fullName(actor), loginType: session.loginType as LoginType } : null;
    },

    async signOut(identity: Identity | null, stashedTokens: (string | undefined)[], meta: RequestMeta): Promise<void> {
      if (identity?.session) {
        await sessions.delete(identity.session.id);
        await audit.record({ event: 'sign_out', userId: identity.user.id, ip: meta.ip, userAgent: meta.userAgent });
      }
      for (const token of stashedTokens) {
        const stashed = token && (await sessions.findByDigest(digest(token)));
        if (stashed) await sessions.delete(stashed.id);
      }
    },

    /** The user's own sessions (not those an administrator opened as them), the caller's marked. */
    async listOwn(identity: Identity) {
      const rows = await sessions.listOwn(identity.user.id, new Date(Date.now() - env.SESSION_IDLE_MINUTES * 60_000), new Date());
      return rows.map((row) => ({
        id: row.id,
        browser: browserFamily(row.userAgent),
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        current: row.id === identity.session?.id,
      }));
    },

    /**
     * Ends one of the user's own sessions (another user's, or one an administrator opened as them,
     * is a 404), or every other one. Only the user in a session of their own may: with an API key,
     * or while impersonated, 403.
     */
    async endOwn(identity: Identity, target: { id: number } | 'others', meta: RequestMeta): Promise<number> {
      const current = identity.session;
      if (!current || current.actorSessionId) throw forbidden();
      const ended =
        target === 'others' ? await sessions.deleteOwnOthers(identity.user.id, current.id) : await sessions.deleteOwn(identity.user.id, target.id);
      if (target !== 'others' && !ended) throw notFound('Session');
      await audit.record({
        event: 'sessions_ended',
        userId: identity.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: target === 'others' ? { others: true, count: ended } : { session_id: target.id, current: target.id === current.id },
      });
      return ended;
    },

    /**
     * Starts a session as `targetId`. login_as: admins; impersonate: admins, regional managers and
     * business-unit admins, the latter two only within their downline. Another user's id outside
     * the caller's reach answers 404.
     */
    async startImpersonation(identity: Identity, targetId: number, loginType: LoginType, meta: RequestMeta) {
      if (!identity.session) throw forbidden();
      const actor = { roles: identity.roles, companyId: identity.user.companyId };
      // allowed at all (anyone in their reach): else 403, before anything about the target is told
      if (!mayImpersonate(loginType, actor, { companyId: actor.companyId, inDownline: true })) throw forbidden();
      if (identity.session.actorSessionId && identity.session.loginType === loginType) throw forbidden();
      const target = await users.findById(targetId);
      const reachable =
        target &&
        target.id !== identity.user.id &&
        mayImpersonate(loginType, actor, {
          companyId: target.companyId,
          inDownline: isAdmin(identity.roles) || (await users.isInDownline(identity.user.id, target.id)),
        });
      if (!target || !reachable) throw notFound('User');
      // Impersonating (or logging in as) a business-unit admin needs the impersonate_bu_admin flag.
      const targetIsBuAdmin = target.accountType === 'bu_admin' || (await users.roleNames(target.id)).includes('bu_admin');
      if (targetIsBuAdmin && !(await features.forUser(subjectOf(identity))).impersonate_bu_admin) throw forbidden();
      const token = await issue(target, meta, { sessionId: identity.session.id, loginType });
      await audit.record({
        event: 'impersonation_started',
        userId: target.id,
        actorUserId: identity.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { login_type: loginType },
      });
      return { user: target, token };
    },

    /** Ends the impersonation of `userId`; the stashed token must be the actor's own session. */
    async endImpersonation(identity: Identity, userId: number, stashedToken: string | undefined, meta: RequestMeta) {
      const session = identity.session;
      if (!session?.actorSessionId || identity.user.id !== userId) throw notFound('Impersonation');
      const actorSession = await sessions.findById(session.actorSessionId);
      if (!actorSession || !stashedToken || !safeEqual(actorSession.tokenDigest, digest(stashedToken))) {
        throw notFound('Impersonation');
      }
      const actor = await users.findById(actorSession.userId);
      if (!actor) throw notFound('Impersonation');
      await sessions.delete(session.id);
      await audit.record({
        event: 'impersonation_ended',
        userId: identity.user.id,
        actorUserId: actor.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { login_type: session.loginType },
      });
      return { actor, actorSession, loginType: session.loginType as LoginType };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
