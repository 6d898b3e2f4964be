import type { FastifyInstance } from 'fastify';
import { isSandboxAllowed, type Env } from '../../env';

/** Where every sandbox is served: the vendors' stand-ins (/sandbox/oidc, /sandbox/outbox, /sandbox/stripe, ...). */
export const SANDBOX_PREFIX = '/sandbox';

export type SandboxRoute = { method: string; url: string };

const registered = new WeakMap<FastifyInstance, SandboxRoute[]>();

export function isSandboxPath(url: string): boolean {
  return url === SANDBOX_PREFIX || url.startsWith(`${SANDBOX_PREFIX}/`);
}

/**
 * The one guard of every sandbox, registered before any route: a route under /sandbox where the
 * production rule allows no sandbox (isSandboxAllowed) stops the app from being built, whichever
 * module adds it; elsewhere it is recorded (sandboxRoutesOf), so a test can ask every sandbox path
 * of an app, a sandbox added later included.
 */
export function guardSandboxes(app: FastifyInstance, env: Env): void {
  const routes: SandboxRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!isSandboxPath(route.url)) return;
    const methods = [route.method].flat();
    if (!isSandboxAllowed(env)) throw new Error(`A sandbox is never served in production: ${methods.join(',')} ${route.url}`);
    for (const method of methods) routes.push({ method, url: route.url });
  });
}

/** The sandbox routes registered on an app built by buildApp (none in production). */
export function sandboxRoutesOf(app: FastifyInstance): readonly SandboxRoute[] {
  return registered.get(app) ?? [];
}
