import type { Core } from '../../core';
import { createApiKeysRepository } from './api-keys.repository';
import { createApiKeysService } from './api-keys.service';

/** The user's API keys. */
export function createApiKeysModule({ db }: Core) {
  return { apiKeys: createApiKeysService(createApiKeysRepository(db)) };
}
