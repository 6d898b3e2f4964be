// npm run bench:transfer [-- --contacts 250000]
//
// A transfer of the spec's largest size against the bench data set (npm run bench:generate first):
// as the bench manager over HTTP, PATCH /v1/contacts/transfer_group with 250,000 contact ids of
// their downline to one agent, and poll GET /v1/contacts/transfer_attempts/{id}/status until the
// job (workers started in this process) is done. Prints the time from the request to done,
// contacts/s and the share of the request itself; then reverts it (POST, polled the same way) so
// the data set is as before, and prints that time too.
// Target (issue): 250,000 contacts in 30 s or less.
import pg from 'pg';
import type { TransferAttempt } from '@crm/contract';
import { BENCH_COMPANY, BENCH_MANAGER_EMAIL, formatDuration, log, openBenchDatabase } from './bench-db';
import { signedInBrowser, startBenchApi, type Browser } from './bench-http';

const args = process.argv.slice(2);
const at = args.indexOf('--contacts');
const COUNT = at >= 0 ? Number(args[at + 1]) : 250_000;
const TARGET_MS = 30_000;
const POLL_MS = 200;

async function until(browser: Browser, id: number, done: (a: TransferAttempt) => boolean): Promise<TransferAttempt> {
  for (;;) {
    const res = await browser.call('GET', `/v1/contacts/transfer_attempts/${id}/status`);
    if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(res.json)}`);
    const attempt = (res.json as { data: TransferAttempt }).data;
    if (attempt.status === 'failed') throw new Error(`transfer failed: ${attempt.failure}`);
    if (done(attempt)) return attempt;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  const { app, database, base, ctx } = await startBenchApi(bench);
  try {
    const company = await client.query<{ id: number }>('select id from companies where domain_name = $1', [BENCH_COMPANY.domainName]);
    const companyId = company.rows[0]?.id;
    if (!companyId) throw new Error('No bench company: run npm run bench:generate first');
    // contacts of the manager's downline (their reach) go to the agent of that downline with the most contacts
    const tree = `with recursive tree(id) as (
        select id from users where email = $2 union select u.id from users u join tree t on u.upline_id = t.id where u.company_id = $1
      ) select id from tree`;
    const target = await client.query<{ id: number }>(
      `select owner_id as id from contacts where company_id = $1 and deleted_at is null and owner_id in (${tree}) group by owner_id order by count(*) desc limit 1`,
      [companyId, BENCH_MANAGER_EMAIL],
    );
    const toUserId = target.rows[0]?.id as number;
    const ids = (
      await client.query<{ id: number }>(
        `select id from contacts where company_id = $1 and deleted_at is null and owner_id in (${tree}) and owner_id <> $3 order by id limit $4`,
        [companyId, BENCH_MANAGER_EMAIL, toUserId, COUNT],
      )
    ).rows.map((r) => r.id);
    log(`${ids.length.toLocaleString('en-US')} contacts of the bench reach go to user ${toUserId}`);
    await ctx.jobs.startWorkers();
    const browser = await signedInBrowser(base);

    const started = Date.now();
    const res = await browser.call('PATCH', '/v1/contacts/transfer_group', { ids, user_id: toUserId });
    if (res.status !== 200) throw new Error(`transfer_group answered ${res.status}: ${JSON.stringify(res.json).slice(0, 300)}`);
    const requestMs = Date.now() - started;
    const attempt = (res.json as { data: TransferAttempt }).data;
    const done = await until(browser, attempt.id, (a) => a.status === 'done');
    const moveMs = Date.now() - started;
    log(`transfer: ${formatDuration(moveMs)} (request ${formatDuration(requestMs)}), ${done.moved_count.toLocaleString('en-US')} moved, ${Math.round(done.moved_count / (moveMs / 1000)).toLocaleString('en-US')} contacts/s`);

    const revertStarted = Date.now();
    const revert = await browser.call('POST', `/v1/contacts/transfer_attempts/${attempt.id}`);
    if (revert.status !== 200) throw new Error(`revert answered ${revert.status}`);
    await until(browser, attempt.id, (a) => a.reverted && !a.reverting);
    const revertMs = Date.now() - revertStarted;
    log(`revert: ${formatDuration(revertMs)}`);
    const back = await client.query<{ n: number }>('select count(*)::int as n from contacts where id = any($1::int[]) and owner_id = $2', [ids, toUserId]);
    log(`contacts still with user ${toUserId} after the revert: ${back.rows[0]?.n ?? 0}`);
    console.log(
      `transfer ${ids.length.toLocaleString('en-US')} contacts: ${formatDuration(moveMs)}, revert ${formatDuration(revertMs)} — ${moveMs <= TARGET_MS ? 'PASS' : 'NOT MET'} (target ≤ ${TARGET_MS / 1000} s)`,
    );
    // a move and its revert leave a dead version of every contact moved: the next benchmark starts from the same state
    const vacuumStarted = Date.now();
    await client.query('vacuum (analyze) contacts, transfer_logs');
    log(`VACUUM ANALYZE of the touched tables in ${formatDuration(Date.now() - vacuumStarted)}`);
  } finally {
    await ctx.jobs.stop();
    await app.close();
    await database.close();
    await client.end();
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
