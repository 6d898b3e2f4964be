import { createConsumer, type Consumer } from '@rails/actioncable';

/**
 * The real ActionCable client's consumer for that address (one socket for every subscription). A
 * module of its own: api-client loads it with the first subscription, so pages without realtime
 * updates never fetch the ActionCable client.
 */
export function createCableConsumer(url: string): Consumer {
  return createConsumer(url);
}
