/**
 * How often a session's last-seen or an API key's last-used time is written: at most once a
 * minute, so that a busy client (a lead vendor posting a thousand leads a minute) does not turn
 * every request into an UPDATE. What the screens show is to the minute.
 */
export const LAST_SEEN_EVERY_MS = 60_000;

/** Whether a last-seen time is due to be written again at `now`. */
export function lastSeenDue(lastSeen: Date | null, now: number): boolean {
  return lastSeen === null || now - lastSeen.getTime() >= LAST_SEEN_EVERY_MS;
}
