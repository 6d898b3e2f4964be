import type { Core } from '../../core';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { ApiKeysRepository } from '../api-keys/api-keys.repository';
import type { SessionsRepository } from '../sessions/sessions.repository';
import type { SessionsService } from '../sessions/sessions.service';
import { createEmailChangesRepository } from './email-changes.repository';
import { createEmailChangesService } from './email-changes.service';

/** Confirmed e-mail changes: pending until the new address's link is opened; the old address can report them. */
export function createEmailChangesModule(
  { env, db, usersRepository: users, audit }: Core,
  deps: { notices: AccountNotices; sessions: SessionsService; sessionsRepository: SessionsRepository; apiKeysRepository: ApiKeysRepository },
) {
  return {
    emailChanges: createEmailChangesService({
      env,
      changes: createEmailChangesRepository(db),
      users,
      sessions: deps.sessionsRepository,
      signIns: deps.sessions,
      apiKeys: deps.apiKeysRepository,
      audit,
      notices: deps.notices,
    }),
  };
}
