import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs } from '../db/schema';
import { webhookEvent, type WebhookEvent } from '@crm/contract';
import { DEMO_DEAD_EVENT, seedDemoDeadLetter } from '../db/seed-webhooks';
import { eventually } from '../test/cable-client';
import { signInAdminCallers, type SignedIn } from '../test/contact-fixtures';
import { createKey, createTestApp, TestAgent, withKey, type TestApp } from '../test/test-app';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_PROCESS_JOB } from './webhooks.service';

let t: TestApp;
let admin: SignedIn;
let subadmin: SignedIn;
let manager: SignedIn;
let agent: SignedIn;
let kAdmin: SignedIn;

/** What a vendor's event carried: personal data that the admin list must never show. */
const PERSONAL = { customer_email: 'jane.doe.private@example.com', phone: '+15555550142' };
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** The event made dead the way the product makes it: every try failed, then the sweeper gave up on it. */
let sweptDead: number;
/** Whether the handler of the test vendor fails (it stops failing once "the vendor is fixed"). */
let failing = true;
const processed: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, subadmin, manager, agent, kAdmin } = await signInAdminCallers(t));
  t.ctx.webhooks.handle('acme', async (event) => {
    if (failing) throw new Error('acme API: 503 Service Unavailable');
    processed.push(event.id);
  });
  await t.ctx.jobs.startWorkers();

  const repo = t.ctx.webhooks.repository;
  const stored = (await repo.storeOnce({ vendor: 'acme', eventId: 'acme-swept', type: 'invoice.paid', payload: PERSONAL }))!;
  for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i += 1) await repo.markFailed(stored.id, 'acme API: 503 Service Unavailable');
  // long after it came, the sweeper finds it out of tries
  expect(await t.ctx.webhooks.sweep(new Date(Date.now() + 10 * 60_000))).toEqual({ queued: 0, dead: 1 });
  sweptDead = stored.id;

  // more dead letters of two vendors, received at known times, and a failed one (tries left)
  await repo.storeDead({ vendor: 'globex', eventId: 'gx-old', type: 'order.created', payload: PERSONAL, attempts: 14, lastError: 'globex: timed out', receivedAt: dayAgo(3) });
  await repo.storeDead({ vendor: 'globex', eventId: 'gx-new', type: 'order.updated', payload: PERSONAL, attempts: 14, lastError: 'globex: 500', receivedAt: dayAgo(1) });
  const failed = (await repo.storeOnce({ vendor: 'globex', eventId: 'gx-failed', type: 'order.updated', payload: PERSONAL }))!;
  await repo.markFailed(failed.id, 'globex: 502');
});
afterAll(() => t.close());

