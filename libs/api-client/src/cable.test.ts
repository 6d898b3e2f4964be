// @vitest-environment node
import './test/node-websocket';
import type { AddressInfo } from 'node:net';
import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { CABLE_PROTOCOL } from '@crm/contract';
import { cableUrl, subscribeCable, type CableStatus } from './cable';
import { createCableConsumer } from './cable-consumer';
import { createApiClient } from './api-client';

/** A minimal ActionCable server: welcome, confirm every subscription; the test drives the rest. */
let server: WebSocketServer;
let url: string;
const connections: { socket: WebSocket; at: number; subscribed: string[] }[] = [];

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false) });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/cable`;
  server.on('connection', (socket) => {
    const connection = { socket, at: Date.now(), subscribed: [] as string[] };
    connections.push(connection);
    socket.send(JSON.stringify({ type: 'welcome' }));
    socket.on('message', (raw) => {
      const { command, identifier } = JSON.parse(raw.toString()) as { command: string; identifier: string };
      if (command !== 'subscribe') return;
      connection.subscribed.push(identifier);
      socket.send(JSON.stringify({ identifier, type: 'confirm_subscription' }));
    });
  });
});
afterAll(() => {
  for (const client of server.clients) client.terminate();
  return new Promise((resolve) => server.close(resolve));
});

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('cableUrl', () => {
  it('is ws:// beside an http API and wss:// beside an https one, on the page\'s origin by default', () => {
    expect(cableUrl('', 'http://harbor.localhost:3000/contacts')).toBe('ws://harbor.localhost:3000/cable');
    expect(cableUrl('https://api.example.com', 'http://localhost:4200/')).toBe('wss://api.example.com/cable');
  });
});

describe('subscribeCable with the real ActionCable client', () => {
  it('goes CONNECTING then CONNECTED, hands on messages, and after a disconnect reconnects after 1 second', async () => {
    // the client's own monitor (two missed pings, 6 s) held off for the test: a new socket can only come from subscribeCable's reconnect
    const { ConnectionMonitor } = ActionCable as unknown as { ConnectionMonitor: { staleThreshold: number } };
    const staleThreshold = ConnectionMonitor.staleThreshold;
    ConnectionMonitor.staleThreshold = 3600;
    onTestFinished(() => void (ConnectionMonitor.staleThreshold = staleThreshold));
    const consumer = createCableConsumer(url);
    const statuses: CableStatus[] = [];
    const messages: unknown[] = [];
    const stop = subscribeCable<{ id: number }>(consumer, 'ContactsImportChannel', {
      onStatus: (status) => statuses.push(status),
      onMessage: (message) => messages.push(message),
    });
    await until(() => statuses.at(-1) === 'CONNECTED');
    expect(statuses).toEqual(['CONNECTING', 'CONNECTED']);
    const first = connections.at(-1)!;
    const identifier = JSON.stringify({ channel: 'ContactsImportChannel' });
    expect(first.subscribed).toEqual([identifier]);
    first.socket.send(JSON.stringify({ identifier, message: { id: 5 } }));
    await until(() => messages.length === 1);
    expect(messages).toEqual([{ id: 5 }]);

    // the server goes away: CONNECTING, and a new socket one second later (not the monitor's 6 s), subscribed again
    const count = connections.length;
    const droppedAt = Date.now();
    first.socket.terminate();
    await until(() => statuses.at(-1) === 'CONNECTING');
    await until(() => connections.length > count);
    const waited = connections.at(-1)!.at - droppedAt;
    expect(waited).toBeGreaterThanOrEqual(900);
    await until(() => statuses.at(-1) === 'CONNECTED');
    expect(connections.at(-1)!.subscribed).toEqual([identifier]);

    // a disconnect message that says not to come back (signed out) is obeyed
    const settled = connections.length;
    connections.at(-1)!.socket.send(JSON.stringify({ type: 'disconnect', reason: 'unauthorized', reconnect: false }));
    await until(() => statuses.at(-1) === 'CONNECTING');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(connections.length).toBe(settled);
    stop();
    consumer.disconnect();
  });
});

describe("the api-client's subscribe", () => {
  it('opens one socket with the first subscription, and a subscription ended before it opened subscribes nothing', async () => {
    const client = createApiClient({ baseUrl: url.replace('ws://', 'http://').replace(/\/cable$/, '') });
    const before = connections.length;
    const statuses: CableStatus[] = [];
    const early = client.subscribe('EarlyChannel', { onMessage: () => undefined });
    early();
    const stop = client.subscribe('ContactsImportChannel', { onMessage: () => undefined, onStatus: (status) => statuses.push(status) });
    expect(statuses).toEqual(['CONNECTING']);
    await until(() => statuses.at(-1) === 'CONNECTED');
    expect(connections.length).toBe(before + 1);
    expect(connections.at(-1)!.subscribed).toEqual([JSON.stringify({ channel: 'ContactsImportChannel' })]);
    stop();
  });
});
