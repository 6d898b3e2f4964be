import { BRANDS } from '@crm/brand-config';
import { IANA_TIMEZONES, type Timezone } from '@crm/contract';
import { formatCents, formatDateTime } from '@crm/util';
import type { Env } from '../../env';
import type { Device } from '../../lib/device';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { brandPublicUrl } from '../../plugins/brand';
import type { EmailProvider } from '../../vendors/email/email.provider';
import type { AuditRepository } from '../audit/audit.repository';
import type { RequestMeta } from '../sessions/identity';
import type { UserRow, UsersRepository } from '../users/users.repository';

/** The job that sends an account notice through the e-mail provider. */
export const ACCOUNT_NOTICE_JOB = 'account-notice';

export const NOTICE_KINDS = [
  'email_change_confirmation',
  'email_change_requested',
  'email_address_in_use',
  'password_changed',
  'password_reset',
  'two_factor_disabled',
  'api_key_created',
  'new_device_sign_in',
  'payment_receipt',
  'payment_failed',
  'subscription_lapsed',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A notice as queued: the finished message and whom it concerns (the audit names the user and kind).
 * `once` names a notice sent at most once however often it is queued (a payment's receipt).
 */
export type NoticeJob = { kind: NoticeKind; user_id: number; to: string; subject: string; text: string; once?: string };

/** Hours a confirmation link to a new address works, and days the old address's "this was not me" link works. */
export const EMAIL_CHANGE_CONFIRM_HOURS = 24;
/** How long the "this was not me" link of an e-mail change works (issue 28: 72 hours at most). */
export const EMAIL_CHANGE_REPORT_HOURS = 72;

/** What a notice says; the template adds the greeting, the link, the sign-off and the brand. */
type NoticeContent = {
  subject: string;
  body: string;
  link?: { intro: string; path: string };
  /** What to do when it was not the user ({site}: the brand's public address); the default asks them to reset the password. */
  notMe?: string | null;
};

/** What a password reset or change revoked of the account's programmatic access. */
export type RevokedApiAccess = { apiKeys: number; apiToken: boolean };

/** "Your 2 API keys and your API token were revoked: ..." (or that there were none). */
function revokedText({ apiKeys, apiToken }: RevokedApiAccess): string {
  const what = [apiKeys > 0 && (apiKeys === 1 ? 'your API key' : `your ${apiKeys} API keys`), apiToken && 'your API token'].filter(Boolean).join(' and ');
  return what
    ? `${what.charAt(0).toUpperCase()}${what.slice(1)} ${apiKeys + Number(apiToken) > 1 ? 'were' : 'was'} revoked: programs that used ${apiKeys + Number(apiToken) > 1 ? 'them' : 'it'} need a new one (Profile → Security).`
    : 'You had no API keys or API token to revoke.';
}

/** A payment as the payer reads it: amount, card ("Visa ending in 4242", cardText of libs/util), what it paid for, when. */
export type PaymentNotice = { amountCents: number; currency: string; card: string | null; description: string; at: Date };

type Deps = { env: Env; users: UsersRepository; jobs: JobQueue; email: EmailProvider; audit: AuditRepository };

/**
 * E-mails about the account's security, one function per kind, all built on one template and sent
 * by a job (ACCOUNT_NOTICE_JOB) through the e-mail provider: in the user's brand (its name, and
 * links to its public address), times in the user's time zone. Each send is audited
 * (account_notice_sent, with the kind and the address).
 */
export function createAccountNotices({ env, users, jobs, email, audit }: Deps) {
  const job: JobDefinition<NoticeJob> = {
    name: ACCOUNT_NOTICE_JOB,
    retryLimit: 5,
    async run(notice, { id }) {
      // a try that sent and was cut off before its audit sends again: the audit row says it went
      if (await audit.exists('account_notice_sent', notice.user_id, notice.once ? { once: notice.once } : { job_id: id })) return;
      await email.send({ to: notice.to, subject: notice.subject, text: notice.text });
      await audit.record({
        event: 'account_notice_sent',
        userId: notice.user_id,
        details: { kind: notice.kind, to: notice.to, job_id: id, ...(notice.once && { once: notice.once }) },
      });
    },
  };

  const when = (user: UserRow, at = new Date()) =>
    `${formatDateTime(at.toISOString(), IANA_TIMEZONES[user.timezone as Timezone] ?? 'UTC')} (${user.timezone.toUpperCase()})`;
  const from = (meta: RequestMeta, device?: Device) => `${device?.browser ?? 'a browser'} at ${meta.ip}`;

  /** The one template: greeting, what happened, the link (if any), what to do if it was not them, the brand. */
  async function compose(user: UserRow, content: NoticeContent): Promise<{ subject: string; text: string }> {
    const brand = await users.companyBrand(user.companyId);
    const { name } = BRANDS[brand];
    const site = brandPublicUrl(env, brand);
    const notMe =
      content.notMe === null
        ? null
        : (content.notMe ?? 'If this was not you, reset your password now at {site}/reset-password and tell your administrator.').replaceAll('{site}', site);
    const text = [
      `Hello ${user.firstName},`,
      content.body,
      content.link && `${content.link.intro}\n\n${new URL(content.link.path, site).toString()}`,
      notMe,
      `— ${name}`,
    ]
      .filter(Boolean)
      .join('\n\n');
    return { subject: `${name}: ${content.subject}`, text };
  }

  async function queue(kind: NoticeKind, user: UserRow, to: string, content: NoticeContent, once?: string): Promise<void> {
    const { subject, text } = await compose(user, content);
    await jobs.send<NoticeJob>(ACCOUNT_NOTICE_JOB, { kind, user_id: user.id, to, subject, text, ...(once && { once }) });
  }

  return {
    job,

    /**
     * A one-time sign-in code, in the brand's template like every account e-mail; sent at once
     * (the user is waiting for it), not by the notices' job.
     */
    async signInCode(user: UserRow, code: string, minutes: number): Promise<void> {
      const { subject, text } = await compose(user, {
        subject: 'Your sign-in code',
        body: `Your sign-in code is ${code}. It expires in ${minutes} minutes.`,
        notMe: 'If you did not try to sign in, someone knows your password: reset it now at {site}/reset-password and tell your administrator.',
      });
      await email.send({ to: user.email, subject, text });
    },

    /** To the new address: the link that makes it the account's address. */
    emailChangeConfirmation: (user: UserRow, newEmail: string, token: string) =>
      queue('email_change_confirmation', user, newEmail, {
        subject: 'Confirm your new e-mail address',
        body: `You asked to use ${newEmail} for your account instead of ${user.email}. Your address changes only when you open the link below.`,
        link: {
          intro: `To confirm, open this link within ${EMAIL_CHANGE_CONFIRM_HOURS} hours:`,
          path: `/email-change/confirm?token=${token}`,
        },
        notMe: 'If you did not ask for this, ignore this message; nothing changes.',
      }),

    /** To the old address, at once: the change, and the "this was not me" link. */
    emailChangeRequested: (user: UserRow, newEmail: string, cancelToken: string, meta: RequestMeta, device: Device) =>
      queue('email_change_requested', user, user.email, {
        subject: 'Your e-mail address is being changed',
        body:
          `On ${when(user)} someone using ${from(meta, device)} asked to change the e-mail address of your account ` +
          `from ${user.email} to ${newEmail}. Until the new address is confirmed, you keep signing in with ${user.email}.`,
        link: {
          intro:
            `If this was not you, open this link within ${EMAIL_CHANGE_REPORT_HOURS} hours: it cancels the change ` +
            '(or, once the new address was confirmed, holds the account until you give your password to put this address back), ' +
            'signs out every session, revokes your API keys and asks you to choose a new password. The link works once.',
          path: `/email-change/not-me?token=${cancelToken}`,
        },
        notMe: null,
      }),

    /**
     * To the owner of an address another company's user asked to move their account to (in place
     * of the confirmation link): nothing changes, and the asker is told nothing more than for a free
     * address, so that the answer does not tell which addresses have accounts.
     */
    emailAddressInUse: (owner: UserRow) =>
      queue('email_address_in_use', owner, owner.email, {
        subject: 'Someone tried to use your e-mail address',
        body:
          `On ${when(owner)} someone asked to use ${owner.email} as the e-mail address of another account. ` +
          'Your address already belongs to your account, so nothing changed and no link was sent.',
        notMe: 'You need do nothing. If this keeps happening, tell your administrator.',
      }),

    /** `revoked`: what the change revoked of the API keys and token; null when the user chose to keep them working. */
    passwordChanged: (user: UserRow, meta: RequestMeta, device: Device, revoked: RevokedApiAccess | null) =>
      queue('password_changed', user, user.email, {
        subject: 'Your password was changed',
        body:
          `The password of your account was changed on ${when(user)} from ${from(meta, device)}. Your other sessions were signed out.` +
          (revoked ? ` ${revokedText(revoked)}` : ' Your API keys and API token were kept working, as chosen when the password was changed.'),
      }),

    passwordReset: (user: UserRow, meta: RequestMeta, device: Device, revoked: RevokedApiAccess) =>
      queue('password_reset', user, user.email, {
        subject: 'Your password was reset',
        body: `The password of your account was reset with an e-mailed link on ${when(user)} from ${from(meta, device)}. Every session was signed out. ${revokedText(revoked)}`,
      }),

    twoFactorDisabled: (user: UserRow, meta: RequestMeta, device: Device) =>
      queue('two_factor_disabled', user, user.email, {
        subject: 'Two-factor authentication was turned off',
        body: `Two-factor authentication was turned off for your account on ${when(user)} from ${from(meta, device)}. Signing in now needs only your password.`,
      }),

    /** A new API key: audited here (the key's change) and announced. */
    async apiKeyCreated(userId: number, keyName: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) return;
      await audit.record({ event: 'api_key_created', userId, details: { name: keyName } });
      await queue('api_key_created', user, user.email, {
        subject: 'A new API key was created',
        body: `A new API key named “${keyName}” was created for your account on ${when(user)}. Programs holding it can reach your account through the API.`,
        notMe: 'If this was not you, revoke the key on your security page ({site}/account/profile?tab=security) and reset your password.',
      });
    },

    /** A payment's receipt (once per payment, `once` its key). */
    paymentReceipt: (user: UserRow, payment: PaymentNotice, once: string) =>
      queue(
        'payment_receipt',
        user,
        user.email,
        {
          subject: `Receipt: ${formatCents(payment.amountCents, payment.currency)} paid`,
          body: `We charged ${formatCents(payment.amountCents, payment.currency)}${payment.card ? ` to your ${payment.card}` : ''} on ${when(user, payment.at)} for ${payment.description}. Thank you.`,
          notMe: null,
        },
        once,
      ),

    /** A renewal's charge was declined: it is tried again on `retryAt`, or never (`retryAt` null: what it paid for lapses). */
    paymentFailed: (user: UserRow, payment: PaymentNotice & { reason: string; retryAt: Date | null }, once: string) =>
      queue(
        payment.retryAt ? 'payment_failed' : 'subscription_lapsed',
        user,
        user.email,
        {
          subject: payment.retryAt ? 'Your payment did not go through' : 'Your subscription has lapsed',
          body:
            `We could not charge ${formatCents(payment.amountCents, payment.currency)}${payment.card ? ` to your ${payment.card}` : ''} for ${payment.description}: ${payment.reason} ` +
            (payment.retryAt
              ? `We will try again on ${when(user, payment.retryAt)}. To use another card, update it on your billing page before then.`
              : 'This was the last try: the subscription has lapsed. To go on, add a working card and choose a plan again on your billing page.'),
          link: { intro: 'Your billing page:', path: '/billing' },
          notMe: null,
        },
        once,
      ),

    newDeviceSignIn: (user: UserRow, meta: RequestMeta, device: Device) =>
      queue('new_device_sign_in', user, user.email, {
        subject: 'Sign-in from a new device',
        body: `Your account was signed in to on ${when(user)} from a device we had not seen before: ${device.browser}, network ${device.network} (address ${meta.ip}).`,
      }),
  };
}

export type AccountNotices = ReturnType<typeof createAccountNotices>;
