// npm run bench:dashboard [-- --rounds 20] [-- --explain] [-- --manager EMAIL]
//
// The dashboard's queries (PATCH /v1/dashboard) against the bench data set (npm run bench:generate
// first): for the bench manager (a downline of a million contacts), one agent below them and the
// company as an administrator sees it, each card's reads through the dashboard repository, timed
// over --rounds rounds after a warm-up (p50, p95, max). Birthdays are asked for today and for Dec
// 25 (a window across the year end, two ranges of the index). --explain prints EXPLAIN (ANALYZE,
// BUFFERS) of each statement of the first round. SQL only: the HTTP layer adds what the contact
// list's benchmark measures.
import { performance } from 'node:perf_hooks';
import { connect } from '../../apps/api/src/db/database';
import type { Reach } from '../../apps/api/src/modules/contacts/contact-reach';
import { birthdayWindow, turning65Window, weekStart } from '../../apps/api/src/modules/dashboard/dashboard-dates';
import { createDashboardRepository } from '../../apps/api/src/modules/dashboard/dashboard.repository';
import { BENCH_MANAGER_EMAIL, log, openBenchDatabase } from './bench-db';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const ROUNDS = Number(option('rounds', '20'));
const MANAGER = option('manager', BENCH_MANAGER_EMAIL);
const EXPLAIN = args.includes('--explain');

const bench = await openBenchDatabase();
const database = connect(bench.url);
const { db } = database;
const pool = db.$client;

const manager = (await pool.query<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [MANAGER])).rows[0];
if (!manager) throw new Error(`No bench manager (${MANAGER}): run npm run bench:generate first`);
// the agent below the manager with the most contacts
const agent = (
  await pool.query<{ owner_id: number }>(
    `select owner_id from contacts where company_id = $1 and deleted_at is null and owner_id <> $2 group by owner_id order by count(*) desc limit 1`,
    [manager.company_id, manager.id],
  )
).rows[0];
if (!agent) throw new Error('The bench company has no contacts: run npm run bench:generate first');

const reaches: Record<string, Reach> = {
  manager: { kind: 'downline', companyId: manager.company_id, userId: manager.id },
  agent: { kind: 'own', companyId: manager.company_id, userId: agent.owner_id },
  admin: { kind: 'company', companyId: manager.company_id, userId: manager.id },
};
const repo = createDashboardRepository(db);
const today = new Date().toISOString().slice(0, 10);
const page = { limit: 10, offset: 0 };
const turning = turning65Window(today, 3);
const monday = new Date(`${weekStart(today)}T00:00:00Z`);

// the statements of one call, for --explain
let captured: { text: string; values: unknown[] }[] | null = null;
const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
  if (captured && typeof config === 'object' && config !== null && 'text' in config)
    captured.push({ text: (config as { text: string }).text, values: (values as unknown[]) ?? (config as { values?: unknown[] }).values ?? [] });
  else if (captured && typeof config === 'string') captured.push({ text: config, values: (values as unknown[]) ?? [] });
  return query(config, values, ...rest);
};

const shapes: [string, (reach: Reach) => Promise<unknown>][] = [
  ['client birthdays, today', (reach) => repo.birthdays(reach, 'client', birthdayWindow(today, 14).segments, page)],
  ['prospect birthdays, Dec 25', (reach) => repo.birthdays(reach, 'prospect', birthdayWindow(`${today.slice(0, 4)}-12-25`, 14).segments, page)],
  ['client birthdays, page 20 of 50', (reach) => repo.birthdays(reach, 'client', birthdayWindow(today, 14).segments, { limit: 50, offset: 950 })],
  ['turning 65', (reach) => repo.bornBetween(reach, turning.bornFrom, turning.bornTo, page)],
  ['new leads this week', (reach) => repo.leadsSince(reach, monday, page)],
  ['contacts by category', (reach) => repo.countByCategory(reach)],
  ['in progress', (reach) => Promise.all([repo.importsInProgress(reach.userId, 10), repo.transfersInProgress(reach.userId, 10)])],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
log(`${ROUNDS} rounds per shape; manager ${manager.id}, agent ${agent.owner_id}, company ${manager.company_id}`);
for (const [who, reach] of Object.entries(reaches)) {
  for (const [name, run] of shapes) {
    await run(reach); // warm-up
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      captured = EXPLAIN && round === 0 ? [] : null;
      const started = performance.now();
      await run(reach);
      times.push(performance.now() - started);
      if (captured) {
        const statements = captured;
        captured = null;
        for (const statement of statements) {
          const plan = (await query(`explain (analyze, buffers) ${statement.text}`, statement.values)) as { rows: Record<string, string>[] };
          console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
      }
    }
    times.sort((a, b) => a - b);
    log(`${`${who}: ${name}`.padEnd(44)} p50 ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms  max ${(times.at(-1) as number).toFixed(1)} ms`);
  }
}
await database.close();
await bench.close();
