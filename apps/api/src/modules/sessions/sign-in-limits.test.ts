import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashingLoad, hashPassword, verifyPassword } from '../../lib/passwords';
import { DEMO_PASSWORD, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_INS_PER_ACCOUNT: '3', SIGN_INS_PER_IP: '5' });
});
afterAll(() => t.close());

const signIn = (address: string, who: string) =>
  new TestAgent(t.app, address).post('/v1/sessions', { email: seedEmail(who), password: DEMO_PASSWORD });

describe('sign-in attempts, successful or not, are limited per account and per address', () => {
  it('an account signs in SIGN_INS_PER_ACCOUNT times within the window; the next, right password or not, is 429 with Retry-After', async () => {
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await signIn(address, 'manager')).statusCode).toBe(200);
    const refused = await signIn('10.0.0.4', 'manager');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(refused.json()).toEqual({ errors: { base: `Too many attempts. Try again in ${seconds} seconds.` } });
  });

  it('an address signs in SIGN_INS_PER_IP times within the window, whoever signs in; the next is 429', async () => {
    for (const who of ['admin', 'field', 'agent', 'telemarketer']) expect((await signIn('10.9.9.9', who)).statusCode, who).toBe(200);
    const fifth = await new TestAgent(t.app, '10.9.9.9').post('/v1/sessions', { email: seedEmail('admin'), password: 'not the password' });
    expect(fifth.statusCode).toBe(401);
    expect((await signIn('10.9.9.9', 'agent')).statusCode).toBe(429);
    // another address is not held back
    expect((await signIn('10.9.9.10', 'agent')).statusCode).toBe(200);
  });
});

describe('password hashing', () => {
  const idle = () => vi.waitFor(() => expect(hashingLoad()).toMatchObject({ active: 0, waiting: 0 }), { timeout: 10_000 });

  it('runs at most one hash per core less one at a time; the others wait their turn and all finish', async () => {
    const hash = await hashPassword('Lantern-Orchard-2026');
    await idle();
    const checks = Array.from({ length: 8 }, (_, i) => verifyPassword(hash, i % 2 ? 'Lantern-Orchard-2026' : 'wrong'));
    await Promise.resolve();
    const load = hashingLoad();
    expect(load.limit).toBe(Math.max(1, availableParallelism() - 1));
    expect(load.active).toBeLessThanOrEqual(load.limit);
    expect(load.active + load.waiting).toBe(8);
    expect(load.waiting).toBeGreaterThan(0);
    expect(await Promise.all(checks)).toEqual(Array.from({ length: 8 }, (_, i) => i % 2 === 1));
    await idle();
  });

  it('answers a hash at once but rests its turn before the next hash starts (a storm keeps to its share of a core)', async () => {
    const hash = await hashPassword('Lantern-Orchard-2026');
    await idle();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const turns = Array.from({ length: hashingLoad().limit + 1 }, () => verifyPassword(hash, 'Lantern-Orchard-2026'));
      expect(await turns[0]).toBe(true); // answered before its turn's rest is over
      // every turn now rests (its timer does not run until the clock moves): the last check has not started
      await vi.waitFor(() => expect(hashingLoad()).toMatchObject({ active: hashingLoad().limit, waiting: 1 }));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await Promise.all(turns)).toEqual(turns.map(() => true));
      // the last turn's rest, on the fake clock too
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
        expect(hashingLoad()).toMatchObject({ active: 0, waiting: 0 });
      });
    } finally {
      vi.useRealTimers();
    }
    await idle();
  });
});
