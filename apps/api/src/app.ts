import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type onRequestHookHandler, type onResponseHookHandler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SYSTEM_VERSION } from '@crm/util';
import type { AppContext } from './context';
import { isProduction, type Env } from './env';
import { guardSandboxes } from './vendors/kit/sandbox-guard';
import { registerSandboxes } from './vendors/kit/sandbox-registry';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { registerFavoriteRoutes } from './modules/favorites/favorites.routes';
import { registerQuickFilterRoutes } from './modules/quick-filters/quick-filters.routes';
import { registerCampaignTriggerRoutes } from './modules/campaign-triggers/campaign-triggers.routes';
import { registerConsentRoutes } from './modules/consent/consent.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerSessionRoutes } from './modules/sessions/sessions.routes';
import { registerEmailChangeRoutes } from './modules/email-changes/email-changes.routes';
import { registerSecurityEventRoutes } from './modules/audit/security-events.routes';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerAdminUserRoutes } from './modules/admin-users/admin-users.routes';
import { registerFeatureFlagRoutes } from './modules/feature-flags/feature-flags.routes';
import { registerHelpRoutes } from './modules/helps/helps.routes';
import { registerContactRoutes } from './modules/contacts/contacts.routes';
import { registerContactDocumentRoutes } from './modules/contact-documents/contact-documents.routes';
import { registerContactFileRoutes } from './modules/contact-files/contact-files.routes';
import { registerContactNoteRoutes } from './modules/contact-notes/contact-notes.routes';
import { registerPolicyRoutes } from './modules/policies/policies.routes';
import { registerSecurityRoutes } from './modules/securities/securities.routes';
import { registerTagRoutes } from './modules/tags/tags.routes';
import { registerLookupRoutes } from './modules/lookups/lookups.routes';
import { registerAuth } from './plugins/auth';
import { registerIdempotency } from './plugins/idempotency';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_BODY } from './db/unavailable';
import { registerCable } from './realtime/cable';
import { registerWorkerRoutes } from './modules/workers/workers.routes';
import { registerImportRoutes } from './modules/import/import.routes';
import { registerTransferRoutes } from './modules/transfers/transfers.routes';
import { registerPrintRoutes } from './modules/print/print.routes';
import { registerExportRoutes } from './modules/export/export.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerTelephonyPlanRoutes } from './modules/telephony-plans/telephony-plans.routes';
import { registerQuietJobsRoutes } from './modules/quiet-jobs/quiet-jobs.routes';
import { registerBrand } from './plugins/brand';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { registerWebhookRoutes } from './webhooks/webhooks.routes';
import { registerWebhookEventRoutes } from './webhooks/webhook-events.routes';
import { configureCookies } from './plugins/cookies';
import { registerErrorHandler } from './plugins/errors';
import { registerCompression } from './plugins/compression';
import { answerSerializer } from './plugins/serializer';
import { API_DOCS_PATH, registerSecurityHeaders, swaggerCsp } from './plugins/security-headers';
import { registerStatic } from './plugins/static';
import { inputValidatorCompiler } from './plugins/validation';

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the nearest N hops" (what Fastify does with a number, which its types leave out). */
function trustProxyOption(setting: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** pino's levels by name, to tell whether a line would be written. */
const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/** A request slower than this is logged at info (with LOG_LEVEL=debug every request is). */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One log line per request, when it has been answered: method, route, status, time and request id.
 * At the default level (info) only the slow ones (SLOW_REQUEST_MS) and the failed ones (5xx) are
 * written; LOG_LEVEL=debug writes every request.
 */
function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const level = reply.statusCode >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    // the line is made only when it is written (Fastify makes routeOptions anew at every read)
    if (LOG_LEVELS[level] >= (LOG_LEVELS[request.log.level as keyof typeof LOG_LEVELS] ?? 0)) {
      const line = { method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0], status: reply.statusCode, ms };
      request.log[level](line, level === 'error' ? 'request failed' : level === 'info' ? 'slow request' : 'request');
    }
    done();
  });
}

/**
 * Answers 503 (Retry-After) to an API request not answered within REQUEST_TIMEOUT_MS, so that a
 * frozen database (its processes stopped: its own time-outs do not run) holds no client longer;
 * the work goes on to its own end (a write under an Idempotency-Key keeps its answer for the
 * retry). Routes that stream a file (`config.streams`) are exempt.
 */
function limitRequestTime(app: FastifyInstance, ms: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  const start: onRequestHookHandler = (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ method: request.method, route: request.routeOptions.url, ms }, 'request timed out');
      void reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(UNAVAILABLE_BODY);
    }, ms);
    timer.unref();
    timers.set(request, timer);
    done();
  };
  const stop: onResponseHookHandler = (request, _reply, done) => {
    clearTimeout(timers.get(request));
    done();
  };
  // hooks of the API's routes themselves, settled as each is registered (a hook of every request
  // would read request.routeOptions, which Fastify makes anew at every read)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/') || route.config?.streams) return;
    route.onRequest = [...hookList(route.onRequest), start];
    route.onResponse = [...hookList(route.onResponse), stop];
  });
}

