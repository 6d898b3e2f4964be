import QRCode from 'qrcode';
import { unprocessable } from '../../lib/http-errors';
import { newTotpSecret, provisioningUri, verifyTotp } from '../../lib/totp';
import { deviceOf } from '../../lib/device';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { AuditRepository } from '../audit/audit.repository';
import type { SessionsService } from '../sessions/sessions.service';
import type { RequestMeta } from '../sessions/identity';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { SecretBox } from './secret-box';
import { newRecoveryCodes, recoveryCodeDigest } from './recovery-codes';

type Deps = {
  users: UsersRepository;
  audit: AuditRepository;
  notices: AccountNotices;
  secrets: SecretBox;
  sessions: SessionsService;
  issuer: () => string;
};

export function createTwoFactorService({ users, audit, notices, secrets, sessions, issuer }: Deps) {
  /** A new set of recovery codes replaces the user's (their digests stored, the old ones void), audited; the codes, to show once. */
  async function issueRecoveryCodes(user: UserRow, meta: RequestMeta, reason: 'enrolment' | 'regenerated'): Promise<string[]> {
    const codes = newRecoveryCodes();
    await users.replaceRecoveryCodes(user.id, codes.map((code) => recoveryCodeDigest(user.id, code)));
    await audit.record({
      event: 'two_factor_recovery_codes_generated',
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      details: { reason, count: codes.length },
    });
    return codes;
  }

  return {
    /** Starts (or restarts) enrolment with a fresh pending secret; the only answer that carries a secret. */
    async generateQr(user: UserRow) {
      const secret = newTotpSecret();
      await users.update(user.id, { otpSecretPending: secrets.seal(secret) });
      const uri = provisioningUri(secret, user.email, issuer());
      return { qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 240 }), otp_secret: secret, provisioning_uri: uri };
    },

    async enable(user: UserRow, code: string, meta: RequestMeta) {
      if (!user.otpSecretPending) throw unprocessable({ otp_code: 'Start the set-up first: scan a new QR code' });
      const secret = secrets.open(user.otpSecretPending);
      const step = verifyTotp(secret, code);
      if (!step || !(await users.claimOtpStep(user.id, step))) {
        throw unprocessable({ otp_code: 'The code is wrong or was already used' });
      }
      const updated = await users.update(user.id, { otpSecret: user.otpSecretPending, otpSecretPending: null, otpEnabled: true });
      await audit.record({ event: 'two_factor_enabled', userId: user.id, ip: meta.ip, userAgent: meta.userAgent });
      return { user: updated, recoveryCodes: await issueRecoveryCodes(updated, meta, 'enrolment') };
    },

    /** New recovery codes in place of the old ones; needs a current code (TOTP or e-mailed). */
    async regenerateRecoveryCodes(user: UserRow, code: string, meta: RequestMeta): Promise<string[]> {
      if (!user.otpEnabled) throw unprocessable({ otp_code: 'Two-factor authentication is not on' });
      if (!(await sessions.acceptCode(user, code, user.otpSecret ? secrets.open(user.otpSecret) : null))) {
        throw unprocessable({ otp_code: 'The code is wrong or was already used' });
      }
      return issueRecoveryCodes(user, meta, 'regenerated');
    },

    /** Unused recovery codes left (none while two-factor is off). */
    recoveryCodesLeft: async (user: UserRow): Promise<number> => (user.otpEnabled ? users.recoveryCodesLeft(user.id) : 0),

    async disable(user: UserRow, code: string, meta: RequestMeta) {
      if (!user.otpEnabled) throw unprocessable({ otp_code: 'Two-factor authentication is not on' });
      if (user.twoFaRequired) throw unprocessable({ otp_code: 'Your account requires two-factor authentication' });
      if (!(await sessions.acceptCode(user, code, user.otpSecret ? secrets.open(user.otpSecret) : null))) {
        throw unprocessable({ otp_code: 'The code is wrong or was already used' });
      }
      const updated = await users.update(user.id, { otpEnabled: false, otpSecret: null, otpSecretPending: null, otpDelivery: 'app' });
      await users.replaceRecoveryCodes(user.id, []);
      await audit.record({ event: 'two_factor_disabled', userId: user.id, ip: meta.ip, userAgent: meta.userAgent });
      await notices.twoFactorDisabled(updated, meta, deviceOf(meta));
      return updated;
    },

    sendOtp: (user: UserRow, meta: RequestMeta) => sessions.sendEmailCode(user, meta),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
