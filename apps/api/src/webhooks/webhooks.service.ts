import type { PagingMeta, WebhookEvent, WebhookEventListStatus } from '@crm/contract';
import type { JobQueue } from '../jobs/queue';
import type { AuditRepository } from '../modules/audit/audit.repository';
import type { Identity, RequestMeta } from '../modules/sessions/identity';
import { notFound, unprocessable } from '../lib/http-errors';
import type { WebhookRequest, WebhookVerdict, WebhookVerifier } from './webhook-contract';
import type { WebhookEventRow, WebhooksRepository } from './webhooks.repository';
import type { WebhookEventSummary } from './webhooks.repository';

/** The job that processes one stored webhook event (retried on failure). */
export const WEBHOOK_PROCESS_JOB = 'webhook-process';
/** The job that queues again the events left behind (main.ts sends it every WEBHOOK_SWEEP_EVERY_SECONDS). */
export const WEBHOOK_SWEEP_JOB = 'webhook-sweep';
export const WEBHOOK_SWEEP_EVERY_SECONDS = 60;
/** An event not processed this long after it came is left behind (its job lost, or out of retries). */
const LEFT_BEHIND_SECONDS = 120;
/** Tries of an event in all (each run of its job counts one): two rounds of the job and its 6 retries; then it is dead. */
export const WEBHOOK_MAX_ATTEMPTS = 14;

/** One processing job per event at a time: the receipt's and the sweeper's never run side by side. */
const processKey = (id: number) => `webhook-event-${id}`;

/** What a module does with a vendor's event (idempotent: a retry after a failure runs it again). */
export type WebhookHandler = (event: { id: string; type: string; payload: Record<string, unknown> }) => Promise<void>;

/** What came of a request: the events stored now, how many were repeats, and the vendor's synchronous answer, if any. */
export type Receipt = { stored: number[]; repeats: number; reply: WebhookVerdict['reply'] };

/** An event as an administrator sees it (GET /v1/admin/webhook_events): never its payload. */
export function toWebhookEvent(row: WebhookEventSummary): WebhookEvent {
  return {
    id: row.id,
    vendor: row.vendor,
    event_id: row.eventId,
    type: row.type,
    status: row.status as WebhookEvent['status'],
    attempts: row.attempts,
    last_error: row.lastError,
    received_at: row.receivedAt.toISOString(),
  };
}

/**
 * The one inbound path of every vendor (DESIGN.md §1): the vendor's verifier checks the signature
 * on the raw body, the event is stored once by its vendor id (a repeat is acknowledged and
 * ignored), and a job processes it with the handlers the modules registered, retried on failure.
 */
export function createWebhooksService(repo: WebhooksRepository, jobs: JobQueue, audit: AuditRepository) {
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
    keyed: true,
    retryLimit: 6,
    retryDelaySeconds: 5,
    run: async (data) => {
      const row = await repo.find(data.webhook_event_id);
      if (row && row.status !== 'dead') await process(row);
    },
  });

  /**
   * Queues again what was left behind: an event stored whose job was never queued (the process
   * died between the two) or whose job ran out of retries; one out of tries is dead instead.
   */
  async function sweep(now: Date = new Date()): Promise<{ queued: number; dead: number }> {
    const { retry, dead } = await repo.leftBehind(new Date(now.getTime() - LEFT_BEHIND_SECONDS * 1000), WEBHOOK_MAX_ATTEMPTS);
    let queued = 0;
    for (const id of retry) if (await jobs.send(WEBHOOK_PROCESS_JOB, { webhook_event_id: id }, { singletonKey: processKey(id) })) queued += 1;
    return { queued, dead: dead.length };
  }

  jobs.define<object>({ name: WEBHOOK_SWEEP_JOB, keyed: true, retryLimit: 1, run: async () => void (await sweep()) });

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

    /**
     * Verifies (throws the verifier's error), then stores each new event and queues its processing
     * job in one transaction: a crash or a failed insert leaves neither, so the vendor's retry is not
     * taken for a repeat of an event that was never processed.
     */
    async receive(vendor: string, request: WebhookRequest): Promise<Receipt> {
      const verify = verifiers.get(vendor);
      if (!verify) throw new Error(`No webhook verifier for ${vendor}`);
      const verdict = verify(request);
      const stored = await repo.transaction(async (tx) => {
        const ids: number[] = [];
        for (const event of verdict.events) {
          const row = await repo.storeOnce({ vendor, eventId: event.id, type: event.type, payload: event.payload }, tx);
          if (!row) continue;
          await jobs.send(WEBHOOK_PROCESS_JOB, { webhook_event_id: row.id }, { singletonKey: processKey(row.id), tx });
          ids.push(row.id);
        }
        return ids;
      });
      if (stored.length) jobs.wake(WEBHOOK_PROCESS_JOB);
      return { stored, repeats: verdict.events.length - stored.length, reply: verdict.reply };
    },

    sweep,

    /** Processes a stored event now (tests, and a job's run). */
    async processNow(id: number): Promise<void> {
      const row = await repo.find(id);
      if (row) await process(row);
    },

    /** A page of the events that could not be processed (dead, or failed and to be tried again), newest first. */
    async unprocessed(query: { status: WebhookEventListStatus; vendor?: string | undefined; page: number; limit: number }): Promise<{ data: WebhookEvent[]; meta: PagingMeta }> {
      const { rows, total } = await repo.listByStatus(query);
      return {
        data: rows.map(toWebhookEvent),
        meta: { current_page: query.page, limit: query.limit, total_count: total, total_pages: Math.ceil(total / query.limit) },
      };
    },

    /**
     * An administrator's retry: a dead or failed event is tried again from the start (failed, no
     * tries counted, so the sweeper gives it every try again) and its processing job is queued at
     * once. 404 for an unknown event; 422 for one in another state (received: its job is on the way;
     * processed: done).
     */
    async retry(id: number, admin: Identity, meta: RequestMeta): Promise<WebhookEvent> {
      const row = await repo.resetForRetry(id);
      if (!row) {
        const found = await repo.find(id);
        if (!found) throw notFound('Webhook event');
        throw unprocessable({ status: `Only a dead or failed event can be tried again; this one is ${found.status}` });
      }
      await jobs.send(WEBHOOK_PROCESS_JOB, { webhook_event_id: row.id }, { singletonKey: processKey(row.id) });
      await audit.record({
        event: 'webhook_event_retried',
        userId: admin.user.id,
        actorUserId: admin.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { webhook_event_id: row.id, vendor: row.vendor, type: row.type, event_id: row.eventId },
      });
      return toWebhookEvent(row);
    },

    repository: repo,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
