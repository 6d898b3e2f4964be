import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';

const API_PREFIX = /^\/(v1|auth|cable|sandbox)(\/|$)/;

/** Serves the built brand app, with index.html for every client-side route (SPA fallback). */
export async function registerStatic(app: FastifyInstance, env: Env): Promise<boolean> {
  const root = resolve(env.WEB_DIST, env.DEFAULT_BRAND);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`No built app in ${root}: run "npm run build" (npm start does it) to serve the web app`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // Built assets carry a content hash in their names: cache them for good. Everything else is revalidated.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string, accept: string | undefined): boolean {
  return method === 'GET' && !API_PREFIX.test(url) && !/\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '') && (accept ?? '').includes('text/html');
}
