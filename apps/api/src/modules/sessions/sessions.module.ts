import type { Core } from '../../core';
import { createSsoProvider } from '../../vendors/sso/sso.provider';
import type { FeaturesService } from '../feature-flags/feature-flags.service';
import type { AccountNotices } from '../account-notices/account-notices.service';
import { createKnownDevicesRepository } from './known-devices.repository';
import { createSessionsRepository } from './sessions.repository';
import { createSessionsService } from './sessions.service';

/** Sign-in, sign-out, second factor, impersonation (sessions) and single sign-on (sso). */
export function createSessionsModule(core: Core, { features, notices }: { features: FeaturesService; notices: AccountNotices }) {
  const { env, db, usersRepository: users, audit, email, secrets, identityChanges } = core;
  const sessionsRepository = createSessionsRepository(db, identityChanges);
  return {
    sessionsRepository,
    sessions: createSessionsService({
      env,
      users,
      sessions: sessionsRepository,
      audit,
      email,
      secrets,
      features,
      notices,
      devices: createKnownDevicesRepository(db),
    }),
    sso: createSsoProvider(env, db),
  };
}
