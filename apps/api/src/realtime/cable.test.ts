import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CABLE_CHANNELS, CABLE_PROTOCOL } from '@crm/contract';
import { cookieHeader, cookieJar, eventually, rawCable } from '../test/cable-client';
import { buildApp } from '../app';
import { createContext } from '../context';
import { seedEmail } from '../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';
import { contactsImportStream } from './channels';
// after the globals of cable-client
import { createConsumer } from '@rails/actioncable';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let base: string;
let agent: TestAgent;
let agentId: number;
let otherId: number;

const listen = async (app: FastifyInstance) => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/cable`;
};

beforeAll(async () => {
  // Broadcasts through the machine's Redis, in a namespace of this run's own.
  t = await createTestApp({ REDIS_URL, REDIS_NAMESPACE: `test-${randomBytes(6).toString('hex')}`, CABLE_SESSION_CHECK_SECONDS: '1' });
  base = await listen(t.app);
  agent = new TestAgent(t.app);
  await agent.signIn('agent');
  agentId = (await t.ctx.usersRepository.findByEmail(seedEmail('agent')))!.id;
  otherId = (await t.ctx.usersRepository.findByEmail(seedEmail('manager')))!.id;
});
afterAll(() => t.close());

const importChannel = JSON.stringify({ channel: CABLE_CHANNELS.contactsImport });

describe('/cable: the ActionCable protocol', () => {
  it('speaks actioncable-v1-json: welcome, then a ping every 3 seconds', async () => {
    const opened = Math.floor(Date.now() / 1000);
    const cable = await rawCable(base, { cookie: cookieHeader(agent.cookies) });
    expect(cable.socket.protocol).toBe(CABLE_PROTOCOL);
    await eventually(() => expect(cable.messages[0]).toEqual({ type: 'welcome' }));
    const ping = await eventually(() => {
      const found = cable.messages.find((m) => m.type === 'ping');
      expect(found).toBeDefined();
      return found!;
    }, 30_000);
    // the server's clock in seconds, at a moment between the opening and now
    expect(Number(ping.message)).toBeGreaterThanOrEqual(opened);
    expect(Number(ping.message)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    cable.socket.close();
  });

  it('turns away a socket without a session, and one opened from a page of another site, with disconnect unauthorized', async () => {
    const anonymous = await rawCable(base);
    await anonymous.closed;
    expect(anonymous.messages).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    const elsewhere = await rawCable(base, { cookie: cookieHeader(agent.cookies), origin: 'https://evil.example' });
    await elsewhere.closed;
    expect(elsewhere.messages).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    // a page of the same host is welcome
    const host = new URL(base).host;
    const same = await rawCable(base, { cookie: cookieHeader(agent.cookies), origin: `http://${host}` });
    await eventually(() => expect(same.messages[0]).toEqual({ type: 'welcome' }));
    same.socket.close();
  });

  it('confirms a subscription to the contacts-import channel and rejects an unknown channel', async () => {
    const cable = await rawCable(base, { cookie: cookieHeader(agent.cookies) });
    cable.socket.send(JSON.stringify({ command: 'subscribe', identifier: importChannel }));
    const unknown = JSON.stringify({ channel: 'SecretsChannel' });
    cable.socket.send(JSON.stringify({ command: 'subscribe', identifier: unknown }));
    const inherited = JSON.stringify({ channel: 'constructor' });
    cable.socket.send(JSON.stringify({ command: 'subscribe', identifier: inherited }));
    cable.socket.send('not json');
    await eventually(() => {
      expect(cable.messages).toContainEqual({ identifier: importChannel, type: 'confirm_subscription' });
      expect(cable.messages).toContainEqual({ identifier: unknown, type: 'reject_subscription' });
      expect(cable.messages).toContainEqual({ identifier: inherited, type: 'reject_subscription' });
    });
    // one connection holds at most 20 subscriptions (the import channel takes parameters it ignores)
    const extra = Array.from({ length: 20 }, (_, i) => JSON.stringify({ channel: CABLE_CHANNELS.contactsImport, n: i }));
    for (const identifier of extra) cable.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
    await eventually(() => {
      expect(cable.messages.filter((m) => m.type === 'confirm_subscription')).toHaveLength(20);
      expect(cable.messages).toContainEqual({ identifier: extra.at(-1), type: 'reject_subscription' });
    });
    for (const identifier of extra) cable.socket.send(JSON.stringify({ command: 'unsubscribe', identifier }));
    // unsubscribed: no more messages of the stream
    cable.socket.send(JSON.stringify({ command: 'unsubscribe', identifier: importChannel }));
    // the server answers the commands of a socket in order: once it answers this one, it has done the unsubscribes
    const roundTrip = async (n: number) => {
      const identifier = JSON.stringify({ channel: 'RoundTrip', n });
      cable.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      await eventually(() => expect(cable.messages).toContainEqual({ identifier, type: 'reject_subscription' }));
    };
    await roundTrip(1);
    // another socket of the user, still subscribed, hears the broadcast: the server has handed it to its listeners...
    const witness = await rawCable(base, { cookie: cookieHeader(agent.cookies) });
    witness.socket.send(JSON.stringify({ command: 'subscribe', identifier: importChannel }));
    await eventually(() => expect(witness.messages).toContainEqual({ identifier: importChannel, type: 'confirm_subscription' }));
    await t.ctx.broadcaster.broadcast(contactsImportStream(agentId), { id: 1 });
    await eventually(() => expect(witness.messages).toContainEqual({ identifier: importChannel, message: { id: 1 } }));
    // ...and anything it sent this socket before its next answer has arrived by then
    await roundTrip(2);
    expect(cable.messages.filter((m) => 'message' in m && m.type !== 'ping')).toEqual([]);
    witness.socket.close();
    cable.socket.close();
  });

  it('delivers the user\'s own import messages to the real ActionCable client, and never another user\'s', async () => {
    cookieJar.cookie = cookieHeader(agent.cookies);
    const consumer = createConsumer(base);
    const received: unknown[] = [];
    const events: string[] = [];
    await new Promise<void>((resolve) => {
      consumer.subscriptions.create(
        { channel: CABLE_CHANNELS.contactsImport },
        {
          connected: () => {
            events.push('connected');
            resolve();
          },
          rejected: () => events.push('rejected'),
          received: (message: unknown) => received.push(message),
        },
      );
    });
    await t.ctx.broadcaster.broadcast(contactsImportStream(otherId), { id: 7, status: 'processing', user: 'someone else' });
    await t.ctx.broadcaster.broadcast(contactsImportStream(agentId), { id: 8, status: 'processing', processed: 10 });
    await eventually(() => expect(received).toEqual([{ id: 8, status: 'processing', processed: 10 }]));
    expect(events).toEqual(['connected']);
    consumer.disconnect();
  });

  it('reaches a socket on another API process: the broadcast travels through Redis', async () => {
    // A second API process on the same database and Redis (its own broadcaster and connections).
    const second = await buildApp(createContext(t.env, t.ctx.db), { logger: false, serveWeb: false });
    const secondBase = await listen(second);
    try {
      const cable = await rawCable(secondBase, { cookie: cookieHeader(agent.cookies) });
      cable.socket.send(JSON.stringify({ command: 'subscribe', identifier: importChannel }));
      await eventually(() => expect(cable.messages).toContainEqual({ identifier: importChannel, type: 'confirm_subscription' }));
      // made in the first process
      await t.ctx.broadcaster.broadcast(contactsImportStream(agentId), { id: 9, status: 'complete' });
      await eventually(() => expect(cable.messages).toContainEqual({ identifier: importChannel, message: { id: 9, status: 'complete' } }));
      cable.socket.close();
    } finally {
      await second.close();
    }
  });

  it('closes the socket of a session that signs out (disconnect unauthorized, no reconnect)', async () => {
    const leaving = new TestAgent(t.app);
    await leaving.signIn('field');
    const cable = await rawCable(base, { cookie: cookieHeader(leaving.cookies) });
    await eventually(() => expect(cable.messages[0]).toEqual({ type: 'welcome' }));
    expect((await leaving.delete('/v1/sessions')).statusCode).toBeLessThan(300);
    await cable.closed;
    expect(cable.messages.at(-1)).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
  });

  it('tells its sockets to come back when the server closes (server_restart)', async () => {
    const restarting = await buildApp(createContext(t.env, t.ctx.db), { logger: false, serveWeb: false });
    const cable = await rawCable(await listen(restarting), { cookie: cookieHeader(agent.cookies) });
    await eventually(() => expect(cable.messages[0]).toEqual({ type: 'welcome' }));
    await restarting.close();
    await cable.closed;
    expect(cable.messages.at(-1)).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
  });
});