async function list(as: SignedIn, query = ''): Promise<{ data: WebhookEvent[]; meta: Record<string, number> }> {
  const res = await as.get(`/v1/admin/webhook_events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('who may see and retry vendor events', () => {
  it('refuses a caller who is not signed in (401), agents, managers and sub-admins (403); System Admins pass', async () => {
    const visitor = new TestAgent(t.app);
    expect((await visitor.get('/v1/admin/webhook_events')).statusCode).toBe(401);
    expect((await visitor.post(`/v1/admin/webhook_events/${sweptDead}/retry`)).statusCode).toBe(401);
    for (const who of [agent, manager, subadmin]) {
      for (const res of [await who.get('/v1/admin/webhook_events'), await who.post(`/v1/admin/webhook_events/${sweptDead}/retry`)]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ errors: { user: 'Access denied!' } });
      }
    }
    expect((await t.ctx.webhooks.repository.find(sweptDead))?.status).toBe('dead');
    // the events are the deployment's, not a company's: another brand's System Admin sees the same list
    expect((await list(kAdmin)).data.map((e) => e.id)).toEqual((await list(admin)).data.map((e) => e.id));
  });

  it('is out of reach of API keys, even an admin\'s with the admin scopes (a browser session only)', async () => {
    const { key } = await createKey(admin, ['admin:read', 'admin:write']);
    const res = await withKey(t.app, key, 'GET', '/v1/admin/webhook_events');
    expect(res.statusCode).toBe(403);
  });

  it('answers bad query parameters with 422 and a message per field, never 500', async () => {
    const errors = async (query: string) => {
      const res = await admin.get(`/v1/admin/webhook_events?${query}`);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await errors('status=bogus')).toEqual({ status: 'Status must be dead or failed' });
    expect(await errors('status=processed')).toEqual({ status: 'Status must be dead or failed' });
    expect(await errors('limit=-1')).toEqual({ limit: 'Limit must be 1 or more' });
    expect(await errors('limit=101')).toEqual({ limit: 'Limit must be at most 100' });
    expect(await errors('page=abc')).toEqual({ page: 'Page must be a number' });
    expect(await errors('page=0')).toEqual({ page: 'Page must be 1 or more' });
    expect(await errors('page=1.5')).toEqual({ page: 'Page must be a whole number' });
    expect(await errors('vendor=Not%20a%20vendor')).toEqual({ vendor: 'Vendor must be a vendor name such as stripe' });
    expect(await errors('status=bogus&limit=-1&page=abc')).toEqual({
      status: 'Status must be dead or failed',
      limit: 'Limit must be 1 or more',
      page: 'Page must be a number',
    });
  });
});

describe('GET /v1/admin/webhook_events', () => {
  it('lists the dead events, newest first, with the paging meta, and never what the vendor sent', async () => {
    const res = await admin.get('/v1/admin/webhook_events');
    expect(res.statusCode, res.body).toBe(200);
    // the payload is not in the answer at all: not as a field, not as text
    expect(res.body).not.toContain('jane.doe.private');
    expect(res.body).not.toContain('payload');
    const { data, meta } = res.json() as { data: WebhookEvent[]; meta: Record<string, number> };
    for (const event of data) {
      expect(webhookEvent.strict().safeParse(event).success, JSON.stringify(event)).toBe(true);
      expect(event).not.toHaveProperty('payload');
    }
    expect(data.map((e) => e.event_id)).toEqual(['acme-swept', 'gx-new', 'gx-old']);
    expect(data[0]).toEqual({
      id: sweptDead,
      vendor: 'acme',
      event_id: 'acme-swept',
      type: 'invoice.paid',
      status: 'dead',
      attempts: WEBHOOK_MAX_ATTEMPTS,
      last_error: 'acme API: 503 Service Unavailable',
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(meta).toEqual({ current_page: 1, limit: 25, total_count: 3, total_pages: 1 });
  });

  it('filters by status and vendor, and pages', async () => {
    expect((await list(admin, '?status=failed')).data.map((e) => [e.event_id, e.status, e.attempts])).toEqual([['gx-failed', 'failed', 1]]);
    expect((await list(admin, '?vendor=globex')).data.map((e) => e.event_id)).toEqual(['gx-new', 'gx-old']);
    expect((await list(admin, '?vendor=nobody')).data).toEqual([]);
    const second = await list(admin, '?limit=2&page=2');
    expect(second.data.map((e) => e.event_id)).toEqual(['gx-old']);
    expect(second.meta).toEqual({ current_page: 2, limit: 2, total_count: 3, total_pages: 2 });
  });
});

describe('POST /v1/admin/webhook_events/{id}/retry', () => {
  it('sets a dead event back to failed with no tries counted and queues its processing job at once; it is processed', async () => {
    failing = false; // the vendor is fixed
    const send = vi.spyOn(t.ctx.jobs, 'send');
    try {
      const res = await admin.post(`/v1/admin/webhook_events/${sweptDead}/retry`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('jane.doe.private');
      expect(res.json().data).toMatchObject({ id: sweptDead, status: 'failed', attempts: 0, event_id: 'acme-swept' });
      expect(send).toHaveBeenCalledWith(WEBHOOK_PROCESS_JOB, { webhook_event_id: sweptDead }, { singletonKey: `webhook-event-${sweptDead}` });
      // the administrator's action is in the audit log: who, and which event (never what the vendor sent)
      const [entry] = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.event, 'webhook_event_retried')).orderBy(desc(auditLogs.id)).limit(1);
      expect(entry).toMatchObject({ userId: admin.userId, actorUserId: admin.userId, details: { webhook_event_id: sweptDead, vendor: 'acme', event_id: 'acme-swept' } });
      expect(JSON.stringify(entry)).not.toContain('jane.doe.private');
    } finally {
      send.mockRestore();
    }
    await eventually(async () => expect((await t.ctx.webhooks.repository.find(sweptDead))?.status).toBe('processed'), 45_000);
    expect(processed).toEqual(['acme-swept']);
    expect((await list(admin)).data.map((e) => e.event_id)).toEqual(['gx-new', 'gx-old']);
  });

  it('retries a failed event too', async () => {
    const failed = (await t.ctx.webhooks.repository.findByEventId('globex', 'gx-failed'))!;
    const res = await admin.post(`/v1/admin/webhook_events/${failed.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'failed', attempts: 0 });
  });

  it('answers 422 for an event that is processed or received, 404 for an unknown one, 422 for a malformed id', async () => {
    const processedOne = await admin.post(`/v1/admin/webhook_events/${sweptDead}/retry`);
    expect(processedOne.statusCode).toBe(422);
    expect(processedOne.json()).toEqual({ errors: { status: 'Only a dead or failed event can be tried again; this one is processed' } });

    const received = (await t.ctx.webhooks.repository.storeOnce({ vendor: 'globex', eventId: 'gx-received', type: 'order.created', payload: {} }))!;
    const receivedRes = await admin.post(`/v1/admin/webhook_events/${received.id}/retry`);
    expect(receivedRes.statusCode).toBe(422);
    expect(receivedRes.json()).toEqual({ errors: { status: 'Only a dead or failed event can be tried again; this one is received' } });
    expect(await t.ctx.webhooks.repository.find(received.id)).toMatchObject({ status: 'received', attempts: 0 });

    const unknown = await admin.post('/v1/admin/webhook_events/987654/retry');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: { base: 'Webhook event not found' } });
    const malformed = await admin.post('/v1/admin/webhook_events/abc/retry');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ errors: { id: 'Must be a number' } });
  });
});

describe("the demo's dead letter", () => {
  it('is stored once, listed as dead, and processed when retried (billing has nothing to do for it)', async () => {
    expect(await seedDemoDeadLetter(t.ctx.webhooks.repository)).toBe(true);
    expect(await seedDemoDeadLetter(t.ctx.webhooks.repository)).toBe(false);
    const listed = (await list(admin, '?vendor=stripe')).data;
    expect(listed).toEqual([expect.objectContaining({ event_id: DEMO_DEAD_EVENT.eventId, type: DEMO_DEAD_EVENT.type, status: 'dead', attempts: WEBHOOK_MAX_ATTEMPTS })]);
    const res = await admin.post(`/v1/admin/webhook_events/${listed[0]!.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => expect((await t.ctx.webhooks.repository.find(listed[0]!.id))?.status).toBe('processed'), 45_000);
  });
});
