// npm run bench:throughput [-- --seconds 10]
//
// Requests per second of a bare Node server, GET /v1/health, GET /v1/users/me and the contact
// list's first page (PATCH /v1/contacts, the screen's 100 rows) for the bench agent with the
// biggest book, at 20 and 100 connections, each against the bare server of the same run (issue
// 19: health ≥ 40 % of bare Node, users/me ≥ 25 % of health, the first page ≥ 150 req/s at 20).
import { sql } from 'drizzle-orm';
import { CONTACTS_LIST_PAGE_SIZE } from '@crm/contract';
import { connect } from '../../apps/api/src/db/database';
import { BENCH_COMPANY, log, openBenchDatabase } from './bench-db';
import { freePort, signedInBrowser, spawnBenchApi } from './bench-http';
import { fmt, load, pct, spawnBareServer, type LoadResult } from './load';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1] ?? 10) || 10;
const TARGETS = { healthOfBare: 0.4, meOfHealth: 0.25, listAt20: 150 };

const bench = await openBenchDatabase();
const db = connect(bench.url);
const [biggest] = (
  await db.db.execute<{ email: string; contacts: number }>(sql`
    select u.email, count(*)::int as contacts from contacts c join users u on u.id = c.owner_id join companies co on co.id = c.company_id
    where co.name = ${BENCH_COMPANY.name} and c.deleted_at is null and u.email like 'agent%' group by u.email order by 2 desc limit 1`)
).rows;
await db.close();
if (!biggest) throw new Error('No bench agent with contacts: run npm run bench:generate first');

const bare = await spawnBareServer(await freePort());
const api = await spawnBenchApi(bench);
const agent = await signedInBrowser(api.base, biggest.email);
const session = agent.headers();
log(`${biggest.email} owns ${biggest.contacts.toLocaleString('en-US')} contacts; ${SECONDS} s per run`);

const runs = {
  'bare Node': (connections: number) => load({ url: bare.url, connections, seconds: SECONDS }),
  'GET /v1/health': (connections: number) => load({ url: `${api.base}/v1/health`, connections, seconds: SECONDS }),
  'GET /v1/users/me': (connections: number) => load({ url: `${api.base}/v1/users/me`, connections, seconds: SECONDS, headers: session }),
  [`PATCH /v1/contacts (first ${CONTACTS_LIST_PAGE_SIZE})`]: (connections: number) =>
    load({
      url: `${api.base}/v1/contacts`,
      connections,
      seconds: SECONDS,
      method: 'PATCH',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ contacts_scope: { limit: CONTACTS_LIST_PAGE_SIZE } }),
    }),
};

const results = new Map<string, LoadResult>();
for (const connections of [20, 100]) {
  await load({ url: `${api.base}/v1/users/me`, connections, seconds: 2, headers: session }); // warm-up
  for (const [name, run] of Object.entries(runs)) {
    const result = await run(connections);
    results.set(`${name}@${connections}`, result);
    log(
      `${String(connections).padStart(3)} conns  ${name.padEnd(32)} ${fmt(result.rps, 0).padStart(7)} req/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  errors ${result.errors}  non-2xx ${result.non2xx}`,
    );
  }
}

const rps = (name: string, connections: number) => results.get(`${name}@${connections}`)?.rps ?? 0;
for (const connections of [20, 100]) {
  const bareRps = rps('bare Node', connections);
  const health = rps('GET /v1/health', connections);
  const me = rps('GET /v1/users/me', connections);
  const list = rps(`PATCH /v1/contacts (first ${CONTACTS_LIST_PAGE_SIZE})`, connections);
  log(`${connections} connections: health ${pct(health, bareRps)} of bare Node (target ≥ ${TARGETS.healthOfBare * 100} %), users/me ${pct(me, health)} of health (target ≥ ${TARGETS.meOfHealth * 100} %), first page ${fmt(list, 0)} req/s${connections === 20 ? ` (target ≥ ${TARGETS.listAt20})` : ''}`);
}
const pass =
  rps('GET /v1/health', 20) >= TARGETS.healthOfBare * rps('bare Node', 20) &&
  rps('GET /v1/users/me', 20) >= TARGETS.meOfHealth * rps('GET /v1/health', 20) &&
  rps(`PATCH /v1/contacts (first ${CONTACTS_LIST_PAGE_SIZE})`, 20) >= TARGETS.listAt20;
log(`throughput targets at 20 connections: ${pass ? 'PASS' : 'FAIL'}`);

await api.stop();
await bare.stop();
await bench.close();
