import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../../lib/crypto';
import { STRIPE_SANDBOX_PREFIX, type StripeSettings } from '../stripe-settings';
import { expandObjects, expandPaths } from '../../kit/sandbox/expand';
import { idempotentRequest } from '../../kit/sandbox/idempotent-request';
import { strictParams } from '../../kit/sandbox/strict-params';
import { decodeForm } from './form';
import { registerStripeJsRoutes } from './stripe-js.routes';
import type { StripeSandboxRepository } from './stripe-sandbox.repository';
import { SANDBOX_API_VERSION, stripeId, StripeSandboxError, type Form, type SandboxRequest, type StripeSandboxService } from './stripe-sandbox.service';

type Deps = { service: StripeSandboxService; repository: StripeSandboxRepository; settings: StripeSettings };
type Handler = (request: FastifyRequest<{ Params: { id: string } }>, form: Form, meta: SandboxRequest) => Promise<unknown>;

/**
 * Which key may call: the secret key everything; the publishable key what Stripe.js does (card
 * tokenisation, and an intent's confirmation and retrieval with its client secret).
 */
type KeyRule = 'secret' | 'publishable';

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";

/** `sk_test_****abcd`: how Stripe names a wrong key back. */
const redact = (key: string) => `${key.slice(0, key.indexOf('_', 3) + 1)}${'*'.repeat(Math.max(4, key.length - 12))}${key.slice(-4)}`;

/**
 * The Stripe sandbox's HTTP face: Stripe's own paths under /sandbox/stripe/v1, form-encoded
 * requests, Bearer keys, JSON answers in Stripe's shapes, Stripe's error objects and statuses, and
 * Idempotency-Key kept per key for 24 hours (a repeat gets the first answer with
 * `Idempotent-Replayed: true`; the same key with other parameters is an idempotency_error).
 * Registered only outside production.
 */
