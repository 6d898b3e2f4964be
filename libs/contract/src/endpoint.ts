import type { z } from 'zod';
import type { ApiScope } from './scopes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint at all. Record-level reach (ownership, downline) is decided by the
 * server's policy module on top of this.
 * - public: anyone, no session needed
 * - pending_otp: a signed-in user, or a sign-in that waits for its second factor
 * - user: any signed-in user (session cookie or API key)
 * - admin: admin or sub_admin
 */
export type Access = 'public' | 'pending_otp' | 'user' | 'admin';

/**
 * Account gates of spec part 1 §2 (forced password change, terms not accepted, required
 * two-factor missing). `exempt` endpoints stay reachable while a gate is open (profile, billing,
 * session); `enforced` ones answer 403 until the user has done what the gate asks.
 */
export type Gate = 'exempt' | 'enforced';

export type Endpoint = {
  method: HttpMethod;
  /** Path as the spec writes it, with `{name}` parameters. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  gate?: Gate;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `null` means the endpoint answers 204 with no body. */
  response: z.ZodType | null;
  /** How the body travels; JSON unless noted. */
  bodyType?: 'json' | 'multipart';
  /** Requests to this endpoint survive `abortAll()` (spec: accounts info and users me). */
  notAbortable?: boolean;
  /** A feature flag that must be on for the caller (the server answers 403 when it is off). */
  flag?: string;
  /** Answer is a file download (content-disposition names it). */
  download?: boolean;
  /**
   * The scope an API key (or user API token) needs to call this endpoint (see scopes.ts). Without
   * one, no key reaches the endpoint: only a browser session does (default deny).
   */
  scope?: ApiScope;
  /**
   * Proof of presence: the caller must be a browser session (not a key, not impersonating) that
   * signed in or re-authenticated within RECENT_AUTH_MINUTES. `{ field }`: only when the body
   * carries that field with a value other than the caller's current one (a new e-mail address);
   * `{ field, value }`: only when the body sets that field to that value (a key switched back on).
   */
  recentAuth?: true | { field: string; value?: string | number | boolean };
  /**
   * The answer carries a secret shown once (a new API key or user token, recovery codes, a
   * second-factor secret). The one idempotency mechanism (the API's plugins/idempotency.ts) never
   * keeps nor replays such an answer: a repeat of the request with its Idempotency-Key answers 409
   * saying that it was done and that the secret is shown only once.
   */
  secretAnswer?: true;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E extends Endpoint> = Input<E['params']>;
export type QueryOf<E extends Endpoint> = Input<E['query']>;
export type BodyOf<E extends Endpoint> = Input<E['body']>;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.infer<E['response']> : undefined;
export type ParsedQueryOf<E extends Endpoint> = Infer<E['query']>;
export type ParsedBodyOf<E extends Endpoint> = Infer<E['body']>;
export type ParsedParamsOf<E extends Endpoint> = Infer<E['params']>;

/** `/v1/users/{id}` → `/v1/users/:id` (Fastify's syntax). */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{name}` parameters; throws when one is missing so a bad call never reaches the network. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
