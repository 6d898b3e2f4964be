import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ImportAttempt } from '@crm/contract';
import { applyAttemptMessage, attemptCounts, importKeys, laterAttempt } from './import-queries';

const attempt = (id: number, over: Partial<ImportAttempt> = {}): ImportAttempt => ({
  id,
  file_name: `file-${id}.csv`,
  category: 'lead',
  status: 'processing',
  interrupted: false,
  progress: 10,
  processed_rows: 100,
  imported_count: 90,
  skipped_count: 5,
  error_count: 5,
  updated_count: 0,
  warning_count: 12,
  failure: null,
  user: { id: 1, name: 'Ann Agent' },
  owner: { id: 1, name: 'Ann Agent' },
  api_vendor: null,
  lead_type: null,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  finished_at: null,
  ...over,
});
const page = (data: ImportAttempt[], current = 1) => ({ data, meta: { current_page: current, limit: 3, total_count: 9, total_pages: 3 } });

describe('applyAttemptMessage (a live message on the contacts-import channel)', () => {
  it('replaces the attempt with its id in place, in every loaded page that holds it', () => {
    const client = new QueryClient();
    client.setQueryData(importKeys.attempts('mine', 1), page([attempt(3), attempt(2), attempt(1)]));
    client.setQueryData(importKeys.attempts('all', 2), page([attempt(2), attempt(0)], 2));
    applyAttemptMessage(client, attempt(2, { progress: 64, processed_rows: 640 }));
    expect(client.getQueryData<ReturnType<typeof page>>(importKeys.attempts('mine', 1))?.data.map((a) => [a.id, a.progress])).toEqual([
      [3, 10],
      [2, 64],
      [1, 10],
    ]);
    expect(client.getQueryData<ReturnType<typeof page>>(importKeys.attempts('all', 2))?.data.map((a) => [a.id, a.progress])).toEqual([
      [2, 64],
      [0, 10],
    ]);
  });

  it('puts an attempt it has not seen on top of the first page only, keeping the page size', () => {
    const client = new QueryClient();
    client.setQueryData(importKeys.attempts('mine', 1), page([attempt(3), attempt(2), attempt(1)]));
    client.setQueryData(importKeys.attempts('mine', 2), page([attempt(0)], 2));
    applyAttemptMessage(client, attempt(4, { status: 'queued' }));
    expect(client.getQueryData<ReturnType<typeof page>>(importKeys.attempts('mine', 1))?.data.map((a) => a.id)).toEqual([4, 3, 2]);
    expect(client.getQueryData<ReturnType<typeof page>>(importKeys.attempts('mine', 2))?.data.map((a) => a.id)).toEqual([0]);
  });

  it('keeps a later state than the one that comes: the answer that queued an import can arrive after the import ended', () => {
    const client = new QueryClient();
    const done = attempt(5, { status: 'completed', progress: 100, updated_at: '2026-11-22T10:00:01.000Z' });
    client.setQueryData(importKeys.attempts('mine', 1), page([done]));
    applyAttemptMessage(client, attempt(5, { status: 'queued', progress: 0 }));
    expect(client.getQueryData<ReturnType<typeof page>>(importKeys.attempts('mine', 1))?.data[0]).toEqual(done);
  });
});

describe('laterAttempt', () => {
  it('orders states of one attempt by updated_at, then status, then progress', () => {
    const queued = attempt(1, { status: 'queued', progress: 0 });
    const processing = attempt(1, { status: 'processing', progress: 40 });
    const completed = attempt(1, { status: 'completed', progress: 100, updated_at: '2026-11-22T10:00:02.000Z' });
    const retried = attempt(1, { status: 'queued', progress: 0, updated_at: '2026-11-22T10:05:00.000Z' });
    expect(laterAttempt(queued, processing)).toBe(processing);
    expect(laterAttempt(processing, queued)).toBe(processing);
    expect(laterAttempt(attempt(1, { progress: 60 }), processing).progress).toBe(60);
    expect(laterAttempt(queued, completed)).toBe(completed);
    // a retried attempt is queued again, later
    expect(laterAttempt(retried, completed)).toBe(retried);
    expect(laterAttempt(queued, undefined)).toBe(queued);
  });
});

describe('attemptCounts (the attempt summary)', () => {
  it('says the contacts updated by a Contact ID column only when there are some, the warnings after what they count', () => {
    expect(attemptCounts(attempt(1, { imported_count: 1200, warning_count: 12 }))).toEqual(['1,200 imported (12 with warnings)', '5 skipped', '5 refused']);
    expect(attemptCounts(attempt(1, { imported_count: 0, updated_count: 7, warning_count: 2 }))).toEqual(['0 imported', '7 updated (2 with warnings)', '5 skipped', '5 refused']);
    expect(attemptCounts(attempt(1, { updated_count: 3, warning_count: 0 }))).toEqual(['90 imported', '3 updated', '5 skipped', '5 refused']);
  });
});
