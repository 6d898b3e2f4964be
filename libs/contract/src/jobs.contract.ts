import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** A job queue: how many of its jobs wait, run now, and failed for good. */
export const jobQueueStatus = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});

export const workersStatus = defineEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/workers_status',
  summary: 'Whether job workers are running (imports, exports, transfers go through them), and the job queues',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  response: z.object({
    data: z.object({
      /** At least one worker was heard from in the last 30 seconds. */
      running: z.boolean(),
      workers: z.number().int(),
      queues: z.array(jobQueueStatus),
    }),
  }),
});
