import { expect } from 'vitest';

/**
 * Asserts that a time the server wrote (an ISO string) falls between `from` and `to`: Date.now()
 * taken before the request that wrote it and after its answer. The server may store whole seconds
 * or milliseconds, so `from` gets the second it falls in. No bound on how long the request took.
 */
export function expectWrittenBetween(stamp: string | null | undefined, from: number, to = Date.now(), what = 'timestamp'): void {
  expect(stamp, what).toEqual(expect.any(String));
  const at = Date.parse(stamp as string);
  expect(at, `${what} ${stamp}`).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000);
  expect(at, `${what} ${stamp}`).toBeLessThanOrEqual(to);
}
