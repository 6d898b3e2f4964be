import { ADMIN_SCOPES, KEY_EXPIRIES, type ApiKey, type ApiScope, type KeyExpiry, type Role } from '@crm/contract';
import { digest, randomToken } from '../../lib/crypto';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { AccountNotices } from '../account-notices/account-notices.service';
import { isAdmin } from '../users/current-user';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';
import { lastSeenDue, LAST_SEEN_EVERY_MS } from '../../lib/last-seen';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    active: row.active,
    scopes: row.scopes as ApiScope[],
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export type NewKey = { name: string; scopes: ApiScope[]; expires_in: KeyExpiry; active?: boolean | undefined };

export const ADMIN_SCOPE_REFUSED = 'Only an administrator can give a key admin scopes';

/** Admin scopes are granted only by an admin (the one rule for keys and the user API token). */
export function refuseAdminScopes(scopes: readonly ApiScope[], roles: Role[]): void {
  if (!isAdmin(roles) && scopes.some((s) => ADMIN_SCOPES.includes(s))) throw unprocessable({ scopes: ADMIN_SCOPE_REFUSED });
}

/** API keys belong to one user; every lookup is by owner, so another user's key is a 404. */
export function createApiKeysService(repo: ApiKeysRepository, notices?: Pick<AccountNotices, 'apiKeyCreated'>) {
  return {
    list: async (userId: number) => (await repo.listForUser(userId)).map(toApiKey),

    /** A new key with its scopes (admin scopes only for an admin: 422 otherwise) and expiry. */
    async create(owner: { userId: number; roles: Role[] }, input: NewKey) {
      refuseAdminScopes(input.scopes, owner.roles);
      const prefix = randomToken(6);
      const key = `crm_${prefix}_${randomToken()}`;
      const days = KEY_EXPIRIES.find((e) => e.value === input.expires_in)?.days ?? null;
      const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
      const row = await repo.create({
        userId: owner.userId,
        name: input.name,
        prefix,
        keyDigest: digest(key),
        active: input.active ?? true,
        scopes: input.scopes,
        expiresAt,
      });
      await notices?.apiKeyCreated(owner.userId, row.name);
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

    /** The active, unexpired key behind a bearer token, marking it used (at most once a minute). */
    async authenticate(key: string): Promise<ApiKeyRow | null> {
      const row = await repo.findByDigest(digest(key));
      const now = Date.now();
      if (!row || !row.active || (row.expiresAt && row.expiresAt.getTime() <= now)) return null;
      if (lastSeenDue(row.lastUsedAt, now)) await repo.markUsed(row.id, new Date(now), LAST_SEEN_EVERY_MS);
      return row;
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
