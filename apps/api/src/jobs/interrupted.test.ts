import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, signInCast, type Cast } from '../test/contact-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let as: Cast;
beforeAll(async () => {
  // no worker runs in this process: the job's runs are staged in the queue's tables as a worker leaves them
  t = await createTestApp();
  as = await signInCast(t);
});
afterAll(() => t.close());

const printStatus = async (jid: string) => {
  const res = await as.agent.patch('/v1/contacts/batch_print_status', { jid });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; interrupted: boolean };
};

describe('a job whose worker stopped says so ("interrupted — will resume") within the heartbeat window', () => {
  it('a run taken by a worker that stopped beating is interrupted; beating again, it is not; a run waiting for its next try is', async () => {
    const contact = await createContact(as.agent, { first_name: 'Ida', last_name: 'Interrupted' });
    const started = await as.agent.post('/v1/contacts/batch_print', { ids: [contact.id] });
    expect(started.statusCode, started.body).toBe(200);
    const { jid } = started.json().data as { jid: string };
    // queued, no worker has taken it: waiting, not interrupted
    expect(await printStatus(jid)).toMatchObject({ status: 'queued', interrupted: false });

    // a worker takes it (active, leased) and beats
    const job = await t.ctx.db.execute<{ id: string }>(sql`update pgboss.job set state = 'active', started_on = now() where data ->> 'jid' = ${jid} returning id`);
    const jobId = String(job.rows[0]?.id);
    await t.ctx.jobWorkers.beat({ id: 'worker-a', host: 'here', pid: 1, queues: ['contacts-batch-print'] });
    await t.ctx.jobWorkers.lease(jobId, 'contacts-batch-print', 'worker-a');
    expect((await printStatus(jid)).interrupted).toBe(false);

    // its process is killed: no beat for longer than the stale window (30 s)
    await t.ctx.db.execute(sql`update job_workers set last_seen_at = now() - interval '31 seconds' where id = 'worker-a'`);
    expect((await printStatus(jid)).interrupted).toBe(true);

    // the orphan check failed it and it waits for its next try: still interrupted, it will resume
    await t.ctx.db.execute(sql`update pgboss.job set state = 'retry' where id = ${jobId}::uuid`);
    await t.ctx.jobWorkers.release(jobId);
    expect((await printStatus(jid)).interrupted).toBe(true);

    // another worker takes it again and beats: running, not interrupted
    await t.ctx.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${jobId}::uuid`);
    await t.ctx.jobWorkers.beat({ id: 'worker-b', host: 'there', pid: 2, queues: ['contacts-batch-print'] });
    await t.ctx.jobWorkers.lease(jobId, 'contacts-batch-print', 'worker-b');
    expect((await printStatus(jid)).interrupted).toBe(false);
  });
});
