import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '@crm/contract';
import type { AppContext } from '../context';
import { HttpError, unprocessable } from '../lib/http-errors';
import { JsonText } from '../lib/json-text';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The claimed Idempotency-Key of this request (its answer is kept when it succeeds). */
    idempotency: { userId: number; key: string } | null;
  }
}

export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
}

/** Which endpoints take an Idempotency-Key: every POST of a signed-in caller (Stripe's rule: all POSTs). */
/**
 * Which requests take a key: POSTs (they create), and any request that makes a secret (PATCH
 * refresh_api_token issues a new token each time it runs: a repeat must not run it again).
 */
export const takesIdempotencyKey = (endpoint: Endpoint) => (endpoint.method === 'POST' || Boolean(endpoint.secretAnswer)) && endpoint.access !== 'public';

/** What a repeat of a request whose answer carried a secret (Endpoint.secretAnswer) gets: 409, and no secret. */
export const SECRET_NOT_REPLAYED =
  'This request was already done with this Idempotency-Key: what it created exists. Its secret was shown only once, in the first answer, and is not shown again; if that answer was lost, revoke what was created and make a new one.';
/** What a repeat gets in a session opened as another user (impersonation): 409, and no stored answer. */
export const NOT_REPLAYED_TO_IMPERSONATION =
  'This request was already done with this Idempotency-Key; answers are not replayed to a session opened as another user. Look the result up instead.';

/**
 * The key as stored: the caller's own, or for a session opened as the user by someone else
 * (impersonation, login as) one of that session's own, so that it never meets the user's keys.
 */
const storedKey = (request: FastifyRequest, key: string) => {
  const session = request.identity?.session;
  return session?.actorSessionId ? `as-${session.id}:${key}` : key;
};

/**
 * Idempotent writes (Stripe's semantics): a POST (takesIdempotencyKey) sent with `Idempotency-Key` claims the key for
 * its caller; a repeat within 24 hours gets the first answer (with `Idempotent-Replayed: true`)
 * and runs nothing; the same key with a different request (method, path, query or JSON body) is
 * 422; a repeat while the first still runs is 409 (try again in a moment). Only a success is kept:
 * a request that failed lets its key go, so that a repeat runs it again. A multipart body (a file)
 * is told apart by its path only. Two exceptions to the replay, both 409 with the header and
 * nothing run: an answer that carried a secret (Endpoint.secretAnswer) is never kept nor replayed,
 * and a session opened as another user is never given a stored answer (its keys are its own).
 */
export function idempotencyCheck(ctx: AppContext, endpoint: Endpoint) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || !request.identity) return undefined;
    if (typeof key !== 'string' || !KEY.test(key)) throw unprocessable({ idempotency_key: 'Idempotency-Key must be 1 to 255 visible characters' });
    const body = endpoint.bodyType === 'multipart' ? '' : JSON.stringify(request.body ?? null);
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
    const userId = request.identity.user.id;
    const stored = storedKey(request, key);
    const claim = await ctx.idempotency.claim(userId, stored, fingerprint);
    switch (claim.kind) {
      case 'claimed':
        request.idempotency = { userId, key: stored };
        return undefined;
      case 'different_request':
        throw unprocessable({ idempotency_key: 'This Idempotency-Key was already used with a different request' });
      case 'running':
        throw new HttpError(409, { idempotency_key: 'A request with this Idempotency-Key is still running; try again in a moment' }, { 'retry-after': '1' });
      case 'done':
        if (endpoint.secretAnswer || stored !== key) {
          const message = endpoint.secretAnswer ? SECRET_NOT_REPLAYED : NOT_REPLAYED_TO_IMPERSONATION;
          throw new HttpError(409, { idempotency_key: message }, { 'idempotent-replayed': 'true' });
        }
        reply.code(claim.status).header('idempotent-replayed', 'true');
        return claim.body === null ? reply.send() : reply.type('application/json; charset=utf-8').send(claim.body);
    }
  };
}

/**
 * Runs a route's handler under its claimed key: keeps the answer when it succeeds (as the route
 * serialises it: its response schema applied), lets the key go when it fails.
 */
export async function underIdempotency<T>(ctx: AppContext, endpoint: Endpoint, request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  const claimed = request.idempotency;
  if (!claimed) return run();
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await ctx.idempotency.release(claimed.userId, claimed.key).catch(() => undefined);
    throw error;
  }
  // an answer already written as JSON (lib/json-text.ts) is kept as it was sent; one with a secret never is
  const body =
    endpoint.response && !endpoint.secretAnswer ? (result instanceof JsonText ? result.text : JSON.stringify(endpoint.response.parse(result))) : null;
  await ctx.idempotency.complete(claimed.userId, claimed.key, endpoint.response ? 200 : 204, body);
  return result;
}
