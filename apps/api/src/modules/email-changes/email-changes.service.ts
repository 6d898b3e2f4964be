import type { Env } from '../../env';
import { digest, randomToken } from '../../lib/crypto';
import { deviceOf } from '../../lib/device';
import { notFound, unprocessable } from '../../lib/http-errors';
import { tooManyUntil } from '../../lib/throttle';
import { EMAIL_CHANGE_CONFIRM_HOURS, EMAIL_CHANGE_REPORT_HOURS, type AccountNotices } from '../account-notices/account-notices.service';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository';
import type { AuditRepository } from '../audit/audit.repository';
import type { SessionsRepository } from '../sessions/sessions.repository';
import type { SessionsService } from '../sessions/sessions.service';
import type { RequestMeta } from '../sessions/identity';
import { NO_API_TOKEN, type UserRow, type UsersRepository } from '../users/users.repository';
import { isUniqueViolation } from '../../db/unique-violation';
import type { EmailChangeState } from '../../db/schema';
import type { EmailChangeRow, EmailChangesRepository } from './email-changes.repository';

const HOUR_MS = 3_600_000;
/** E-mail change requests (and resends) a user may make an hour: each sends two e-mails. */
export const EMAIL_CHANGES_PER_HOUR = 5;

export const EMAIL_CHANGE_MESSAGES = {
  invalid: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  expired: `This confirmation link has expired (it works for ${EMAIL_CHANGE_CONFIRM_HOURS} hours). Change your e-mail address again from your profile to get a new link.`,
  used: 'This e-mail address was already confirmed.',
  cancelled: 'This change was cancelled or replaced by a newer one; your e-mail address stays as it was.',
  reportExpired: `This link has expired (it works for ${EMAIL_CHANGE_REPORT_HOURS} hours). If you did not change your address, reset your password and contact your administrator.`,
  reportUsed: 'This link was already used; it works once. If your account is on hold, put your address back from the page you reached the first time, or contact your administrator.',
  notHeld: 'This link does not put an address back: the account is not on hold for this change.',
  restored: 'The earlier address was already put back. Sign in with it.',
  restoreExpired: `The time to put the earlier address back has passed (${EMAIL_CHANGE_REPORT_HOURS} hours after the report). Contact your administrator.`,
  taken: (address: string) => `${address} is already used by another account.`,
} as const;

type Deps = {
  env: Env;
  changes: EmailChangesRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  signIns: Pick<SessionsService, 'proveOwner'>;
  apiKeys: ApiKeysRepository;
  audit: AuditRepository;
  notices: AccountNotices;
};

/** The states of a change whose "this was not me" link was used. */
const REPORTED = new Set<EmailChangeState>(['reported', 'held', 'restored']);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function toPendingEmailChange(row: EmailChangeRow) {
  return { new_email: row.newEmail, expires_at: row.expiresAt.toISOString(), expired: row.expiresAt.getTime() <= Date.now() };
}

/**
 * A user's e-mail address changes only when the link sent to the new address is opened; the old
 * address stays the sign-in and reset address until then, and is told at once, with a "this was
 * not me" link that cancels (or undoes) the change and ends every way into the account.
 */
