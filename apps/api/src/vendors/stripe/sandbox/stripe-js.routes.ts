import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_STRIPE_JS_PATH, STRIPE_SANDBOX_PREFIX } from '../stripe-settings';
import { stripeId, type StripeSandboxService } from './stripe-sandbox.service';

/**
 * Where the sandbox's Stripe.js lives: beside this file in the sources (stripe-js/), beside the
 * built server in dist/api (tools/scripts/build-api.mjs copies the folder there).
 */
const STRIPE_JS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), 'stripe-js', 'stripe.js');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The bank's 3-D Secure page as the sandbox plays it, in the frame Stripe.js opens: it may be framed
 * by the product's own pages only, runs only its own script (a nonce), and posts only to itself.
 */
function bankPage(reply: FastifyReply, title: string, body: string, script = ''): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  reply
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'`)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
  return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a}h1{font-size:1.25rem;margin:0 0 .75rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1a1a1a;cursor:pointer}
button[value=complete]{background:#1a1a1a;color:#fff}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ''}</body></html>`);
}

/** What the customer is asked to confirm: a payment's amount, or a card saved for later payments. */
function askedFor(intent: Record<string, unknown>): string {
  if (intent.object !== 'payment_intent') return 'Saving this card for later payments.';
  const amount = Number(intent.amount) / 100;
  return `A payment of ${amount.toLocaleString('en-US', { style: 'currency', currency: String(intent.currency ?? 'usd').toUpperCase() })}.`;
}

/**
 * The browser's side of the Stripe sandbox: Stripe.js's stand-in (stripe-js/stripe.js, loaded by
 * the card form in place of js.stripe.com) and the bank's 3-D Secure page it opens for an intent
 * that waits for the customer (GET shows it; POST with Complete or Fail answers it, then tells the
 * page that opened it, as Stripe's frame does).
 */
export async function registerStripeJsRoutes(app: FastifyInstance, service: StripeSandboxService): Promise<void> {
  const standIn = await readFile(STRIPE_JS_FILE, 'utf8');
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, new URLSearchParams(String(body))));

    scope.get(SANDBOX_STRIPE_JS_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(standIn));

    scope.get<{ Params: { id: string }; Querystring: { client_secret?: string } }>(`${STRIPE_SANDBOX_PREFIX}/3ds/:id`, async (request, reply) => {
      const { id } = request.params;
      const secret = typeof request.query.client_secret === 'string' ? request.query.client_secret : '';
      const waiting = await service.waitingIntent(id, secret);
      if (!waiting) return bankPage(reply.code(404), 'Nothing to confirm', '<h1>Nothing to confirm</h1><p>This authentication is over or was never asked for.</p>');
      return bankPage(
        reply,
        '3D Secure authentication (Stripe sandbox)',
        `<h1>Confirm it is you</h1><p>${escapeHtml(askedFor(waiting))}</p>
<p>This is the Stripe sandbox's stand-in for your bank's 3D Secure page. A real bank asks for a code, or for an approval in its app, here.</p>
<form method="post"><input type="hidden" name="client_secret" value="${escapeHtml(secret)}">
<div class="actions"><button type="submit" name="outcome" value="complete" autofocus>Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button></div></form>`,
      );
    });

    scope.post<{ Params: { id: string }; Body: URLSearchParams | undefined }>(`${STRIPE_SANDBOX_PREFIX}/3ds/:id`, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const outcome = form.get('outcome');
      const answered =
        outcome === 'complete' || outcome === 'fail'
          ? await service.authenticate(request.params.id, form.get('client_secret') ?? '', outcome, { requestId: stripeId('req'), idempotencyKey: null })
          : null;
      if (!answered) return bankPage(reply.code(404), 'Nothing to confirm', '<h1>Nothing to confirm</h1><p>This authentication is over or was never asked for.</p>');
      const message = { type: 'stripe-sandbox-3ds', intent: answered.id };
      return bankPage(
        reply,
        'Authentication answered',
        `<h1>${outcome === 'complete' ? 'Authentication complete' : 'Authentication failed'}</h1><p>You can return to the page you came from.</p>`,
        `parent.postMessage(${JSON.stringify(message)}, '*');`,
      );
    });
  });
}
