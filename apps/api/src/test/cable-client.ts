import WebSocket from 'ws';

/**
 * The real @rails/actioncable client in Node, as the browser uses it: the client reads the
 * WebSocket class from globalThis when it opens a connection and adds page-visibility listeners
 * to globalThis, so both are provided here. A test gives the cookies the socket carries (a
 * browser sends the page's own) through `cookieJar.cookie` before connecting.
 */
export const cookieJar: { cookie: string; origin?: string | undefined } = { cookie: '' };

class CookieWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols, { headers: { cookie: cookieJar.cookie, ...(cookieJar.origin && { origin: cookieJar.origin }) } });
  }
}

const global = globalThis as unknown as Record<string, unknown>;
global.WebSocket ??= CookieWebSocket;
global.addEventListener ??= () => undefined;
global.removeEventListener ??= () => undefined;
global.document ??= { visibilityState: 'visible', addEventListener: () => undefined, removeEventListener: () => undefined };

/** The cookie header of a signed-in TestAgent's cookies. */
export const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A raw socket to /cable (no ActionCable client): its messages as they arrive, and how it closed. */
export async function rawCable(url: string, options: { cookie?: string; origin?: string; protocol?: string } = {}) {
  const messages: Record<string, unknown>[] = [];
  const socket = new WebSocket(url, options.protocol ?? 'actioncable-v1-json', {
    headers: { ...(options.cookie && { cookie: options.cookie }), ...(options.origin && { origin: options.origin }) },
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, closed };
}

/** Waits until `check` passes (polling; it may be async), or fails with its last error after `ms`. */
export async function eventually<T>(check: () => T | Promise<T>, ms = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > ms) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
