import type { ApiKey } from '@crm/contract';
import { digest, randomToken } from '../../lib/crypto';
import { notFound } from '../../lib/http-errors';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';
import { lastSeenDue, LAST_SEEN_EVERY_MS } from '../../lib/last-seen';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    active: row.active,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** API keys belong to one user; every lookup is by owner, so another user's key is a 404. */
export function createApiKeysService(repo: ApiKeysRepository, notices?: Pick<AccountNotices, 'apiKeyCreated'>) {
  return {
    list: async (userId: number) => (await repo.listForUser(userId)).map(toApiKey),

    async create(userId: number, name: string, active = true) {
      const prefix = randomToken(6);
      const key = `crm_${prefix}_${randomToken()}`;
      const row = await repo.create({ userId, name, prefix, keyDigest: digest(key), active });
      await notices?.apiKeyCreated(userId, row.name);
      return { data: toApiKey(row), key };
    },

    async show(userId: number, id: number) {
      const row = await repo.findOwned(userId, id);
      if (!row) throw notFound('API key');
      return toApiKey(row);
    },

    async update(userId: number, id: number, patch: { name?: string; active?: boolean }) {
      const row = await repo.update(userId, id, patch);
      if (!row) throw notFound('API key');
      return toApiKey(row);
    },

    async remove(userId: number, id: number) {
      if (!(await repo.delete(userId, id))) throw notFound('API key');
    },

    /** The active key behind a bearer token, marking it used (at most once a minute). */
    async authenticate(key: string): Promise<ApiKeyRow | null> {
      const row = await repo.findByDigest(digest(key));
      if (!row || !row.active) return null;
      const now = Date.now();
      if (lastSeenDue(row.lastUsedAt, now)) await repo.markUsed(row.id, new Date(now), LAST_SEEN_EVERY_MS);
      return row;
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
