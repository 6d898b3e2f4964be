import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { isSandboxAllowed } from '../../env';
import { sandboxIssuerEnabled } from '../sso/sso.provider';
import { registerSandboxOidcRoutes } from '../sso/sandbox/oidc-sandbox.routes';
import { registerSandboxOutboxRoutes } from '../email/sandbox/outbox-sandbox.routes';
import { registerStripeSandboxRoutes } from '../stripe/sandbox/stripe-sandbox.routes';
import { registerTwilioSandboxRoutes } from '../twilio/sandbox/twilio-sandbox.routes';

/** A vendor's stand-in: when it is wanted besides the production rule (no real vendor configured), and its routes. */
type Sandbox = { name: string; wanted: (ctx: AppContext) => boolean; register: (app: FastifyInstance, ctx: AppContext) => Promise<void> | void };

/**
 * Every sandbox of the product, in one list: a new vendor's sandbox is added here and nowhere else.
 * Each is served under /sandbox/<name> only where its vendor is not configured.
 */
const SANDBOXES: readonly Sandbox[] = [
  // the sign-in issuer: only in development, and only without OIDC_ISSUER
  { name: 'oidc', wanted: (ctx) => sandboxIssuerEnabled(ctx.env), register: registerSandboxOidcRoutes },
  // the e-mail outbox: when no SMTP server is configured
  { name: 'outbox', wanted: (ctx) => ctx.email.kind === 'outbox', register: registerSandboxOutboxRoutes },
  // Stripe: without a real STRIPE_SECRET_KEY (ctx.stripeSandbox is null then)
  { name: 'stripe', wanted: (ctx) => ctx.stripeSandbox !== null, register: (app, ctx) => registerStripeSandboxRoutes(app, ctx.stripeSandbox!) },
  // Twilio (text messages) and its sandbox phone: without TWILIO_ACCOUNT_SID (ctx.twilioSandbox is null then)
  { name: 'twilio', wanted: (ctx) => ctx.twilioSandbox !== null, register: (app, ctx) => registerTwilioSandboxRoutes(app, ctx.twilioSandbox!) },
];

/**
 * Registers the sandboxes that are wanted, behind the one production rule (isSandboxAllowed):
 * where it allows none, none is registered (and sandbox-guard.ts stops an app that registers one
 * anyway). Returns the names of those served.
 */
export async function registerSandboxes(app: FastifyInstance, ctx: AppContext): Promise<string[]> {
  if (!isSandboxAllowed(ctx.env)) return [];
  const served: string[] = [];
  for (const sandbox of SANDBOXES) {
    if (!sandbox.wanted(ctx)) continue;
    await sandbox.register(app, ctx);
    served.push(sandbox.name);
  }
  return served;
}
