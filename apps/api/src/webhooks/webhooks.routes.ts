import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { WEBHOOK_PATH_PREFIX, WebhookEventMalformed, WebhookSignatureInvalid, type WebhookRequest } from './webhook-contract';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The request as the vendor signed it (webhook-contract.ts): its public URL from PUBLIC_URL, never from the Host header. */
function signedRequest(request: FastifyRequest, raw: Buffer, publicBase: string): WebhookRequest {
  const url = new URL(request.url, publicBase);
  const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return {
    rawBody: raw,
    headers: request.headers,
    url: url.toString(),
    query: Object.fromEntries(url.searchParams),
    form: type === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) : null,
  };
}

/**
 * POST /webhooks/:vendor: the body is kept raw (a signature is over the exact bytes), verified by
 * the vendor's verifier (forged, stale, from the future, unsigned or not an event: 400, or the status
 * the verifier's refusal names, and logged), stored once by the vendor's
 * event id (a repeat: 200, ignored), and processed by a job.
 */
export async function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { vendor: string } }>(`${WEBHOOK_PATH_PREFIX}/:vendor`, { schema: { hide: true } }, async (request, reply) => {
      const { vendor } = request.params;
      if (!ctx.webhooks.knows(vendor)) return reply.code(404).send({ error: `No webhooks are taken for ${vendor}` });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let receipt;
      try {
        receipt = await ctx.webhooks.receive(vendor, signedRequest(request, raw, ctx.env.PUBLIC_URL));
      } catch (error) {
        if (error instanceof WebhookSignatureInvalid) {
          request.log.warn({ vendor, ip: request.ip, reason: error.message }, 'webhook refused: signature invalid');
          return reply.code(error.status).send({ error: 'Invalid signature' });
        }
        if (error instanceof WebhookEventMalformed) {
          request.log.warn({ vendor, ip: request.ip, reason: error.message }, 'webhook refused: malformed event');
          return reply.code(400).send({ error: `Malformed event: ${error.message}` });
        }
        throw error;
      }
      if (receipt.reply) return reply.code(200).type(receipt.reply.contentType).send(receipt.reply.body);
      const repeat = receipt.repeats > 0 && receipt.stored.length === 0;
      return reply.code(200).send({ received: true, ...(repeat && { repeat: true }) });
    });
  });
}
