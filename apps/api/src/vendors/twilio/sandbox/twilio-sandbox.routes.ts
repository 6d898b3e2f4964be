import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../../lib/crypto';
import { sandboxHexId } from '../../kit/sandbox/ids';
import { TWILIO_SANDBOX_PREFIX, type TwilioSettings } from '../twilio-settings';
import { registerSandboxPhoneRoutes } from './sandbox-phone.routes';
import { TwilioSandboxError, type TwilioParams, type TwilioSandboxService } from './twilio-sandbox.service';

type Deps = { service: TwilioSandboxService; settings: TwilioSettings };
type Handler = (request: FastifyRequest<{ Params: Record<string, string> }>, params: TwilioParams, path: string) => Promise<unknown> | unknown;

/** A form or query string as Twilio reads it: a repeated field (MediaUrl) is a list. */
export function twilioParams(encoded: string): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const had = params[name];
    params[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return params;
}

/**
 * The Twilio sandbox's HTTP face: Twilio's own paths under /sandbox/twilio (the REST API's
 * /2010-04-01/... and Lookup's /lookups/v2/...), form-encoded requests, HTTP Basic auth with the
 * account SID and auth token, JSON in Twilio's shapes, and Twilio's error envelope
 * `{code, message, more_info, status}`. Twilio has no idempotency keys, so none are kept.
 * Registered only outside production, with the sandbox phone beside it.
 */
export async function registerTwilioSandboxRoutes(app: FastifyInstance, { service, settings }: Deps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.removeContentTypeParser('application/x-www-form-urlencoded');
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

      const send = (reply: FastifyReply, status: number, body: unknown) =>
        reply.code(status).header('twilio-request-id', sandboxHexId('RQ')).type('application/json').send(JSON.stringify(body));

      /** HTTP Basic with the account SID and auth token; the path's account must be that one. */
      function authorize(request: FastifyRequest, account: string | null): void {
        const basic = request.headers.authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
        if (!basic) throw new TwilioSandboxError(401, 20003, 'Authentication Error - No credentials provided');
        const [user = '', ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
        if (!safeEqual(user, settings.accountSid) || !safeEqual(rest.join(':'), settings.authToken)) throw new TwilioSandboxError(401, 20003, 'Authenticate');
        if (account !== null && account !== settings.accountSid) throw new TwilioSandboxError(403, 20003, 'Authenticate');
      }

      function endpoint(method: 'GET' | 'POST', url: string, handle: Handler) {
        scope.route<{ Params: Record<string, string> }>({
          method,
          url,
          handler: async (request, reply) => {
            const [path = '', query = ''] = request.url.replace(TWILIO_SANDBOX_PREFIX, '').split('?');
            const params = twilioParams(method === 'GET' ? query : typeof request.body === 'string' ? request.body : '');
            try {
              authorize(request, request.params.account ?? null);
              const answer = await handle(request, params, path + (query ? `?${query}` : ''));
              return send(reply, method === 'POST' ? 201 : 200, answer);
            } catch (error) {
              if (error instanceof TwilioSandboxError) return send(reply, error.status, error.envelope);
              request.log.error({ err: error }, 'twilio sandbox failed');
              return send(reply, 500, new TwilioSandboxError(500, 20500, 'Internal Server Error').envelope);
            }
          },
        });
      }

      /** `SM….json`: Twilio's resource paths end in .json; the SID is before it. */
      const sidOf = (file: string | undefined, path: string) => {
        if (!file?.endsWith('.json')) throw new TwilioSandboxError(404, 20404, `The requested resource ${path} was not found`);
        return file.slice(0, -'.json'.length);
      };

      const ACCOUNT = '/2010-04-01/Accounts/:account';
      endpoint('POST', `${ACCOUNT}/Messages.json`, (_r, params) => service.sendMessage(params));
      endpoint('GET', `${ACCOUNT}/Messages/:file`, (r, _params, path) => service.fetchMessage(sidOf(r.params.file, path), path.split('?')[0]!));
      endpoint('GET', `${ACCOUNT}/AvailablePhoneNumbers/:country/Local.json`, (r, params, path) => {
        if (r.params.country !== 'US') throw new TwilioSandboxError(404, 20404, `The requested resource ${path.split('?')[0]} was not found`);
        return service.availableLocal(params, path);
      });
      endpoint('POST', `${ACCOUNT}/IncomingPhoneNumbers.json`, (_r, params) => service.buyNumber(params));
      endpoint('GET', `${ACCOUNT}/IncomingPhoneNumbers.json`, (_r, params, path) => service.listNumbers(params, path));
      endpoint('GET', '/lookups/v2/PhoneNumbers/:number', (r, params) => service.lookup(r.params.number ?? '', String(params.Fields ?? '')));

      // anything else of Twilio's APIs is outside the sandbox: Twilio's 404
      scope.setNotFoundHandler((request, reply) =>
        send(reply, 404, new TwilioSandboxError(404, 20404, `The requested resource ${request.url.replace(TWILIO_SANDBOX_PREFIX, '').split('?')[0]} was not found`).envelope),
      );
    },
    { prefix: TWILIO_SANDBOX_PREFIX },
  );
  await registerSandboxPhoneRoutes(app, service);
}
