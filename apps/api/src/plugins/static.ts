import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND_IDS, BRANDS, type BrandId } from '@crm/brand-config';
import { isProduction, type Env } from '../env';

const API_PREFIX = /^\/(v1|auth|cable|sandbox)(\/|$)/;

/** Where a brand's built app lives: `<WEB_DIST>/web-<brand>`. */
export function brandBundleDir(env: Env, brand: BrandId): string {
  return resolve(env.WEB_DIST, `web-${brand}`);
}

/** Answers a request the routes did not take (a file, a client-side route), or null to let the caller answer 404. */
export type WebHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/**
 * One server, every brand: serves `dist/apps/web-<brand>/` for the request's brand, each with its
 * own SPA fallback (index.html for every client-side route) and immutable caching of the hashed
 * files under /assets/. A brand whose bundle is not built answers a 503 page saying how to build it;
 * a company webpage host (spec part 1 §2) gets the public webpage entry, which until public
 * webpages exist is a "page not found" page.
 */
export async function registerStatic(app: FastifyInstance, env: Env): Promise<WebHandler> {
  for (const brand of BRAND_IDS) {
    const dir = brandBundleDir(env, brand);
    if (!existsSync(resolve(dir, 'index.html'))) {
      app.log.warn(`No built ${BRANDS[brand].name} app in ${dir}: run "npx nx build web-${brand}" (npm start builds every brand) to serve it`);
    }
  }
  const distRoot = resolve(env.WEB_DIST);
  await app.register(fastifyStatic, {
    // No root and no routes: files are sent per request from the brand's folder (see below).
    serve: false,
    index: false,
    cacheControl: false,
    // The build writes brotli and gzip copies beside the text files (tools/vite/brand-app.ts): the
    // copy the browser accepts is sent as it is, with no compressing per request.
    preCompressed: true,
    // Built assets carry a content hash in their names: cache them for good. Everything else is revalidated.
    setHeaders: (reply, path) => {
      const hashed = path.startsWith(distRoot) && /^[\\/]web-[a-z0-9-]+[\\/]assets[\\/]/.test(path.slice(distRoot.length));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || API_PREFIX.test(request.url)) return null;
    const html = isSpaRequest('GET', request.url, request.headers.accept);
    if (request.webpageSubdomain && html) return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageNotFound(request.brand));

    const root = brandBundleDir(env, request.brand);
    if (!existsSync(resolve(root, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(notBuilt(request.brand));
    }
    const file = bundleFile(root, request.url, { sourceMaps: !isProduction(env) });
    if (file) return reply.sendFile(file, root);
    if (html) return reply.sendFile('/index.html', root);
    return null;
  };
}

/**
 * The path (from the bundle's root, `/assets/app.js`) of an existing file the URL names; never
 * outside the root, never a dot file or folder. Source maps only when asked for: production builds
 * have none, and one left in a bundle is not served in production.
 */
function bundleFile(root: string, url: string, options: { sourceMaps: boolean }): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (!/\.[a-z0-9]+$/i.test(pathname) || pathname.includes('\0')) return null;
  if (!options.sourceMaps && /\.map$/i.test(pathname)) return null;
  // Dot folders and files are the build's own (.vite/manifest.json, which names the sources), not the app's.
  if (pathname.split('/').some((segment) => segment.startsWith('.'))) return null;
  const full = resolve(root, `.${pathname}`);
  if (!full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? `/${full.slice(root.length + 1).split(sep).join('/')}` : null;
  } catch {
    return null;
  }
}

function notBuilt(brand: BrandId): string {
  return [
    `The ${BRANDS[brand].name} web app is not built, so this server cannot show it yet.`,
    '',
    `Build it with:   npx nx build web-${brand}`,
    'or every brand:  npm run build',
    '',
    'then reload this page. The API under /v1 works meanwhile.',
    '',
  ].join('\n');
}

function pageNotFound(brand: BrandId): string {
  const name = BRANDS[brand].name;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · ${name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2430}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>This page was not found</h1>
<p>There is no public page at this address. Check the address, or ask whoever gave it to you for the right one.</p>
<p>${name}</p>
</main>
</body>
</html>
`;
}

export function isSpaRequest(method: string, url: string, accept: string | undefined): boolean {
  return method === 'GET' && !API_PREFIX.test(url) && !/\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '') && (accept ?? '').includes('text/html');
}
