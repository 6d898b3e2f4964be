import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollUntil } from './poll';

afterEach(() => vi.useRealTimers());

describe('pollUntil', () => {
  it('asks until the check answers true, then stops', async () => {
    vi.useFakeTimers();
    let asked = 0;
    const done = pollUntil(async () => ++asked === 3, { timeoutMs: 10_000, everyMs: 1_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(done).resolves.toBe(true);
    expect(asked).toBe(3);
  });

  it('answers false once the time is up, having asked once more at the end', async () => {
    vi.useFakeTimers();
    let asked = 0;
    const done = pollUntil(async () => (asked++, false), { timeoutMs: 3_000, everyMs: 1_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(done).resolves.toBe(false);
    expect(asked).toBe(4);
  });
});
