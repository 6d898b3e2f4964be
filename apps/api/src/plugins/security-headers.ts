import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { BRANDS, BRAND_IDS } from '@crm/brand-config';
import type { Env } from '../env';

/**
 * Hosts of Google's tag (gtag.js, the brands' analytics; libs/shell/src/analytics): the script, and
 * where it sends page views (Google's list for Google Analytics 4).
 */
const GOOGLE_TAG = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/**
 * Twilio's Voice SDK (the dialer): its signalling and insights websockets and HTTPS calls reach
 * *.twilio.com (chunderw-vpc-gll*.twilio.com, eventgw.twilio.com), its ringing sounds come from
 * sdk.twilio.com, and call audio plays from MediaStreams (blob: and mediastream: URLs).
 */
const TWILIO = {
  connect: ['https://*.twilio.com', 'wss://*.twilio.com'],
  media: ['https://sdk.twilio.com', 'blob:', 'mediastream:'],
};

/**
 * Stripe.js and Elements with a real Stripe key (Stripe's CSP list): the script from js.stripe.com,
 * the card fields and 3-D Secure pages in its frames (js.stripe.com, hooks.stripe.com), its calls
 * to api.stripe.com. In sandbox mode all of it is the product's own origin.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Origins of brand logos and favicons given as absolute URLs (brand-config allows them), for img-src. */
function brandImageOrigins(): string[] {
  const origins = BRAND_IDS.flatMap((id) => [BRANDS[id].logo, BRANDS[id].favicon])
    .filter((source) => /^https?:\/\//.test(source))
    .map((source) => new URL(source).origin);
  return [...new Set(origins)];
}

/** How many hosts' header sets are kept (the brands' hosts and their companies' pages; any other Host a client sends too). */
const KNOWN_HOSTS_MAX = 256;

/** The host (and port) the browser sent the request to, kept per request for the CSP's websocket sources. */
const requestHosts = new WeakMap<IncomingMessage, string>();
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The realtime socket (/cable, and the dialer's signalling in the sandbox) is a ws: or wss: URL of
 * the page's own host. CSP Level 3 counts those as 'self', but not every browser in use does yet,
 * so they are also named. A host that is not a plain host name adds nothing.
 */
function ownWebSockets(req: IncomingMessage): string {
  const host = requestHosts.get(req);
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * Features a page of the product may use: the microphone on its own origin only (the dialer); the
 * rest of what a CRM never needs is off for it and for anything it embeds.
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** Whether the product is served over HTTPS (PUBLIC_URL): HSTS and upgrade-insecure-requests only then. */
export function servedOverHttps(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return new URL(env.PUBLIC_URL).protocol === 'https:';
}

/** Where the API reference (Swagger UI) is served: pages, under the pages' headers. */
export const API_DOCS_PATH = '/v1/docs';
/** The API's JSON answers (and its downloads, which set their own policy): /v1/ but the API reference's pages. */
const API_ANSWER = new RegExp(`^/v1/(?!${API_DOCS_PATH.slice('/v1/'.length)}(/|\\?|$))`);

/**
 * An API answer's policy (OWASP's REST Security Cheat Sheet): a JSON document runs nothing and
 * loads nothing, and is never framed. Of the pages' other headers it keeps API_KEEPS; the pages'
 * long policy (sources for scripts, analytics, the dialer) and their Permissions-Policy only matter
 * to a document, and cost every answer about 1.2 kB.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** The pages' headers an API answer keeps: never sniffed nor framed, their referrer and resource policies, HSTS. */
const API_KEEPS = new Set(['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security']);

/**
 * Security headers on every response (helmet), the API's answers keeping only some (API_KEEPS, API_CSP): the Content-Security-Policy under which the
 * brand apps run (their own scripts only, styles also inline because Radix and sonner add style
 * elements at run time, images also from data: and blob: URLs, Google's tag for the brands'
 * analytics, websockets of the page's own host, Twilio for the dialer, Stripe.js and its frames for
 * the card form), no framing of the product's pages
 * (frame-ancestors 'none' and X-Frame-Options DENY), nosniff, Referrer-Policy
 * strict-origin-when-cross-origin, HSTS only over HTTPS, and a Permissions-Policy. The API
 * reference (/v1/docs) keeps the policy its plugin sets for it (see swaggerCsp); a file download sets
 * its own (lib/file-response.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env): Promise<void> {
  const https = servedOverHttps(env);
  // Built once: @fastify/helmet built a new helmet middleware (parsing every option and directive)
  // for every request; the middleware itself only writes the headers (and asks ownWebSockets).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'script-src': ["'self'", ...GOOGLE_TAG.script, ...STRIPE.script],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...GOOGLE_TAG.img, ...brandImageOrigins()],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ownWebSockets, ...GOOGLE_TAG.connect, ...TWILIO.connect, ...STRIPE.connect],
        'frame-src': ["'self'", ...STRIPE.frame],
        'media-src': ["'self'", 'data:', ...TWILIO.media],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        ...(https && { 'upgrade-insecure-requests': [] }),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // A brand's hosts (platform.harboragent.com, a company page on acme.harboragent.com) may load each other's files.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // The headers depend only on the host (the CSP's websocket sources): helmet works them out once a
  // host, and each request gets them as a list (helmet re-checked every CSP directive per request).
  const byHost = new Map<string, [string, string][]>();
  const headersFor = (req: IncomingMessage): [string, string][] => {
    const host = requestHosts.get(req) ?? '';
    const known = byHost.get(host);
    if (known) return known;
    const written: [string, string][] = [['permissions-policy', PERMISSIONS_POLICY]];
    const capture = { setHeader: (name: string, value: string) => void written.push([name.toLowerCase(), String(value)]), removeHeader: () => undefined };
    let failed: unknown;
    setHeaders(req, capture as never, (error?: unknown) => void (failed = error));
    if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
    if (byHost.size >= KNOWN_HOSTS_MAX) byHost.clear(); // any Host header a client sends: bounded
    byHost.set(host, written);
    return written;
  };
  // the same for every host: the CSP, the one header that names the host, is the API's own
  const apiHeaders: [string, string][] = [
    ['content-security-policy', API_CSP],
    ...headersFor({} as IncomingMessage).filter(([name]) => API_KEEPS.has(name)),
  ];
  app.addHook('onRequest', (request, reply, done) => {
    try {
      if (API_ANSWER.test(request.url)) {
        for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
        return done();
      }
      requestHosts.set(request.raw, request.host);
      for (const [name, value] of headersFor(request.raw)) reply.raw.setHeader(name, value);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/**
 * The API reference's own policy (@fastify/swagger-ui's staticCSP, which its pages need) made to
 * agree with the rest: never framed, inline styles allowed (Swagger UI sets one; the apps' policy
 * allows them too), and upgrade-insecure-requests only over HTTPS.
 */
export function swaggerCsp(env: Pick<Env, 'PUBLIC_URL'>): (header: string) => string {
  const https = servedOverHttps(env);
  return (header) => {
    const policy = header
      .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
      .replace(/style-src ([^;]*)/, (directive, sources: string) => (sources.includes("'unsafe-inline'") ? directive : `style-src ${sources.trim()} 'unsafe-inline'`));
    return https ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, '');
  };
}
