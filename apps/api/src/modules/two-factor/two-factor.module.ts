import type { Core } from '../../core';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { SessionsService } from '../sessions/sessions.service';
import { createTwoFactorService } from './two-factor.service';

/** Two-factor enrolment and its codes (TOTP or e-mailed). */
export function createTwoFactorModule(
  { env, usersRepository: users, audit, secrets }: Core,
  { sessions, notices }: { sessions: SessionsService; notices: AccountNotices },
) {
  return {
    twoFactor: createTwoFactorService({
      users,
      audit,
      notices,
      secrets,
      sessions,
      issuer: () => new URL(env.PUBLIC_URL).hostname,
    }),
  };
}
