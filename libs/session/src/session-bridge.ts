import type { ApiError } from '@crm/api-client';

export type UnauthorizedHandler = (error: ApiError) => void;

/**
 * Connects the api-client (created before React renders) to the SessionProvider (which can clear
 * the query cache and navigate). Give `onUnauthorized` to `createApiClient`; the provider attaches
 * the real handler while it is mounted. A 401 before that is ignored.
 */
export type SessionBridge = {
  onUnauthorized: UnauthorizedHandler;
  /** Used by SessionProvider; answers the detach function. */
  attach(handler: UnauthorizedHandler): () => void;
};

export function createSessionBridge(): SessionBridge {
  let current: UnauthorizedHandler | null = null;
  return {
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
