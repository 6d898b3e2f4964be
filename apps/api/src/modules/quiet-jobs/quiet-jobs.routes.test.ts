import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietJobsState, type QuietJobsState } from '@crm/contract';
import { auditLogs } from '../../db/schema';
import { eventually } from '../../test/cable-client';
import { signInAdminCallers, type SignedIn } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let subadmin: SignedIn;
let manager: SignedIn;
let agent: SignedIn;
let kAdmin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, subadmin, manager, agent, kAdmin } = await signInAdminCallers(t));
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function state(as: SignedIn): Promise<QuietJobsState> {
  const res = await as.get('/v1/admin/quiet_jobs');
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(quietJobsState.strict().safeParse(data).success).toBe(true);
  return data;
}

async function quiet(as: SignedIn, body: unknown): Promise<QuietJobsState> {
  const res = await as.post('/v1/admin/quiet_jobs', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const lastAudit = async (event: string) =>
  (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.event, event)).orderBy(desc(auditLogs.id)).limit(1))[0];

describe('POST and GET /v1/admin/quiet_jobs', () => {
  it('is for administrators only: 403 for agents and managers', async () => {
    for (const who of [agent, manager]) {
      for (const res of [await who.get('/v1/admin/quiet_jobs'), await who.post('/v1/admin/quiet_jobs', { quiet: true, until: inMinutes(60) })]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ errors: { user: 'Access denied!' } });
      }
    }
    expect((await state(admin)).quiet).toBe(false);
  });

  it('refuses a missing, past, too distant or malformed end, and a long reason, with 422 per field', async () => {
    const errors = async (body: unknown) => {
      const res = await admin.post('/v1/admin/quiet_jobs', body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await errors({ quiet: true })).toEqual({ until: 'Choose when the quiet period ends' });
    expect(await errors({ quiet: true, until: 'tomorrow' })).toEqual({ until: 'Until must be a date and time (ISO 8601)' });
    expect(await errors({ quiet: true, until: inMinutes(-1) })).toEqual({ until: 'Choose a time in the future' });
    expect(await errors({ quiet: true, until: inMinutes(31 * 24 * 60) })).toEqual({ until: 'A quiet period ends within 30 days' });
    expect(await errors({ quiet: true, until: inMinutes(60), reason: 'x'.repeat(501) })).toEqual({ reason: 'Reason must be at most 500 characters' });
    expect(await errors({ quiet: 'yes' })).toEqual({ quiet: 'Quiet must be true or false' });
    expect((await state(admin)).quiet).toBe(false);
  });

  it("stores the company's quiet period, readable by its administrators only, and audits each change", async () => {
    const until = inMinutes(90);
    const set = await quiet(subadmin, { quiet: true, until, reason: 'Storm: offices closed' });
    expect(set).toMatchObject({ quiet: true, until, reason: 'Storm: offices closed', set_by: { id: subadmin.userId, name: 'Sam Rivera' }, held_jobs: 0 });
    expect(await state(admin)).toEqual(set);
    // another company is not quiet
    expect((await state(kAdmin)).quiet).toBe(false);
    expect(await lastAudit('quiet_jobs_started')).toMatchObject({
      userId: subadmin.userId,
      details: { company_id: subadmin.companyId, until, reason: 'Storm: offices closed' },
    });

    const resumed = await quiet(admin, { quiet: false });
    expect(resumed).toMatchObject({ quiet: false, reason: 'Storm: offices closed', set_by: { id: admin.userId, name: 'Alex Morgan' } });
    expect(new Date(resumed.until as string).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await lastAudit('quiet_jobs_ended')).toMatchObject({ userId: admin.userId, details: { company_id: admin.companyId } });
    // resuming a company that is not quiet changes nothing and audits nothing
    const before = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.event, 'quiet_jobs_ended')))[0]?.n;
    expect((await quiet(admin, { quiet: false })).quiet).toBe(false);
    const after = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.event, 'quiet_jobs_ended')))[0]?.n;
    expect(after).toBe(before);
  });
});

