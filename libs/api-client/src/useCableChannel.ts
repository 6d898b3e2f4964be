import { useEffect, useRef, useState } from 'react';
import type { CableStatus } from './cable';
import { useApiClient } from './useApiClient';

/**
 * Listens to a channel of the realtime socket while the component is mounted: each message goes
 * to `onMessage` (the latest one given), and the socket's status (CONNECTING, then CONNECTED) is returned.
 */
export function useCableChannel<T>(channel: string, onMessage: (message: T) => void): CableStatus {
  const client = useApiClient();
  const [status, setStatus] = useState<CableStatus>('CONNECTING');
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => client.subscribe<T>(channel, { onMessage: (message) => handler.current(message), onStatus: setStatus }), [client, channel]);
  return status;
}
