import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const health = defineEndpoint({
  method: 'GET',
  path: '/v1/health',
  summary: 'Liveness and database reachability',
  tag: 'health',
  access: 'public',
  response: z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
});
