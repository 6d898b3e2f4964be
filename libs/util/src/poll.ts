/**
 * Asks `check` until it answers true, every `everyMs`, for at most `timeoutMs`: for what another
 * process finishes (a vendor's webhook handled, a job done). Answers whether it came in time.
 */
export async function pollUntil(check: () => Promise<boolean>, { timeoutMs, everyMs }: { timeoutMs: number; everyMs: number }): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
