import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const health = defineEndpoint({
  method: 'GET',
  path: '/v1/health',
  summary: "Liveness: the database answers and this process's job worker (if it runs one) beats; 503 within 2 s with what is wrong",
  tag: 'health',
  access: 'public',
  response: z.object({ status: z.literal('ok'), database: z.literal('ok'), jobs: z.enum(['running', 'none']), version: z.string() }),
});
