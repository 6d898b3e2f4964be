import type { AddressInfo } from 'node:net';
import type { Env } from '../env';

/**
 * Where this server's own processes reach the API: the payments adapter in sandbox mode, and the
 * sandboxes' webhooks back to the product. INTERNAL_URL when set; otherwise http://127.0.0.1 and
 * the port the API listens on (PORT until it listens; a test server on port 0 reports its own).
 */
export function createLocalOrigin(env: Env) {
  let origin = env.INTERNAL_URL ? new URL(env.INTERNAL_URL).origin : `http://127.0.0.1:${env.PORT}`;
  return {
    url: (): URL => new URL(origin),
    /** Called when the server listens: its real port (unless INTERNAL_URL names another address). */
    listening(address: AddressInfo | string | null): void {
      if (env.INTERNAL_URL || !address || typeof address === 'string') return;
      origin = `http://127.0.0.1:${address.port}`;
    },
  };
}

export type LocalOrigin = ReturnType<typeof createLocalOrigin>;