describe('the job queue honours a quiet period', () => {
  const sent: { company: number; word: string }[] = [];
  const imported: string[] = [];
  beforeAll(async () => {
    // a send on the company's behalf (as campaign e-mails and workflow steps will be), and a job that is not one
    t.ctx.jobs.define<{ company_id: number; word: string }>({
      name: 'test-campaign-send',
      quietFor: (data) => data.company_id,
      run: async ({ company_id, word }) => void sent.push({ company: company_id, word }),
    });
    t.ctx.jobs.define<{ word: string }>({ name: 'test-user-work', run: async ({ word }) => void imported.push(word) });
    await t.ctx.jobs.startWorkers();
  });

  const send = (companyId: number, word: string) => t.ctx.jobs.send('test-campaign-send', { company_id: companyId, word });
  const words = (companyId: number) => sent.filter((s) => s.company === companyId).map((s) => s.word);

  it("holds a quiet company's sends until an administrator resumes, then sends each once; other companies and other work go on", async () => {
    const harbor = admin.companyId;
    const keystone = kAdmin.companyId;
    await quiet(admin, { quiet: true, until: inMinutes(60) });
    await send(harbor, 'held-1');
    await send(harbor, 'held-2');
    await send(keystone, 'keystone');
    await t.ctx.jobs.send('test-user-work', { word: 'import' });
    await eventually(() => expect(words(keystone)).toEqual(['keystone']), 10_000);
    await eventually(() => expect(imported).toEqual(['import']), 10_000);
    await eventually(async () => expect((await state(admin)).held_jobs).toBe(2), 10_000);
    expect(words(harbor)).toEqual([]);

    await quiet(admin, { quiet: false });
    await eventually(() => expect(words(harbor).sort()).toEqual(['held-1', 'held-2']), 15_000);
    expect((await state(admin)).held_jobs).toBe(0);
    // a second release finds nothing more to send
    await t.ctx.jobs.releaseQuiet(harbor);
    await send(harbor, 'after');
    await eventually(() => expect(words(harbor)).toContain('after'), 10_000);
    expect(words(harbor).sort()).toEqual(['after', 'held-1', 'held-2']);
  }, 60_000);

  it('lets the held sends go when the quiet period runs out', async () => {
    const harbor = admin.companyId;
    await quiet(admin, { quiet: true, until: new Date(Date.now() + 3_000).toISOString() });
    await send(harbor, 'at-the-end');
    await eventually(async () => expect((await state(admin)).held_jobs).toBe(1), 10_000);
    expect(words(harbor)).not.toContain('at-the-end');
    await eventually(() => expect(words(harbor)).toContain('at-the-end'), 20_000);
    expect((await state(admin)).quiet).toBe(false);
  }, 40_000);

  it('does not hold or send twice a held job run again (a worker crashed after holding it)', async () => {
    const harbor = admin.companyId;
    await quiet(admin, { quiet: true, until: inMinutes(60) });
    expect(await t.ctx.quietJobs.hold(harbor, 'test-campaign-send', 'job-run-twice', { company_id: harbor, word: 'twice' })).toBe(true);
    expect(await t.ctx.quietJobs.hold(harbor, 'test-campaign-send', 'job-run-twice', { company_id: harbor, word: 'twice' })).toBe(true);
    expect((await state(admin)).held_jobs).toBe(1);
    await quiet(admin, { quiet: false });
    await eventually(() => expect(words(harbor).filter((w) => w === 'twice')).toEqual(['twice']), 15_000);
    // released, the same job run again is still not run: its release was
    expect(await t.ctx.quietJobs.hold(harbor, 'test-campaign-send', 'job-run-twice', { company_id: harbor, word: 'twice' })).toBe(true);
    // releasing again queues nothing twice
    await t.ctx.jobs.releaseQuiet(harbor);
    await send(harbor, 'marker');
    await eventually(() => expect(words(harbor)).toContain('marker'), 10_000);
    expect(words(harbor).filter((w) => w === 'twice')).toEqual(['twice']);
    const rows = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from quiet_held_jobs where job_id = 'job-run-twice' and released_at is not null`);
    expect(rows.rows[0]?.n).toBe(1);
  }, 40_000);
});
