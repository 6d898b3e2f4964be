import type { Core } from '../../core';
import type { AccountNotices } from '../account-notices/account-notices.service';
import { createApiKeysRepository } from './api-keys.repository';
import { createApiKeysService } from './api-keys.service';

/** The user's API keys. */
export function createApiKeysModule({ db }: Core, { notices }: { notices: AccountNotices }) {
  const apiKeysRepository = createApiKeysRepository(db);
  return { apiKeysRepository, apiKeys: createApiKeysService(apiKeysRepository, notices) };
}