export async function registerStripeSandboxRoutes(app: FastifyInstance, { service, repository: repo, settings }: Deps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.removeContentTypeParser('application/x-www-form-urlencoded');
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

      function keyOf(request: FastifyRequest, form: Form): string | null {
        const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
        if (bearer) return bearer;
        const basic = request.headers.authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
        if (basic) return Buffer.from(basic, 'base64').toString('utf8').replace(/:$/, '');
        return typeof form.key === 'string' ? form.key : null;
      }

      function authorize(key: string | null, rule: KeyRule): 'secret' | 'publishable' {
        if (!key) throw new StripeSandboxError(401, { type: 'invalid_request_error', message: NO_KEY });
        if (safeEqual(key, settings.secretKey)) return 'secret';
        if (rule === 'publishable' && safeEqual(key, settings.publishableKey)) return 'publishable';
        if (key.startsWith('pk_') && safeEqual(key, settings.publishableKey)) {
          throw new StripeSandboxError(401, {
            type: 'invalid_request_error',
            message: 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
          });
        }
        throw new StripeSandboxError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${redact(key)}` });
      }

      async function answer(reply: FastifyReply, requestId: string, status: number, body: string, replayed = false) {
        reply.code(status).header('request-id', requestId).header('stripe-version', SANDBOX_API_VERSION).type('application/json');
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.send(body);
      }

      /** The answer of a request; `refused` when its parameters failed validation before it did anything (an invalid_request_error). */
      const run = async (handler: Handler, request: FastifyRequest<{ Params: { id: string } }>, form: Form, meta: SandboxRequest) => {
        try {
          return { status: 200, body: JSON.stringify(await handler(request, form, meta)), refused: false };
        } catch (error) {
          if (error instanceof StripeSandboxError) {
            const body = JSON.stringify({ error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${meta.requestId}` } });
            return { status: error.status, body, refused: error.body.type === 'invalid_request_error' && !error.afterWork };
          }
          request.log.error({ err: error }, 'stripe sandbox failed');
          return { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }), refused: false };
        }
      };

      /**
       * Stripe refuses a parameter an endpoint does not take (400 parameter_unknown, before anything
       * runs): each endpoint names the ones it takes; `expand` and the Stripe.js `key` are every one's.
       */
      function strict(params: readonly string[], handler: Handler): Handler {
        const check = strictParams(
          [...params, 'expand', 'key'],
          (unknown) => new StripeSandboxError(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: unknown, message: `Received unknown parameter: ${unknown}` }),
        );
        return (request, form, meta) => {
          check(form);
          return handler(request, form, meta);
        };
      }

      /** Stripe's refusal of an `expand[]` path that names no id of an object (found once the request has done its work). */
      const notExpandable = (path: string) =>
        new StripeSandboxError(400, { type: 'invalid_request_error', param: 'expand', message: `This property cannot be expanded (${path}).` }, true);

      /**
       * `expand[]=latest_charge`, `expand[]=data.customer`, `expand[]=latest_charge.payment_method`:
       * each id on the path is replaced by its object, as Stripe does (the kit's expand; a null stays null).
       */
      function expanding(handler: Handler): Handler {
        return async (request, form, meta) =>
          expandObjects((await handler(request, form, meta)) as Record<string, unknown>, expandPaths(form.expand), { findById: (id) => repo.findById(id), refuse: notExpandable });
      }

      function endpoint(method: 'GET' | 'POST' | 'DELETE', path: string, params: readonly string[], handle: Handler, rule: KeyRule = 'secret') {
        const handler = strict(params, expanding(handle));
        scope.route<{ Params: { id: string } }>({
          method,
          url: path,
          handler: async (request, reply) => {
            const raw = typeof request.body === 'string' ? request.body : '';
            const form = method === 'GET' ? decodeForm(request.url.split('?')[1] ?? '') : decodeForm(raw);
            const requestId = stripeId('req');
            const idempotencyKey = method === 'POST' && typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
            const key = keyOf(request, form);
            let via: 'secret' | 'publishable';
            try {
              via = authorize(key, rule);
            } catch (error) {
              const failed = await run(() => Promise.reject(error), request, form, { requestId, idempotencyKey });
              return answer(reply, requestId, failed.status, failed.body);
            }
            const meta = { requestId, idempotencyKey, key: via };
            const outcome = await idempotentRequest(
              repo,
              { apiKey: key as string, idempotencyKey, method, path: request.url.split('?')[0]!, rawBody: raw, requestId },
              () => run(handler, request, form, meta),
            );
            if (outcome.kind === 'replayed') return answer(reply, outcome.requestId ?? requestId, outcome.status, outcome.body, true);
            if (outcome.kind === 'different_request') {
              const body = {
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
                },
              };
              return answer(reply, requestId, 400, JSON.stringify(body));
            }
            if (outcome.kind === 'running') {
              const body = {
                error: {
                  type: 'idempotency_error',
                  message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
                },
              };
              return answer(reply, requestId, 409, JSON.stringify(body));
            }
            const result = outcome.answer;
            return answer(reply, requestId, result.status, result.body);
          },
        });
      }

      const LIST = ['limit', 'starting_after', 'ending_before'];
      endpoint('POST', '/customers', ['email', 'name', 'description', 'metadata'], (_r, form, meta) => service.createCustomer(form, meta));
      endpoint('GET', '/customers/:id', [], (r) => service.retrieveCustomer(r.params.id));
      endpoint('POST', '/customers/:id', ['email', 'name', 'metadata', 'invoice_settings'], (r, form) => service.updateCustomer(r.params.id, form));
      endpoint('POST', '/payment_methods', ['type', 'card', 'billing_details', 'metadata'], (_r, form) => service.createPaymentMethod(form), 'publishable');
      endpoint('GET', '/payment_methods', ['customer', 'type', ...LIST], (_r, form) => service.listPaymentMethods(form));
      endpoint('GET', '/payment_methods/:id', [], (r) => service.retrievePaymentMethod(r.params.id));
      endpoint('POST', '/payment_methods/:id/attach', ['customer'], (r, form, meta) => service.attachPaymentMethod(r.params.id, form, meta));
      endpoint('POST', '/payment_methods/:id/detach', [], (r, _form, meta) => service.detachPaymentMethod(r.params.id, meta));
      endpoint('POST', '/setup_intents', ['customer', 'payment_method', 'usage', 'confirm', 'description', 'metadata', 'payment_method_types'], (_r, form, meta) =>
        service.createSetupIntent(form, meta),
      );
      endpoint('GET', '/setup_intents/:id', ['client_secret'], (r, form, meta) => service.retrieveSetupIntent(r.params.id, form, meta), 'publishable');
      endpoint('POST', '/setup_intents/:id/confirm', ['payment_method', 'client_secret', 'return_url', 'use_stripe_sdk'], (r, form, meta) => service.confirmSetupIntent(r.params.id, form, meta), 'publishable');
      endpoint('POST', '/payment_intents', ['amount', 'currency', 'customer', 'payment_method', 'description', 'metadata', 'off_session', 'confirm', 'payment_method_types'], (_r, form, meta) =>
        service.createPaymentIntent(form, meta),
      );
      endpoint('GET', '/payment_intents/:id', ['client_secret'], (r, form, meta) => service.retrievePaymentIntent(r.params.id, form, meta), 'publishable');
      endpoint('POST', '/payment_intents/:id/confirm', ['payment_method', 'off_session', 'client_secret', 'return_url', 'use_stripe_sdk'], (r, form, meta) => service.confirmPaymentIntent(r.params.id, form, meta), 'publishable');
      endpoint('POST', '/refunds', ['payment_intent', 'charge', 'amount', 'reason', 'metadata'], (_r, form, meta) => service.createRefund(form, meta));
      endpoint('GET', '/refunds/:id', [], (r) => service.retrieveRefund(r.params.id));
      endpoint('GET', '/charges/:id', [], (r) => service.retrieveCharge(r.params.id));
      endpoint('GET', '/events/:id', [], (r) => service.retrieveEvent(r.params.id));
      // anything else of Stripe's API is outside the sandbox: Stripe's 404 for an unknown path
      scope.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .type('application/json')
          .send(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url.replace(STRIPE_SANDBOX_PREFIX, '').split('?')[0]}). The Stripe sandbox serves only the part of Stripe's API this product uses.` } })),
      );
    },
    { prefix: `${STRIPE_SANDBOX_PREFIX}/v1` },
  );
  await registerStripeJsRoutes(app, service);
}
