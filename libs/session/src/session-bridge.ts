import type { ApiError } from '@crm/api-client';

export type UnauthorizedHandler = (error: ApiError) => void;
export type GateHandler = (gate: string) => void;

/** The account gate a 403 names (`{ errors: { user: 'Access denied!', gate: 'billing' } }`), or null. */
export function gateOf(error: ApiError): string | null {
  const errors = (error.body as { errors?: { gate?: unknown } } | null | undefined)?.errors;
  return typeof errors?.gate === 'string' && errors.gate ? errors.gate : null;
}

/**
 * Connects the api-client (created before React renders) to the SessionProvider (which can clear
 * the query cache and navigate). Give `onUnauthorized` to `createApiClient`; the provider attaches
 * the real handler while it is mounted. A 401 before that is ignored.
 */
export type SessionBridge = {
  onUnauthorized: UnauthorizedHandler;
  /** Used by SessionProvider; answers the detach function. */
  attach(handler: UnauthorizedHandler): () => void;
  /**
   * Give it the api-client's 403s: one that names an account gate (password, two_factor, terms,
   * billing) means the session's account flags are out of date, so the provider checks the session
   * again and RequireSession's redirect rules (the one mechanism of every gate) send the user on.
   * Answers whether the 403 was a gate's.
   */
  onForbidden(error: ApiError): boolean;
  /** Used by SessionProvider; answers the detach function. */
  attachGate(handler: GateHandler): () => void;
};

export function createSessionBridge(): SessionBridge {
  let current: UnauthorizedHandler | null = null;
  let gateHandler: GateHandler | null = null;
  return {
    onForbidden(error) {
      const gate = gateOf(error);
      if (gate) gateHandler?.(gate);
      return gate !== null;
    },
    attachGate(handler) {
      gateHandler = handler;
      return () => {
        if (gateHandler === handler) gateHandler = null;
      };
    },
    onUnauthorized(error) {
      current?.(error);
    },
    attach(handler) {
      current = handler;
      return () => {
        if (current === handler) current = null;
      };
    },
  };
}

/** The app's bridge: `createApiClient({ onUnauthorized: sessionBridge.onUnauthorized })`. */
export const sessionBridge: SessionBridge = createSessionBridge();
