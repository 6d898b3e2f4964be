import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

export function provisioningUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

/**
 * Checks a code within one step of drift and returns the start time of the step it belongs to,
 * or null. The caller refuses a step at or before the last accepted one (`last_otp_at`), so a
 * code works once.
 */
export function verifyTotp(secret: string, code: string, now = Date.now()): Date | null {
  const delta = totp(secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  return new Date(step * TOTP_PERIOD_SECONDS * 1000);
}

export function currentTotp(secret: string, now = Date.now()): string {
  return totp(secret, 'x', 'x').generate({ timestamp: now });
}