/** A route's hooks of one kind as a list (Fastify takes none, one or several). */
function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * At close, every connection with no request in progress is closed, and again each time one's last
 * request is answered. Fastify's own close ends only the connections Node counts as idle, and Node
 * counts a connection that has not sent its first request as busy until its headers time-out (60 s,
 * checked every 30 s): a client's fresh keep-alive connection held a test's close for 70 s.
 */
function closeQuietConnections(app: FastifyInstance): void {
  const open = new Map<Socket, number>(); // each connection and its requests in progress
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    open.set(socket, 0);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket;
    const requests = open.get(socket);
    if (requests !== undefined) open.set(socket, requests + 1);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket;
    const requests = open.get(socket);
    if (requests !== undefined) {
      open.set(socket, requests - 1);
      if (closing && requests === 1) socket.destroy();
    }
    done();
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, requests] of open) if (requests === 0) socket.destroy();
  });
}

/**
 * Builds the Fastify instance: plugins, then modules. Listening is the caller's business. Hooks
 * that never wait take Fastify's callback form: an async hook costs every request a promise.
 */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; serveWeb?: boolean; /** Where log lines go instead of stdout (tests). */ logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const { env } = ctx;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.LOG_LEVEL, ...(options.logStream && { stream: options.logStream }) },
    // X-Forwarded-For, -Host and -Proto count only from the proxies TRUST_PROXY names (none by default),
    // so a client cannot choose the address its limits and audit entries use, nor the brand (the host).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // A bulk action's selection may list up to 250,000 contact ids (CONTACT_SELECTION_MAX): about 2 MB of JSON.
    bodyLimit: 4 * 1024 * 1024,
    // one line per request, written by logRequests (Fastify's own writes two)
    logController: new LogController({ disableRequestLogging: true }),
  });
  guardSandboxes(app, env);
  logRequests(app);
  closeQuietConnections(app);
  limitRequestTime(app, env.REQUEST_TIMEOUT_MS);
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(answerSerializer(!isProduction(env)));

  // An empty JSON body is no body (DELETE and body-less POSTs from browsers send content-type anyway).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Invalid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  configureCookies({ secure: env.COOKIE_SECURE ?? env.PUBLIC_URL.startsWith('https://') });
  // Before every route, so that each gets their hooks.
  await registerSecurityHeaders(app, env);
  await registerCompression(app);
  await app.register(fastifyCookie);
  // Multipart bodies are read by the endpoints that take them (request.file), which set their own file size limit.
  await app.register(fastifyMultipart, { limits: { fields: 20, fieldSize: 100_000, files: 1, parts: 30 } });
  registerErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Agent CRM API',
        version: SYSTEM_VERSION,
        description:
          'The REST API behind the CRM. Browser sessions use the session cookie plus the X-CSRF-Token header; ' +
          'programs use an API key as `Authorization: Bearer <key>`. Invalid input answers 422 with per-field messages; ' +
          'no text may hold NUL or another control character (tab and line breaks excepted) or a lone surrogate. ' +
          'A key carries scopes: each operation\'s `x-scope` names the one it needs (an operation without one: no key can call it, only a browser session); ' +
          'operations marked `x-recent-auth` need a browser session that signed in or re-authenticated (POST /v1/sessions/reauthenticate) within 15 minutes.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'crm_session' },
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true, transformStaticCSP: swaggerCsp(env) });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerBrand(app, env);
  registerAuth(app, ctx);
  registerIdempotency(app);
  registerHealthRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerEmailChangeRoutes(app, ctx);
  registerSecurityEventRoutes(app, ctx);
  registerTwoFactorRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerFeatureFlagRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerHelpRoutes(app, ctx);
  registerLookupRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerContactNoteRoutes(app, ctx);
  registerContactFileRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerPolicyRoutes(app, ctx);
  registerSecurityRoutes(app, ctx);
  registerContactDocumentRoutes(app, ctx);
  registerQuickFilterRoutes(app, ctx);
  registerCampaignTriggerRoutes(app, ctx);
  registerConsentRoutes(app, ctx);
  registerFavoriteRoutes(app, ctx);
  registerWorkerRoutes(app, ctx);
  registerTelephonyPlanRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  registerTransferRoutes(app, ctx);
  registerPrintRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerQuietJobsRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerWebhookEventRoutes(app, ctx);
  await registerWebhookRoutes(app, ctx);
  // the sandboxes and the webhooks they send reach this server where it actually listens
  app.addHook('onListen', async () => ctx.localOrigin.listening(app.server.address()));
  await registerCable(app, ctx, ctx.broadcaster);
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.broadcaster.close();
    await ctx.identityChanges.close();
  });

  // every sandbox, from one registry behind the one production rule (guardSandboxes refuses any other)
  await registerSandboxes(app, ctx);

  const web = options.serveWeb === false ? null : await registerStatic(app, env);
  app.setNotFoundHandler((request, reply) => {
    const answered = web?.(request, reply);
    if (answered) return answered;
    return reply.code(404).send({ errors: { base: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
  return app;
}
