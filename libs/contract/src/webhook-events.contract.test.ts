import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from './endpoints';
import { webhookEvent, webhookEventsQuery } from './webhook-events.contract';

const errors = (result: { error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('vendor events (admin)', () => {
  it('never carries the payload: the event has no such field, and the answer drops one a server would add', () => {
    expect(Object.keys(webhookEvent.shape)).not.toContain('payload');
    const row = {
      id: 1,
      vendor: 'stripe',
      event_id: 'evt_1',
      type: 'customer.updated',
      status: 'dead',
      attempts: 14,
      last_error: 'timed out',
      received_at: '2026-11-25T20:00:00.000Z',
    };
    const parsed = endpoints.listWebhookEvents.response.parse({
      data: [{ ...row, payload: { email: 'jane@example.com' } }],
      meta: { current_page: 1, limit: 25, total_count: 1, total_pages: 1 },
    });
    expect(parsed.data[0]).toEqual(row);
    expect(JSON.stringify(parsed)).not.toContain('jane@example.com');
    expect(endpoints.retryWebhookEvent.response.parse({ data: { ...row, payload: { email: 'jane@example.com' } } }).data).not.toHaveProperty('payload');
  });

  it('lists dead events unless told failed; refuses other states and bad paging with a message per field', () => {
    expect(webhookEventsQuery.parse({})).toEqual({ status: 'dead', page: 1, limit: 25 });
    expect(webhookEventsQuery.parse({ status: 'failed', vendor: ' stripe ', page: '2', limit: '10' })).toEqual({ status: 'failed', vendor: 'stripe', page: 2, limit: 10 });
    expect(errors(webhookEventsQuery.safeParse({ status: 'bogus', limit: '-1', page: 'abc' }))).toEqual({
      status: 'Status must be dead or failed',
      limit: 'Limit must be 1 or more',
      page: 'Page must be a number',
    });
    expect(errors(webhookEventsQuery.safeParse({ status: 'processed', limit: '500', vendor: 'Stripe Inc' }))).toEqual({
      status: 'Status must be dead or failed',
      limit: 'Limit must be at most 100',
      vendor: 'Vendor must be a vendor name such as stripe',
    });
  });

  it('is for administrators, by a browser session only (no API-key scope)', () => {
    for (const endpoint of [endpoints.listWebhookEvents, endpoints.retryWebhookEvent]) {
      expect(endpoint.access).toBe('admin');
      expect(endpoint).not.toHaveProperty('scope');
    }
  });
});
