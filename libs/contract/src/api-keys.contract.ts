import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, timestamp, emptyBody } from './common.contract';
import { SCOPE_NAMES } from './scopes';

/** A list of scopes a key is given: at least one, each of API_SCOPES, no repeats. */
export const apiScopes = z
  .array(z.enum(SCOPE_NAMES, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
  .min(1, 'Choose at least one scope')
  .transform((list) => [...new Set(list)]);

/** How long a new key works; a year unless chosen otherwise ("never" is allowed, with a warning). */
export const KEY_EXPIRIES = [
  { value: '30_days', label: '30 days', days: 30 },
  { value: '90_days', label: '90 days', days: 90 },
  { value: '1_year', label: '1 year', days: 365 },
  { value: 'never', label: 'Never', days: null },
] as const;
export type KeyExpiry = (typeof KEY_EXPIRIES)[number]['value'];
export const DEFAULT_KEY_EXPIRY: KeyExpiry = '1_year';

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  active: z.boolean(),
  scopes: z.array(z.enum(SCOPE_NAMES)),
  /** After this the key answers 401; null: it does not expire. */
  expires_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ApiKey = z.infer<typeof apiKey>;

const keyName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters');

export const createApiKeyBody = z.object({
  name: keyName,
  scopes: apiScopes,
  expires_in: z
    .enum(KEY_EXPIRIES.map((e) => e.value) as [KeyExpiry, ...KeyExpiry[]], { error: 'Choose when the key expires' })
    .default(DEFAULT_KEY_EXPIRY),
  active: z.boolean().optional(),
});

/** A PATCH of a key with neither field. */
export const API_KEY_NOTHING_TO_CHANGE = 'Nothing to change: send a new name or active';

/** A key's name and on/off switch change; its scopes and expiry do not (make a new key instead). */
const updateApiKeyBody = z
  .object({ name: keyName.optional(), active: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.active !== undefined, { error: API_KEY_NOTHING_TO_CHANGE });

export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/v1/api_keys',
  summary: "The signed-in user's API keys (values are never shown again after creation)",
  tag: 'api_keys',
  access: 'user',
  gate: 'enforced',
  response: z.object({ data: z.array(apiKey) }),
});

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/v1/api_keys',
  summary:
    'Create an API key with its scopes and expiry; the answer is the only time its secret value is shown. Admin scopes only for admins',
  tag: 'api_keys',
  access: 'user',
  recentAuth: true,
  gate: 'enforced',
  body: createApiKeyBody,
  secretAnswer: true,
  response: z.object({ data: apiKey, key: z.string() }),
});

export const showApiKey = defineEndpoint({
  method: 'POST',
  path: '/v1/api_keys/{id}',
  summary: 'One API key (POST as the spec names it)',
  tag: 'api_keys',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: emptyBody,
  response: z.object({ data: apiKey }),
});

export const updateApiKey = defineEndpoint({
  method: 'PATCH',
  path: '/v1/api_keys/{id}',
  summary: 'Rename, or switch an API key on or off; switching one back on needs recent authentication, as creating one does',
  tag: 'api_keys',
  access: 'user',
  gate: 'enforced',
  recentAuth: { field: 'active', value: true },
  params: idParams,
  body: updateApiKeyBody,
  response: z.object({ data: apiKey }),
});

export const deleteApiKey = defineEndpoint({
  method: 'DELETE',
  path: '/v1/api_keys/{id}',
  summary: 'Revoke an API key',
  tag: 'api_keys',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  response: null,
});
