import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND_IDS, BRANDS, isBrandId, type BrandId } from '@crm/brand-config';
import { isProduction, type Env } from '../env';
import { COOKIES, readableCookie } from './cookies';

declare module 'fastify' {
  // Fastify's request type is extended by declaration merging, which needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The brand this request is for: by host, else the default brand, else (outside production) the ?brand= override. */
    brand: BrandId;
    /**
     * Set when the host is a company webpage host (spec part 1 §2): a subdomain of a brand domain
     * whose first label is not api, platform or www. The label names the company page.
     */
    webpageSubdomain: string | null;
  }
}

/** First labels that belong to the product itself, never to a company webpage (spec part 1 §2). */
const PRODUCT_SUBDOMAINS = new Set(['api', 'platform', 'www']);
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A brand's root domains: its domains that are not a subdomain of another of its domains
 * (harboragent.com and harbor.localhost, not www.harboragent.com). Company webpages live one label
 * below a root, and the active-flag cookie is shared across a root.
 */
const ROOT_DOMAINS: Record<BrandId, string[]> = Object.fromEntries(
  BRAND_IDS.map((id) => {
    const domains = BRANDS[id].domains;
    return [id, domains.filter((d) => !domains.some((other) => other !== d && d.endsWith(`.${other}`)))];
  }),
) as Record<BrandId, string[]>;

function normalizeHost(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

export type HostBrand = { brand: BrandId; webpageSubdomain: string | null };

/**
 * The brand a host belongs to: one of a brand's domains, or one label below one of its root
 * domains (acme.harboragent.com, acme.harbor.localhost: a company webpage unless the label is api,
 * platform or www). null for localhost, IP addresses and hosts of no brand.
 */
export function brandOfHost(hostname: string): HostBrand | null {
  const host = normalizeHost(hostname);
  for (const id of BRAND_IDS) {
    if (BRANDS[id].domains.includes(host)) return { brand: id, webpageSubdomain: null };
  }
  for (const id of BRAND_IDS) {
    for (const root of ROOT_DOMAINS[id]) {
      if (!host.endsWith(`.${root}`)) continue;
      const label = host.slice(0, -(root.length + 1));
      if (!LABEL.test(label)) continue;
      return { brand: id, webpageSubdomain: PRODUCT_SUBDOMAINS.has(label) ? null : label };
    }
  }
  return null;
}

/**
 * The Domain attribute for a cookie every host of `brand` under the request's registrable domain
 * should see: `.harboragent.com` for platform.harboragent.com or acme.harboragent.com. Undefined
 * (a host-only cookie) on localhost, IP addresses and hosts outside the brand's domains.
 */
export function brandCookieDomain(hostname: string, brand: BrandId): string | undefined {
  const host = normalizeHost(hostname);
  const root = ROOT_DOMAINS[brand].find((d) => host === d || host.endsWith(`.${d}`));
  return root ? `.${root}` : undefined;
}

/** Hosts that reach this machine only: localhost, its subdomains (harbor.localhost) and the loopback addresses. */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$|\.localhost$/;

/**
 * The address a brand's users reach the product at, for links in e-mails (never the request's
 * host, which the sender of a request chooses): PUBLIC_URL when it is that brand's host (or the
 * default brand's, on a host of no brand such as localhost), else the brand's first domain with
 * PUBLIC_URL's scheme and port. Locally that is its `.localhost` domain: with PUBLIC_URL
 * http://localhost:3000, Harbor (the default brand) gets http://localhost:3000 and Keystone
 * http://keystone.localhost:3000; in production https://keystonecentral.com.
 */
export function brandPublicUrl(env: Pick<Env, 'PUBLIC_URL' | 'DEFAULT_BRAND'>, brand: BrandId): string {
  const base = new URL(env.PUBLIC_URL);
  const own = brandOfHost(base.hostname);
  if (own ? own.brand === brand && !own.webpageSubdomain : brand === env.DEFAULT_BRAND) return base.origin;
  const local = LOCAL_HOST.test(base.hostname);
  const domains = BRANDS[brand].domains;
  const url = new URL(base.origin);
  url.hostname = domains.find((domain) => domain.endsWith('.localhost') === local) ?? (domains[0] as string);
  return url.origin;
}

/** Most hosts whose brand a process keeps worked out (all are forgotten when more come). */
const KNOWN_HOSTS = 1_000;

/** The `brand` query parameter of a URL: a string (possibly empty) when present, else undefined. */
function brandParam(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get('brand') ?? undefined;
}

/**
 * Resolves `request.brand` for every request: the brand of the host; else the default brand
 * (DEFAULT_BRAND) on localhost, IP addresses and unknown hosts. Outside production a developer may
 * switch with `?brand=keystone`, remembered in the crm_brand cookie (`?brand=` forgets it).
 */
export function registerBrand(app: FastifyInstance, env: Env): void {
  app.decorateRequest('brand', env.DEFAULT_BRAND);
  app.decorateRequest('webpageSubdomain', null);
  const overridable = !isProduction(env);

  app.addHook('onRequest', (request, reply, done) => {
    resolveBrand(request, reply);
    done();
  });

  // what each Host header names, worked out once: a request asks again for the same few hosts
  // (the brands' domains and their webpages' subdomains); any host may be sent, so the memory is bounded
  const known = new Map<string, HostBrand | null>();
  function brandOfRequestHost(request: FastifyRequest): HostBrand | null {
    const hostname = request.hostname;
    let found = known.get(hostname);
    if (found === undefined) {
      found = brandOfHost(hostname);
      if (known.size >= KNOWN_HOSTS) known.clear();
      known.set(hostname, found);
    }
    return found;
  }

  function resolveBrand(request: FastifyRequest, reply: FastifyReply): void {
    const fromHost = brandOfRequestHost(request);
    request.brand = fromHost?.brand ?? env.DEFAULT_BRAND;
    request.webpageSubdomain = fromHost?.webpageSubdomain ?? null;
    if (!overridable) return;

    const asked = brandParam(request.url);
    const remembered = request.cookies[COOKIES.brand];
    if (asked !== undefined && isBrandId(asked)) {
      request.brand = asked;
      if (remembered !== asked) reply.setCookie(COOKIES.brand, asked, readableCookie());
    } else if (asked === '') {
      if (remembered !== undefined) reply.clearCookie(COOKIES.brand, { path: '/' });
    } else if (isBrandId(remembered)) {
      request.brand = remembered;
    }
  }
}