export function createEmailChangesService({ changes, users, sessions, signIns, apiKeys, audit, notices }: Deps) {
  async function takenByOther(address: string, userId: number): Promise<boolean> {
    const other = await users.findByEmail(address);
    return Boolean(other && other.id !== userId);
  }

  /**
   * The link to the new address; when another account (of another company: the caller refused
   * its own company's) has that address, its owner is told instead and no link goes out, while
   * the asker sees what a free address gives.
   */
  async function sendConfirmation(user: UserRow, newEmail: string, token: string): Promise<void> {
    const owner = await users.findByEmail(newEmail);
    if (owner && owner.id !== user.id) await notices.emailAddressInUse(owner);
    else await notices.emailChangeConfirmation(user, newEmail, token);
  }

  /** Counts a request (or resend) against the user's hourly limit; 429 past it. */
  async function count(user: UserRow, newEmail: string, meta: RequestMeta, resend: boolean): Promise<void> {
    const full = await audit.recordWithin(
      {
        event: 'email_change_requested',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { new_email: newEmail, ...(resend && { resend: true }) },
      },
      [{ who: { userId: user.id }, max: EMAIL_CHANGES_PER_HOUR }],
      new Date(Date.now() - HOUR_MS),
    );
    if (full) throw tooManyUntil(full.oldest, HOUR_MS);
  }

  /**
   * Ends every way into the account: sessions, API keys, the user API token; a new password is
   * required. `hold`: the account is also deactivated until its old address is restored.
   */
  async function endAccess(userId: number, hold: boolean): Promise<void> {
    await users.update(userId, {
      ...NO_API_TOKEN,
      changePassword: true,
      resetPasswordDigest: null,
      resetPasswordSentAt: null,
      emailOtpDigest: null,
      ...(hold && { active: false }),
    });
    await sessions.deleteOthers(userId, null);
    await apiKeys.deleteAllForUser(userId);
  }

  return {
    async pending(userId: number) {
      const row = await changes.pendingOf(userId);
      return row ? toPendingEmailChange(row) : null;
    },

    /**
     * Asks to change the user's address to `newEmail` (the caller checked that no other account of
     * the user's company uses it): stored as pending, the link e-mailed to the new address (or its
     * owner told, when another company's account has it) and the notice to the old.
     * The same address as now, or as the pending change, asks for nothing new.
     */
    async request(user: UserRow, newEmail: string, meta: RequestMeta): Promise<void> {
      if (same(newEmail, user.email)) return;
      const pending = await changes.pendingOf(user.id);
      if (pending && same(pending.newEmail, newEmail) && pending.expiresAt.getTime() > Date.now()) return;
      await count(user, newEmail, meta, false);
      const token = randomToken();
      const cancelToken = randomToken();
      const now = Date.now();
      await changes.replacePending({
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        tokenDigest: digest(token),
        expiresAt: new Date(now + EMAIL_CHANGE_CONFIRM_HOURS * HOUR_MS),
        cancelTokenDigest: digest(cancelToken),
        cancelExpiresAt: new Date(now + EMAIL_CHANGE_REPORT_HOURS * HOUR_MS),
      });
      await sendConfirmation(user, newEmail, token);
      await notices.emailChangeRequested(user, newEmail, cancelToken, meta, deviceOf(meta));
    },

    /** A new confirmation link (another 24 hours) for the pending change. */
    async resend(user: UserRow, meta: RequestMeta) {
      const pending = await changes.pendingOf(user.id);
      if (!pending) throw notFound('Pending e-mail change');
      await count(user, pending.newEmail, meta, true);
      const token = randomToken();
      const renewed = await changes.renewToken(pending.id, digest(token), new Date(Date.now() + EMAIL_CHANGE_CONFIRM_HOURS * HOUR_MS));
      if (!renewed) throw notFound('Pending e-mail change');
      await sendConfirmation(user, renewed.newEmail, token);
      return toPendingEmailChange(renewed);
    },

    /** The user withdraws their pending change. */
    async cancel(user: UserRow, meta: RequestMeta): Promise<void> {
      const pending = await changes.pendingOf(user.id);
      if (!pending || !(await changes.decide(pending.id, 'pending', 'cancelled'))) throw notFound('Pending e-mail change');
      await audit.record({ event: 'email_change_cancelled', userId: user.id, ip: meta.ip, userAgent: meta.userAgent, details: { new_email: pending.newEmail } });
    },

    /** The link sent to the new address: the change applies if still pending, unexpired and the address still free. */
    async confirm(token: string, meta: RequestMeta): Promise<{ email: string }> {
      const row = await changes.findByToken(digest(token));
      const user = row && (await users.findById(row.userId));
      if (!row || !user || !user.active) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.invalid });
      if (row.state === 'confirmed') throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.used });
      if (row.state !== 'pending') throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.cancelled });
      if (row.expiresAt.getTime() <= Date.now()) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.expired });
      if (await takenByOther(row.newEmail, user.id)) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.taken(row.newEmail) });
      if (!(await changes.decide(row.id, 'pending', 'confirmed'))) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.cancelled });
      try {
        // a reset link or sign-in code sent to the old address stops working
        await users.update(user.id, { email: row.newEmail, resetPasswordDigest: null, resetPasswordSentAt: null, emailOtpDigest: null });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await changes.decide(row.id, 'confirmed', 'pending');
        throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.taken(row.newEmail) });
      }
      await audit.record({
        event: 'email_changed',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { from: row.oldEmail, to: row.newEmail },
      });
      return { email: row.newEmail };
    },

    /**
     * "This was not me", from the notice to the old address (EMAIL_CHANGE_REPORT_HOURS; the link
     * works once). While the old address is still the account's (the change was not confirmed), it
     * cancels the pending change. Once a change was confirmed, the link alone cannot give the
     * account back to whoever holds the old mailbox: the account is put on hold (deactivated: no
     * sign-in, no reset, by either address), the change held, and only `restore` with the
     * account's password or second factor puts the old address back. Either way every session, API
     * key and the user API token end, and the user must choose a new password.
     */
    async reportNotMe(token: string, meta: RequestMeta): Promise<{ email: string; frozen: boolean }> {
      const row = await changes.findByCancelToken(digest(token));
      const user = row && (await users.findById(row.userId));
      if (!row || !user) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.invalid });
      if (REPORTED.has(row.state)) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.reportUsed });
      // a deactivated account has no way in to end, and its hold must never be lifted into an active one
      if (!user.active) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.invalid });
      if (row.cancelExpiresAt.getTime() <= Date.now()) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.reportExpired });
      // a newer change (the reported one was replaced) is cancelled too
      const pending = await changes.pendingOf(user.id);
      if (pending && pending.id !== row.id) await changes.decide(pending.id, 'pending', 'cancelled');
      // read again: a confirmation may have landed meanwhile; one that did holds the account
      const current = (await users.findById(user.id)) ?? user;
      const frozen = !same(current.email, row.oldEmail);
      if (!(await changes.decide(row.id, row.state, frozen ? 'held' : 'reported'))) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.reportUsed });
      await endAccess(user.id, frozen);
      await audit.record({
        event: 'email_change_reported',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { new_email: row.newEmail, frozen, ...(pending && pending.id !== row.id && { cancelled: pending.newEmail }) },
      });
      return { email: current.email, frozen };
    },

    /**
     * Puts the old address back on an account held by a "this was not me" report, with the report's
     * link and the account's password (or, for a user with a second factor, a current code), within
     * EMAIL_CHANGE_REPORT_HOURS of the report; once. The account is active again, still asking for
     * a new password at the next sign-in (by the old address).
     */
    async restore(token: string, proof: { password: string } | { otp_code: string }, meta: RequestMeta): Promise<{ email: string }> {
      const row = await changes.findByCancelToken(digest(token));
      const user = row && (await users.findById(row.userId));
      if (!row || !user) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.invalid });
      if (row.state === 'restored') throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.restored });
      if (row.state !== 'held') throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.notHeld });
      if ((row.decidedAt?.getTime() ?? 0) + EMAIL_CHANGE_REPORT_HOURS * HOUR_MS <= Date.now()) {
        throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.restoreExpired });
      }
      await signIns.proveOwner(user, proof, meta, 'email_restore');
      if (await takenByOther(row.oldEmail, user.id)) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.taken(row.oldEmail) });
      if (!(await changes.decide(row.id, 'held', 'restored'))) throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.restored });
      try {
        await users.update(user.id, { email: row.oldEmail, active: true, changePassword: true, emailOtpDigest: null });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await changes.decide(row.id, 'restored', 'held');
        throw unprocessable({ token: EMAIL_CHANGE_MESSAGES.taken(row.oldEmail) });
      }
      await audit.record({
        event: 'email_change_restored',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { from: user.email, to: row.oldEmail, method: 'password' in proof ? 'password' : 'otp' },
      });
      return { email: row.oldEmail };
    },
  };
}

export type EmailChangesService = ReturnType<typeof createEmailChangesService>;
