import type { JobQueue } from '../jobs/queue';
import type { VerifiedEvent } from '../providers/payments/payments.provider';
import type { WebhookEventRow, WebhooksRepository } from './webhooks.repository';

/** The job that processes one stored webhook event (retried on failure). */
export const WEBHOOK_PROCESS_JOB = 'webhook-process';

/** A vendor's check of an inbound webhook: the raw body and the request headers; throws when the signature is wrong or stale. */
export type WebhookVerifier = (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => VerifiedEvent;
/** What a module does with a vendor's event (idempotent: a retry after a failure runs it again). */
export type WebhookHandler = (event: { id: string; type: string; payload: Record<string, unknown> }) => Promise<void>;

export type Receipt = { status: 'stored'; id: number } | { status: 'repeat' };

/**
 * The one inbound path of every vendor (DESIGN.md §1): the vendor's verifier checks the signature
 * on the raw body, the event is stored once by its vendor id (a repeat is acknowledged and
 * ignored), and a job processes it with the handlers the modules registered, retried on failure.
 */
export function createWebhooksService(repo: WebhooksRepository, jobs: JobQueue) {
  const verifiers = new Map<string, WebhookVerifier>();
  const handlers = new Map<string, WebhookHandler[]>();

  async function process(row: WebhookEventRow): Promise<void> {
    if (row.status === 'processed') return;
    const event = { id: row.eventId, type: row.type, payload: row.payload as Record<string, unknown> };
    try {
      for (const handler of handlers.get(row.vendor) ?? []) await handler(event);
    } catch (error) {
      await repo.markFailed(row.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await repo.markProcessed(row.id);
  }

  jobs.define<{ webhook_event_id: number }>({
    name: WEBHOOK_PROCESS_JOB,
    retryLimit: 6,
    retryDelaySeconds: 5,
    run: async (data) => {
      const row = await repo.find(data.webhook_event_id);
      if (row) await process(row);
    },
  });

  return {
    /** Makes a vendor's webhooks accepted at /webhooks/<vendor>, checked by its verifier. */
    verifier(vendor: string, verify: WebhookVerifier): void {
      verifiers.set(vendor, verify);
    },
    /** Adds a handler of a vendor's events (every module interested registers its own). */
    handle(vendor: string, handler: WebhookHandler): void {
      handlers.set(vendor, [...(handlers.get(vendor) ?? []), handler]);
    },
    knows: (vendor: string) => verifiers.has(vendor),

    /** Verifies (throws the verifier's error), stores once, and queues the processing job. */
    async receive(vendor: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<Receipt> {
      const verify = verifiers.get(vendor);
      if (!verify) throw new Error(`No webhook verifier for ${vendor}`);
      const event = verify(rawBody, headers);
      const stored = await repo.storeOnce({ vendor, eventId: event.id, type: event.type, payload: event.payload });
      if (!stored) return { status: 'repeat' };
      await jobs.send(WEBHOOK_PROCESS_JOB, { webhook_event_id: stored.id });
      return { status: 'stored', id: stored.id };
    },

    /** Processes a stored event now (tests, and a job's run). */
    async processNow(id: number): Promise<void> {
      const row = await repo.find(id);
      if (row) await process(row);
    },

    repository: repo,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
