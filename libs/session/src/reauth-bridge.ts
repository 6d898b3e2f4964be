import type { ApiError } from '@crm/api-client';

/** Asks the user to re-authenticate; resolves true once they have, false when they cancel. */
export type ReauthHandler = () => Promise<boolean>;

/**
 * Connects the api-client (created before React renders) to the re-authentication dialog: give
 * `onReauthRequired` to `createApiClient`; the dialog attaches while a user is signed in. Requests
 * that ask at the same time share one dialog. Without a dialog the answer is false (the 403 stands).
 */
export type ReauthBridge = {
  onReauthRequired: (error: ApiError) => Promise<boolean>;
  /** Used by ReauthDialog; answers the detach function. */
  attach(handler: ReauthHandler): () => void;
};

export function createReauthBridge(): ReauthBridge {
  let current: ReauthHandler | null = null;
  let asking: Promise<boolean> | null = null;
  return {
    onReauthRequired() {
      if (!current) return Promise.resolve(false);
      asking ??= current().finally(() => {
        asking = null;
      });
      return asking;
    },
    attach(handler) {
      current = handler;
      return () => {
        if (current === handler) current = null;
      };
    },
  };
}

/** The app's bridge: `createApiClient({ onReauthRequired: reauthBridge.onReauthRequired })`. */
export const reauthBridge: ReauthBridge = createReauthBridge();
