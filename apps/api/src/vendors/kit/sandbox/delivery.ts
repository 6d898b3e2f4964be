import type { JobQueue } from '../../../jobs/queue';
import type { SandboxStore } from './sandbox.repository';

const DELIVERY_TIMEOUT_MS = 10_000;

/** A callback as its vendor sends it: where, with which headers (its signature among them), and the exact body signed. */
export type SignedCallback = { url: string; headers: Record<string, string>; body: string };

/**
 * The one delivery job of the sandbox kit: a sandbox's callback (a webhook event, a status
 * callback) is a job kept in PostgreSQL, so a crash loses none; each run posts it as the vendor
 * would (`sign` makes the request with the vendor's signature), records the attempt and its answer,
 * and fails on anything but a 2xx, so the job retries on the vendor's schedule.
 * Returns `queue(eventId)`, which the sandbox calls when it makes an event.
 */
export function defineSandboxDelivery(
  jobs: Pick<JobQueue, 'define' | 'send'>,
  store: SandboxStore,
  vendor: {
    /** The job's name (one per vendor). */
    job: string;
    /** The vendor's retry schedule, as far as a job's retries express it. */
    retryLimit: number;
    retryDelaySeconds: number;
    /** The callback of an event, signed now; null when there is no such event. */
    sign: (eventId: string) => Promise<SignedCallback | null>;
  },
) {
  async function deliver(eventId: string): Promise<void> {
    const callback = await vendor.sign(eventId);
    if (!callback) return;
    let status: number | null = null;
    let error: string | null = null;
    let response: unknown = null;
    try {
      const answer = await fetch(callback.url, { method: 'POST', headers: callback.headers, body: callback.body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
      status = answer.status;
      response = (await answer.text()).slice(0, 1000);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    await store.recordDelivery({ eventId, url: callback.url, status, error, response });
    if (status === null || status < 200 || status >= 300) throw new Error(`Callback ${eventId} to ${callback.url}: ${error ?? `HTTP ${status}`}`);
  }

  jobs.define<{ event_id: string }>({
    name: vendor.job,
    retryLimit: vendor.retryLimit,
    retryDelaySeconds: vendor.retryDelaySeconds,
    expireInSeconds: 60,
    run: async (data) => deliver(data.event_id),
  });

  return {
    deliver,
    queue: async (eventId: string) => void (await jobs.send(vendor.job, { event_id: eventId })),
  };
}

/**
 * Where a sandbox posts a callback whose URL the product gave it (Twilio's StatusCallback and
 * SmsUrl): a URL on this server's public address (PUBLIC_URL, which may be a proxy or a name this
 * machine cannot reach) is posted to the same path on the local origin; any other URL as it is.
 * The signature stays over the URL as given, as the vendor signs it.
 */
export function deliveryUrl(url: string, publicUrl: string, localOrigin: URL): string {
  const given = new URL(url);
  if (given.origin !== new URL(publicUrl).origin) return given.toString();
  return new URL(`${given.pathname}${given.search}`, localOrigin).toString();
}
