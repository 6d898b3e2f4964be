import { SECURITY_EVENT_DAYS, type SecurityEvent } from '@crm/contract';
import { browserFamily } from '../../lib/device';
import type { AuditEvent, AuditRepository } from './audit.repository';

type Details = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The events the security screen shows, each with its words (impersonation and admin events are left out). */
const DESCRIBE: Partial<Record<AuditEvent, (details: Details) => string>> = {
  sign_in: (d) => `Signed in${d.method === 'sso' ? ' with single sign-on' : ''}${d.second_factor ? ' with a second factor' : ''}`,
  sign_in_failed: (d) => (d.reason === 'wrong_code' || d.reason === 'wrong_recovery_code' ? 'Failed sign-in: wrong second-factor code' : 'Failed sign-in'),
  reauth_failed: (d) =>
    d.reason === 'wrong_code'
      ? 'Failed re-authentication: wrong second-factor code'
      : d.reason === 'sso_mismatch'
        ? 'Failed re-authentication with single sign-on'
        : 'Failed re-authentication: wrong password',
  sign_out: () => 'Signed out',
  sessions_ended: (d) => (d.others ? `Signed out every other session (${Number(d.count ?? 0)})` : 'Signed out a session'),
  password_changed: () => 'Password changed',
  password_reset_requested: () => 'Password reset link requested',
  password_reset: () => 'Password reset with an e-mailed link',
  two_factor_enabled: () => 'Two-factor authentication turned on',
  two_factor_disabled: () => 'Two-factor authentication turned off',
  two_factor_delivery_changed: (d) => `Two-factor codes now come by ${d.otp_delivery === 'email' ? 'e-mail' : 'authenticator app'}`,
  two_factor_recovery_codes_generated: () => 'New two-factor recovery codes made',
  two_factor_recovery_code_used: () => 'Signed in with a recovery code',
  api_token_refreshed: () => 'API token refreshed',
  api_key_created: (d) => `API key “${text(d.name)}” created`,
  email_change_requested: (d) => `${d.resend ? 'Confirmation link sent again' : 'E-mail change asked for'}: ${text(d.new_email)}`,
  email_change_cancelled: (d) => `E-mail change to ${text(d.new_email)} withdrawn`,
  email_changed: (d) => `E-mail address changed from ${text(d.from)} to ${text(d.to)}`,
  email_change_reported: (d) =>
    `E-mail change to ${text(d.new_email)} reported as not you: sessions, API keys and token ended${d.frozen ? ', account on hold' : ''}`,
  email_change_restored: (d) => `E-mail address put back from ${text(d.from)} to ${text(d.to)} after the report`,
  account_notice_sent: (d) => `Security e-mail sent to ${text(d.to)}`,
};
export const SECURITY_EVENTS = Object.keys(DESCRIBE) as AuditEvent[];

/** A user's own security events of the last SECURITY_EVENT_DAYS days, newest first. */
export function createSecurityEvents(audit: AuditRepository) {
  return {
    async page(userId: number, page: number, limit: number) {
      const since = new Date(Date.now() - SECURITY_EVENT_DAYS * 86_400_000);
      const { rows, total } = await audit.pageForUser(userId, SECURITY_EVENTS, since, page, limit);
      const data: SecurityEvent[] = rows.map((row) => ({
        id: row.id,
        event: row.event,
        description: DESCRIBE[row.event as AuditEvent]?.(row.details as Details) ?? row.event,
        ip: row.ip,
        browser: row.userAgent ? browserFamily(row.userAgent) : null,
        created_at: row.createdAt.toISOString(),
      }));
      return { data, meta: { current_page: page, limit, total_count: total, total_pages: Math.ceil(total / limit) } };
    },
  };
}
