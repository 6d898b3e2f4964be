import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/cable-client';
import { createLocalBroadcaster, createRedisBroadcaster, type Broadcaster } from './broadcaster';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: Broadcaster[] = [];
const redis = (namespace: string) => {
  const b = createRedisBroadcaster(REDIS_URL, { namespace });
  opened.push(b);
  return b;
};
afterAll(async () => {
  for (const b of opened) await b.close();
});

describe('broadcasters', () => {
  it('in-process: a listener hears its stream only, until it stops listening', async () => {
    const local = createLocalBroadcaster();
    const heard: unknown[] = [];
    const stop = await local.listen('a', (m) => heard.push(m));
    await local.broadcast('a', { n: 1 });
    await local.broadcast('b', { n: 2 });
    stop();
    await local.broadcast('a', { n: 3 });
    expect(heard).toEqual([{ n: 1 }]);
  });

  it('through Redis: processes of one deployment (REDIS_NAMESPACE) hear each other, another deployment on the same Redis does not', async () => {
    const ours = `test-${randomBytes(6).toString('hex')}`;
    const theirs = `test-${randomBytes(6).toString('hex')}`;
    const [sender, sameDeployment, otherDeployment] = [redis(ours), redis(ours), redis(theirs)];
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    await sameDeployment.listen('contacts_import:user:1', (m) => heard.push(m));
    await otherDeployment.listen('contacts_import:user:1', (m) => overheard.push(m));
    await sender.broadcast('contacts_import:user:1', { attempt: { id: 7 } });
    await eventually(() => expect(heard).toEqual([{ attempt: { id: 7 } }]));
    // a message the other deployment would have had by now, had it been sent to it
    await otherDeployment.broadcast('contacts_import:user:1', { attempt: { id: 8 } });
    await eventually(() => expect(overheard).toEqual([{ attempt: { id: 8 } }]));
    expect(heard).toEqual([{ attempt: { id: 7 } }]);
  });
});
