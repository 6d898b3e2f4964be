import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECENT_AUTH_MINUTES, REAUTH_REQUIRED, toRoutePath, type Endpoint, type ParsedBodyOf, type ParsedParamsOf, type ParsedQueryOf, type ResponseOf } from '@crm/contract';
import type { AppContext } from '../context';
import type { JsonText } from '../lib/json-text';
import { isFlagName } from '../modules/feature-flags/feature-flags.service';
import { authorize } from './auth';
import { idempotencyCheck, takesIdempotencyKey, underIdempotency } from './idempotency';
import { inputValidatorCompiler } from './validation';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The route streams a file (a download or an upload): no request time-out (app.ts limitRequestTime). */
    streams?: boolean;
  }
}

export type RouteRequest<E extends Endpoint> = FastifyRequest & {
  params: ParsedParamsOf<E>;
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
};

export type RouteHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends null ? void : ResponseOf<E> | JsonText<ResponseOf<E>>>;

/** The OpenAPI description of an endpoint that needs proof of presence (Endpoint.recentAuth). */
function recentAuthNote(rule: NonNullable<Endpoint['recentAuth']>): string {
  const when = rule === true ? '' : rule.value !== undefined ? ` when \`${rule.field}\` is set to ${JSON.stringify(rule.value)}` : ` when \`${rule.field}\` changes`;
  return (
    `Needs recent authentication${when}: a browser session that signed in or called POST /v1/sessions/reauthenticate ` +
    `within ${RECENT_AUTH_MINUTES} minutes; otherwise 403 with \`errors.reauth: "${REAUTH_REQUIRED}"\`. API keys and impersonating sessions get 403.`
  );
}

/**
 * Registers one endpoint of the contract: its zod schemas validate the request (422 on a
 * violation) and serialise the answer, its access rule runs before the handler, and the same
 * schemas feed the OpenAPI document. Two kinds keep their schemas for the document only:
 * - `bodyType: 'multipart'`: the body schema describes the form; the handler reads the stream
 *   itself (request.file) and answers 422 on its own terms;
 * - `download: true`: the handler sends the file through `reply` (a stream), never serialised.
 */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: RouteHandler<E>): void {
  if (endpoint.flag !== undefined && !isFlagName(endpoint.flag)) {
    throw new Error(`${endpoint.method} ${endpoint.path} names an unknown feature flag "${endpoint.flag}"`);
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toRoutePath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.bodyType === 'multipart' && { consumes: ['multipart/form-data'] }),
      response: { [endpoint.response ? 200 : 204]: endpoint.response ?? z.null().describe('No content') },
      ...(endpoint.download && { produces: ['application/octet-stream'] }),
      ...(endpoint.access !== 'public' && { security: endpoint.scope ? [{ session: [] }, { apiKey: [] }] : [{ session: [] }] }),
      // The scope an API key needs (none: keys cannot call it) and whether a recent re-authentication is needed.
      ...(endpoint.scope && { 'x-scope': endpoint.scope }),
      ...(endpoint.recentAuth && {
        'x-recent-auth':
          endpoint.recentAuth === true
            ? true
            : endpoint.recentAuth.value !== undefined
              ? { when_set: { [endpoint.recentAuth.field]: endpoint.recentAuth.value } }
              : { when_changing: endpoint.recentAuth.field },
        description: recentAuthNote(endpoint.recentAuth),
      }),
    },
    ...(endpoint.bodyType === 'multipart' && {
      validatorCompiler: (request) =>
        request.httpPart === 'body' ? () => true : inputValidatorCompiler(request as Parameters<typeof inputValidatorCompiler>[0]),
    }),
    ...(endpoint.download && { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }),
    // A download streams a file as it is: never held back or recompressed on the way (plugins/compression.ts).
    ...(endpoint.download && { compress: false as const }),
    config: { streams: Boolean(endpoint.download || endpoint.bodyType === 'multipart') },
    preHandler: takesIdempotencyKey(endpoint) ? [authorize(ctx, endpoint), idempotencyCheck(ctx, endpoint)] : authorize(ctx, endpoint),
    handler: async (request, reply) => {
      const result = await underIdempotency(ctx, endpoint, request, () => handler(request as RouteRequest<E>, reply));
      if (endpoint.response === null) return reply.code(204).send();
      return result;
    },
  });
}
