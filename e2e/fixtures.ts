import { test as base, type BrowserContext, type Request } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

/** The requests each browser context has started and not yet finished (page loads, API calls, scripts). */
const pending = new WeakMap<BrowserContext, Set<Request>>();

/** The requests still in flight in the context: empty when the pages have nothing more on the way. */
export function pendingRequests(context: BrowserContext): ReadonlySet<Request> {
  return pending.get(context) ?? new Set();
}

/**
 * Playwright's test, with every context's requests followed from its start, so that a check can
 * wait for the page to settle (see expectAccessible). A websocket is not a request here: the
 * realtime socket stays open and does not count.
 */
export const test = base.extend<{ followRequests: void }>({
  followRequests: [
    async ({ context }, use) => {
      const inFlight = new Set<Request>();
      pending.set(context, inFlight);
      const done = (request: Request) => inFlight.delete(request);
      context.on('request', (request) => inFlight.add(request));
      context.on('requestfinished', done);
      context.on('requestfailed', done);
      await use();
    },
    { auto: true },
  ],
});
