import type { Consumer } from '@rails/actioncable';
import { CABLE_PATH, CABLE_RECONNECT_MS } from '@crm/contract';

/** The socket's status as the spec names it: CONNECTING until the server confirms the subscription, then CONNECTED. */
export type CableStatus = 'CONNECTING' | 'CONNECTED';

/** The socket's address for an API base ('' = the page's origin): ws:// or wss:// as the API is secure. */
export function cableUrl(apiBase: string, pageUrl: string): string {
  const url = new URL(CABLE_PATH, apiBase || pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export type CableSubscriptionOptions<T> = {
  /** Parameters of the channel's identifier besides its name. */
  params?: Record<string, unknown>;
  onMessage: (message: T) => void;
  onStatus?: (status: CableStatus) => void;
  /** Default CABLE_RECONNECT_MS (the spec's 1 second). */
  reconnectMs?: number;
};

/**
 * Subscribes to a channel of the socket. Status CONNECTING, then CONNECTED once the server
 * confirms; after an error or the server's disconnect message CONNECTING again, and the socket
 * reopens after one second (the spec; the client's own monitor would wait for two missed pings,
 * 6 s or more), then subscribes again by itself. A disconnect that says not to reconnect (signed
 * out) stays closed. Gives the function that unsubscribes.
 */
export function subscribeCable<T>(consumer: Consumer, channel: string, options: CableSubscriptionOptions<T>): () => void {
  const { onMessage, onStatus, params = {}, reconnectMs = CABLE_RECONNECT_MS } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  onStatus?.('CONNECTING');
  const subscription = consumer.subscriptions.create(
    { channel, ...params },
    {
      connected: () => onStatus?.('CONNECTED'),
      disconnected: ({ willAttemptReconnect }: { willAttemptReconnect: boolean }) => {
        onStatus?.('CONNECTING');
        if (stopped || !willAttemptReconnect) return;
        clearTimeout(timer);
        timer = setTimeout(() => stopped || consumer.connect(), reconnectMs);
      },
      received: (message: unknown) => onMessage(message as T),
    },
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
    subscription.unsubscribe();
  };
}
