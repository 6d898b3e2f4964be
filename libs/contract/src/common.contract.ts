import { z } from 'zod';

/** Every error answer: field name → message(s). 403 is always `{ errors: { user: 'Access denied!' } }`. */
export const errorBody = z.object({
  errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type ErrorBody = z.infer<typeof errorBody>;

export { ACCESS_DENIED } from './constants';

/** Record ids are PostgreSQL integers; anything else is a 422, never a database error. */
export const idParams = z.object({ id: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').positive('Must be positive').max(2_147_483_647, 'Is too large') });

/** Paging meta of spec part 2 §3. */
export const pagingMeta = z.object({
  current_page: z.number().int(),
  limit: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
export type PagingMeta = z.infer<typeof pagingMeta>;

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});

export const okResponse = z.object({ ok: z.literal(true) });

export const timestamp = z.string().describe('ISO 8601 timestamp in UTC');

/** A body the endpoint ignores; absent, null or {} are all fine (Fastify hands a missing body over as null). */
export const emptyBody = z.object({}).nullish();
