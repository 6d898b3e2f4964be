import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CABLE_PATH, CABLE_PING_SECONDS, CABLE_PROTOCOL, cableCommand, cableIdentifier } from '@crm/contract';
import type { AppContext } from '../context';
import type { Identity } from '../modules/sessions/identity';
import { COOKIES } from '../plugins/cookies';
import type { Broadcaster } from './broadcaster';
import { CHANNELS, type Channel } from './channels';

/** Subscriptions one connection may hold (the web app needs a few); more are rejected. */
const MAX_SUBSCRIPTIONS = 20;

type Subscription = { stop: Array<() => void> };

/**
 * /cable: the ActionCable protocol over a websocket (subprotocol actioncable-v1-json). The server
 * greets with `welcome`, pings every CABLE_PING_SECONDS, confirms or rejects subscriptions, sends
 * each message of a subscription's streams as `{identifier, message}`, and closes with
 * `{type: 'disconnect', reason, reconnect}`. A connection needs a signed-in session (the session
 * cookie of the request's brand, as every API call); without one it is told `unauthorized` and
 * closed, and so is one whose session ends (CABLE_SESSION_CHECK_SECONDS). A browser's connection from a page of another site (its Origin names another host) is
 * refused the same way, so that a page elsewhere cannot listen with the user's cookie.
 */
export async function registerCable(app: FastifyInstance, ctx: AppContext, broadcaster: Broadcaster): Promise<void> {
  const sockets = new Set<WebSocket>();
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: 64 * 1024,
      handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
    },
    // closing the server: clients are told to come back (ActionCable's server_restart)
    preClose: (done) => {
      for (const socket of sockets) {
        send(socket, { type: 'disconnect', reason: 'server_restart', reconnect: true });
        socket.close();
      }
      done();
    },
  });

  app.get(CABLE_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    sockets.add(socket);
    const subscriptions = new Map<string, Subscription>();
    let closed = false;
    const stopAll = () => {
      for (const subscription of subscriptions.values()) for (const stop of subscription.stop) stop();
      subscriptions.clear();
    };
    const disconnect = (reason: 'unauthorized' | 'invalid_request', reconnect: boolean) => {
      send(socket, { type: 'disconnect', reason, reconnect });
      socket.close();
    };
    socket.on('close', () => sockets.delete(socket));

    if (!request.identity || !sameSite(request)) return disconnect('unauthorized', false);
    const identity: Identity = request.identity;
    send(socket, { type: 'welcome' });
    const pinger = setInterval(() => send(socket, { type: 'ping', message: Math.floor(Date.now() / 1000) }), CABLE_PING_SECONDS * 1000);
    // the session is looked up again now and then: signed out or expired, the socket is closed
    const checker = setInterval(
      () => void recheck(ctx, request, identity).then((ok) => ok || closed || disconnect('unauthorized', false)),
      ctx.env.CABLE_SESSION_CHECK_SECONDS * 1000,
    );
    socket.on('close', () => {
      closed = true;
      clearInterval(pinger);
      clearInterval(checker);
      stopAll();
    });

    socket.on('message', (raw) => {
      void handle(raw.toString()).catch((error: unknown) => request.log.warn({ err: error }, 'cable command failed'));
    });

    async function handle(text: string): Promise<void> {
      const command = cableCommand.safeParse(parseJson(text));
      if (!command.success) return request.log.debug('cable: a command that is not one; ignored');
      const { identifier } = command.data;
      const params = cableIdentifier.safeParse(parseJson(identifier));
      if (command.data.command === 'unsubscribe') {
        for (const stop of subscriptions.get(identifier)?.stop ?? []) stop();
        subscriptions.delete(identifier);
        return;
      }
      if (command.data.command === 'message') return; // no channel takes actions from the client yet
      if (subscriptions.has(identifier)) return; // already subscribed, as ActionCable: nothing new
      const name = params.success ? params.data.channel : '';
      const channel: Channel | undefined = Object.hasOwn(CHANNELS, name) ? CHANNELS[name] : undefined;
      const streams = channel && params.success && subscriptions.size < MAX_SUBSCRIPTIONS ? channel.streams(identity, params.data) : null;
      if (!streams) return send(socket, { identifier, type: 'reject_subscription' });
      const subscription: Subscription = { stop: [] };
      subscriptions.set(identifier, subscription);
      for (const stream of streams) {
        const stop = await broadcaster.listen(stream, (message) => send(socket, { identifier, message }));
        // unsubscribed or closed while listening began
        if (closed || subscriptions.get(identifier) !== subscription) stop();
        else subscription.stop.push(stop);
      }
      if (!closed && subscriptions.get(identifier) === subscription) send(socket, { identifier, type: 'confirm_subscription' });
    }
  });
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A browser's Origin, when it sends one, must name the host the socket was opened on. */
function sameSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: nothing rides along on its behalf
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** Whether the connection's session still stands (not signed out, not expired, same user). */
async function recheck(ctx: AppContext, request: FastifyRequest, identity: Identity): Promise<boolean> {
  if (identity.via !== 'session') return true;
  const token = request.cookies[COOKIES.session];
  const resolved = token ? await ctx.sessions.resolve(token) : null;
  return resolved?.user.id === identity.user.id;
}
