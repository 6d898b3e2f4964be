import type { Core } from '../../core';
import type { FeaturesService } from '../feature-flags/feature-flags.service';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { EmailChangesService } from '../email-changes/email-changes.service';
import type { SessionsRepository } from '../sessions/sessions.repository';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository';
import type { TelephonyPlanStates } from './current-user';
import { createUsersService } from './users.service';

/** The current user's own account: profile, time zone, theme, terms, password, API token. */
export function createUsersModule(
  { env, usersRepository: users, audit, email }: Core,
  {
    sessionsRepository,
    features,
    notices,
    emailChanges,
    telephonyPlans,
    apiKeysRepository,
  }: {
    sessionsRepository: SessionsRepository;
    features: FeaturesService;
    notices: AccountNotices;
    emailChanges: EmailChangesService;
    telephonyPlans: TelephonyPlanStates;
    apiKeysRepository: Pick<ApiKeysRepository, 'deleteAllForUser'>;
  },
) {
  return {
    users: createUsersService({ env, users, sessions: sessionsRepository, audit, email, features, notices, emailChanges, telephonyPlans, apiKeys: apiKeysRepository }),
  };
}
