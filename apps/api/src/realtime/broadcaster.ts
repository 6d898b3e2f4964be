import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';

/**
 * Delivers messages to the sockets listening to a stream (a named feed, such as one user's import
 * attempts). In-process by default; with REDIS_URL every API process publishes through Redis and
 * each one hands the messages to its own sockets, so a job that runs in one process reaches a
 * browser connected to another.
 */
export type Broadcaster = {
  /** Sends `message` (JSON) to every listener of `stream`, in every process. */
  broadcast(stream: string, message: unknown): Promise<void>;
  /** Calls `listener` with each message of `stream` from the moment it resolves; the function it gives stops listening. */
  listen(stream: string, listener: (message: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
};

export function createLocalBroadcaster(): Broadcaster {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    async broadcast(stream, message) {
      events.emit(stream, message);
    },
    async listen(stream, listener) {
      events.on(stream, listener);
      return () => events.off(stream, listener);
    },
    async close() {
      events.removeAllListeners();
    },
  };
}

/**
 * The broadcaster over Redis pub/sub: one connection publishes, one subscribes to the streams that
 * this process's sockets listen to (each stream once, however many sockets listen to it), and
 * messages are handed out in the process. `log` hears of connection errors (ioredis reconnects
 * by itself; a broadcast while Redis is away fails and says so to its caller).
 */
export function createRedisBroadcaster(url: string, options: { namespace: string; log?: (message: string) => void }): Broadcaster {
  // Redis channels are `<namespace>:cable:<stream>`: deployments (and test runs) sharing a Redis stay apart.
  const prefix = `${options.namespace}:cable:`;
  const log = options.log ?? (() => undefined);
  // loaded only with REDIS_URL (16 MB of the process's memory otherwise)
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  for (const [name, connection] of [['publisher', publisher], ['subscriber', subscriber]] as const)
    connection.on('error', (error: Error) => log(`Redis ${name}: ${error.message}`));
  const local = createLocalBroadcaster();
  const listeners = new Map<string, number>();
  let closing = false;
  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(prefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return log(`Redis: a message on ${channel} is not JSON; dropped`);
    }
    void local.broadcast(channel.slice(prefix.length), message);
  });
  return {
    async broadcast(stream, message) {
      await publisher.publish(prefix + stream, JSON.stringify(message));
    },
    async listen(stream, listener) {
      const stop = await local.listen(stream, listener);
      const count = (listeners.get(stream) ?? 0) + 1;
      listeners.set(stream, count);
      if (count === 1) await subscriber.subscribe(prefix + stream);
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        stop();
        const left = (listeners.get(stream) ?? 1) - 1;
        if (left > 0) return void listeners.set(stream, left);
        listeners.delete(stream);
        if (closing) return;
        subscriber.unsubscribe(prefix + stream).catch((error: unknown) => log(`Redis unsubscribe: ${String(error)}`));
      };
    },
    async close() {
      closing = true;
      await local.close();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
