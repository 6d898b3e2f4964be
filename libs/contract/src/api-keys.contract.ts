import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, timestamp, emptyBody } from './common.contract';

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  active: z.boolean(),
  last_used_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ApiKey = z.infer<typeof apiKey>;

const apiKeyBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  active: z.boolean().optional(),
});

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
  summary: 'Create an API key; the answer is the only time its secret value is shown',
  tag: 'api_keys',
  access: 'user',
  gate: 'enforced',
  body: apiKeyBody,
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
  summary: 'Rename, or switch an API key on or off',
  tag: 'api_keys',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: apiKeyBody.partial(),
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
