import { tooManyRequests, type HttpError } from './http-errors';

/** What a limit counted within its window: how many, and when the oldest of them happened. */
export type Counted = { count: number; oldest: Date | null };

/** 429 with Retry-After: the seconds until the oldest counted leaves the window, so that one more is allowed. */
export function tooManyUntil(oldest: Date | null, windowMs: number, now = Date.now()): HttpError {
  const end = (oldest?.getTime() ?? now) + windowMs;
  return tooManyRequests(Math.max(1, Math.ceil((end - now) / 1000)));
}

/**
 * The one rule of every limit counted in PostgreSQL (failed sign-ins, e-mails asked for, help
 * requests): once `max` are counted within the window, the answer is 429 with Retry-After.
 */
export function refuseWhenFull(counted: Counted, max: number, windowMs: number): void {
  if (counted.count >= max) throw tooManyUntil(counted.oldest, windowMs);
}
