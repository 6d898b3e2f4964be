// npm run bench:agents [-- --seconds 15] [-- --steps 50,100,200,300,400,500,600,800] [-- --only list]
// (--only: every action of that kind, to measure one kind's CPU per action; not the issue's mix)
//
// Simulated agents against the bench company (issue 19: ≥ 500 agents at p95 ≤ 100 ms, no errors),
// sending what browsers send (issue 28): each has its own session, asks for gzip, deflate or br
// (Accept-Encoding, as every browser does) and does one action a second, in a mix of 30 % the
// contact list's first page, 20 % a search by surname, 30 % opening one of their contacts, 10 %
// adding a note to it, 10 % creating a contact. The surnames searched are those of random
// contacts of the agent's own book (agents search the names they meet), so common surnames come up
// as often as they are in the book (Smith matches about 200 of an agent's 20,000 contacts: a full page)
// and rare ones as rarely. Agents act independently, each on its own beat within the second (as
// people do: an earlier version had every agent fire on the same tick, so each second began with a
// burst of all of them at once and the p95 measured the burst's queue); an agent whose answer takes
// longer than its beat goes on when it comes, as a person waits. The number of agents steps up
// until p95 passes 100 ms or a request fails; the most agents held is printed, and each action's
// p95 at every step. A step is measured once its agents are all at work: each begins with
// LEAD_IN_SECONDS at the same load whose times are not counted, so that a step's figure is the load
// it holds. Agents keep their keep-alive connections from step to step, as browsers do.
//
// Each step also prints what it cost: CPU milliseconds per action of the API process and of the
// embedded PostgreSQL (postmaster and backends, from /proc/<pid>/stat), the bytes an action's answer
// took on the wire, and the client's own CPU and event-loop lag. A step whose client was starved
// (its event loop ran late, or it used most of a core) is marked invalid rather than counted as
// the server's: its times are the client's queue as much as the server's. Bare Node's requests per
// second on this machine are printed beside the result, so that runs on slower machines compare.
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { Agent as HttpAgent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CONTACTS_LIST_PAGE_SIZE } from '@crm/contract';
import { connect } from '../../apps/api/src/db/database';
import { BENCH_COMPANY, BENCH_DATA_DIR, log, openBenchDatabase } from './bench-db';
import { freePort, signedInBrowser, spawnBenchApi, type Browser } from './bench-http';
import { fmt, load, spawnBareServer } from './load';
import { postmasterPid, processCpuMs, treeCpuMs, watchClient, type ClientHealth } from './process-cpu';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const SECONDS = Number(option('seconds', '15'));
const STEPS = option('steps', '50,100,200,300,400,500,600,800').split(',').map(Number);
const TARGET_P95_MS = 100;
const LEAD_IN_SECONDS = 3;
const TARGET_AGENTS = 500;
/** What browsers send (Chromium, Firefox and Safari all ask for these three). */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** The surnames an agent searches: those of this many random contacts of their book (a name comes up as often as it is there). */
const SURNAMES_MET = 200;
/** The client is starved when its event loop runs this late (p99) or it uses this much of its one core: the step's times are then its own as much as the server's. */
const STARVED_LAG_P99_MS = 20;
const STARVED_CPU_PERCENT = 80;
/** An invalid step (starved client) is run again this many times before the run stops there. */
const INVALID_RETRIES = 2;

type SimulatedAgent = { headers: Record<string, string>; contactIds: number[]; surnames: string[] };
type Action = { name: ActionName; method: 'GET' | 'PATCH' | 'POST'; path: string; body?: unknown };
type ActionName = 'list' | 'search' | 'open' | 'note' | 'create';
/** Ten actions in a row: 3 list, 2 search, 3 open, 1 note, 1 create (30/20/30/10/10 %), spread out; each agent starts at its own place in it. */
const MIX: ActionName[] = ['list', 'open', 'search', 'list', 'open', 'note', 'list', 'open', 'search', 'create'];
const ONLY = option('only', '') as ActionName | '';
if (ONLY && !MIX.includes(ONLY)) throw new Error(`--only takes one of ${[...new Set(MIX)].join(', ')}`);
const CYCLE: ActionName[] = ONLY ? [ONLY] : MIX;

const bench = await openBenchDatabase();
const db = connect(bench.url);
// ids: 20 contacts of the book to open and annotate; surnames: those of SURNAMES_MET random contacts
// (the same ones each run: ordered by a digest of the id), repeats kept so that common names weigh more
const books = (
  await db.db.execute<{ email: string; ids: number[]; surnames: string[] }>(sql`
    select u.email,
      (select array_agg(id) from (select c.id from contacts c where c.owner_id = u.id and c.deleted_at is null order by md5(c.id::text) limit 20) ids) as ids,
      (select array_agg(last_name) from (select c.last_name from contacts c where c.owner_id = u.id and c.deleted_at is null order by md5('surname' || c.id) limit ${SURNAMES_MET}) met) as surnames
    from users u join companies co on co.id = u.company_id
    where co.name = ${BENCH_COMPANY.name} and u.email like 'agent%'
      and exists (select 1 from contacts c where c.owner_id = u.id and c.deleted_at is null)
    order by u.email`)
).rows;
await db.close();
if (!books.length) throw new Error('No bench agents with contacts: run npm run bench:generate first');
{
  const counts = new Map<string, number>();
  for (const name of books.flatMap((b) => b.surnames)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const total = books.reduce((n, b) => n + b.surnames.length, 0);
  log(`surnames searched: ${counts.size} different of ${total} met; most met: ${top.map(([name, n]) => `${name} ${fmt((100 * n) / total)} %`).join(', ')}`);
}

// bare Node on this machine now: the yardstick for comparing runs on other machines
const bare = await spawnBareServer(await freePort());
const bareRun = await load({ url: bare.url, connections: 20, seconds: 5 });
await bare.stop();
log(`bare Node on this machine: ${fmt(bareRun.rps, 0)} req/s (20 connections, 5 s; load average ${loadavg().map((n) => fmt(n)).join(' ')})`);

const api = await spawnBenchApi(bench);
const postgres = bench.embedded ? postmasterPid(join(BENCH_DATA_DIR, 'pg')) : null;
if (!postgres) log('PostgreSQL is not the embedded one: its CPU per action is not measured');
const agents: SimulatedAgent[] = [];
const most = Math.max(...STEPS);
// Each simulated agent has a session of their own. A sign-in hashes the password (argon2, held to a
// fifth of a core by the API), which for hundreds of sessions on a busy machine took many minutes:
// each bench agent signs in once, as the web app does, and the further sessions of that agent are
// made beside it in the sessions table (what a sign-in writes, with a token of their own).
log(`signing in the ${books.length} bench agents, and ${Math.max(0, most - books.length)} more sessions of theirs…`);
const signedIn: Browser[] = [];
for (const book of books) signedIn.push(await signedInBrowser(api.base, book.email));
const extra = Array.from({ length: Math.max(0, most - books.length) }, (_, i) => ({ of: i % books.length, token: randomBytes(32).toString('base64url') }));
if (extra.length) {
  const copier = connect(bench.url);
  const tokenOf = (browser: Browser) => /(?:^|; )crm_session=([^;]+)/.exec(browser.headers().cookie)?.[1] ?? '';
  await copier.db.execute(sql`insert into sessions (user_id, token_digest, ip, user_agent, expires_at, reauthenticated_at)
    select s.user_id, n.digest, s.ip, s.user_agent, s.expires_at, s.reauthenticated_at
    from unnest(${sql.param(extra.map((e) => sha256(tokenOf(signedIn[e.of]!))))}::text[], ${sql.param(extra.map((e) => sha256(e.token)))}::text[]) as n(of_digest, digest)
    join sessions s on s.token_digest = n.of_digest`);
  await copier.close();
}
for (let i = 0; i < most; i += 1) {
  const book = books[i % books.length] as (typeof books)[number];
  const headers = signedIn[i % books.length]!.headers();
  const own = i < books.length ? headers : { ...headers, cookie: headers.cookie.replace(/(^|; )crm_session=[^;]+/, `$1crm_session=${extra[i - books.length]!.token}`) };
  agents.push({ headers: { ...own, 'accept-encoding': ACCEPT_ENCODING }, contactIds: book.ids.map(Number), surnames: book.surnames });
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
let serial = 0;
/** An agent's n-th action: the cycle's, on the agent's own contacts and the surnames they met. */
function actionOf(agent: SimulatedAgent, n: number): Action {
  switch (CYCLE[n % CYCLE.length]) {
    case 'list':
      return { name: 'list', method: 'PATCH', path: '/v1/contacts', body: { contacts_scope: { limit: CONTACTS_LIST_PAGE_SIZE } } };
    case 'search':
      return { name: 'search', method: 'PATCH', path: '/v1/contacts', body: { contacts_scope: { q: pick(agent.surnames), limit: CONTACTS_LIST_PAGE_SIZE } } };
    case 'open':
      return { name: 'open', method: 'GET', path: `/v1/contacts/${pick(agent.contactIds)}` };
    case 'note':
      return { name: 'note', method: 'POST', path: `/v1/contacts/${pick(agent.contactIds)}/notes`, body: { body: 'Called, left a voicemail; try again Thursday.' } };
    default:
      return { name: 'create', method: 'POST', path: '/v1/contacts', body: { first_name: 'Bench', last_name: `Walkin${(serial += 1)}`, category: 'lead' } };
  }
}

type Answer = { status: string; bytes: number; encoding: string };

/** One request on the step's keep-alive connections; its status once the whole answer has arrived, and the bytes it took (as sent: compressed). */
function send(agent: HttpAgent, action: Action, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${api.base}${action.path}`, { agent, method: action.method, headers, timeout: 30_000 }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => void (bytes += chunk.length));
      answer.on('end', () => resolve({ status: String(answer.statusCode), bytes, encoding: String(answer.headers['content-encoding'] ?? 'identity') }));
      answer.on('error', reject);
    });
    sent.on('timeout', () => sent.destroy(new Error('timed out')));
    sent.on('error', reject);
    sent.end(action.body === undefined ? undefined : JSON.stringify(action.body));
  });
}

type StepResult = {
  times: Map<string, number[]>;
  bytes: Map<string, number>;
  encodings: Record<string, number>;
  errors: number;
  statuses: Record<string, number>;
  /** Actions answered in the counted span, and the CPU the API and PostgreSQL used over it. */
  actions: number;
  apiCpuMs: number;
  pgCpuMs: number | null;
  client: ClientHealth;
};

/** One keep-alive connection for each agent, kept from step to step. */
const dispatcher = new HttpAgent({ keepAlive: true, maxSockets: agents.length });

/**
 * `count` agents for `leadIn` + `seconds`, each on its own beat (a random phase within the second);
 * the answers of the lead-in are not counted, nor is the CPU used then.
 */
async function runStep(count: number, seconds: number, leadIn = 0): Promise<StepResult> {
  const result: StepResult = { times: new Map(), bytes: new Map(), encodings: {}, errors: 0, statuses: {}, actions: 0, apiCpuMs: 0, pgCpuMs: null, client: { cpuPercent: 0, lagP99: 0, lagMax: 0 } };
  const started = performance.now();
  const counted = started + leadIn * 1000;
  const until = counted + seconds * 1000;
  const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
  let cpuAtStart: { api: number; pg: number | null; client: ReturnType<typeof watchClient> } | null = null;
  const startCounting = setTimeout(() => (cpuAtStart = { api: processCpuMs(api.pid), pg: postgres ? treeCpuMs(postgres) : null, client: watchClient() }), Math.max(0, counted - performance.now()));
  await Promise.all(
    agents.slice(0, count).map(async (agent, index) => {
      let beat = started + Math.random() * 1000;
      for (let n = index; ; n += 1) {
        await sleepUntil(beat);
        if (performance.now() >= until) return;
        const action = actionOf(agent, n);
        const headers: Record<string, string> = { ...agent.headers };
        if (action.body !== undefined) headers['content-type'] = 'application/json';
        const sent = performance.now();
        const answer = await send(dispatcher, action, headers).catch(() => undefined);
        beat += 1000;
        if (sent < counted) continue;
        const took = performance.now() - sent;
        if (answer === undefined) result.errors += 1;
        else {
          result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
          result.bytes.set(action.name, (result.bytes.get(action.name) ?? 0) + answer.bytes);
          result.encodings[answer.encoding] = (result.encodings[answer.encoding] ?? 0) + 1;
        }
        const times = result.times.get(action.name) ?? [];
        times.push(took);
        result.times.set(action.name, times);
      }
    }),
  );
  clearTimeout(startCounting);
  const start = cpuAtStart as { api: number; pg: number | null; client: ReturnType<typeof watchClient> } | null;
  if (start) {
    result.client = start.client.stop();
    result.apiCpuMs = processCpuMs(api.pid) - start.api;
    result.pgCpuMs = postgres && start.pg !== null ? treeCpuMs(postgres) - start.pg : null;
  }
  result.actions = [...result.times.values()].reduce((n, t) => n + t.length, 0);
  return result;
}

const p95Of = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
};

type Verdict = 'held' | 'not held' | 'invalid';
const summary: string[] = [];
let held = 0;
await runStep(Math.min(STEPS[0] ?? 50, agents.length), 5); // warm-up at the first step's size: connections, prepared statements, JIT
steps: for (const count of STEPS) {
  for (let attempt = 0; ; attempt += 1) {
    const { times, bytes, encodings, errors, statuses, actions, apiCpuMs, pgCpuMs, client } = await runStep(count, SECONDS, LEAD_IN_SECONDS);
    const all = [...times.values()].flat().sort((a, b) => a - b);
    const at = (p: number) => all[Math.min(all.length - 1, Math.floor(p * all.length))] ?? 0;
    const non2xx = Object.entries(statuses).reduce((sum, [status, n]) => sum + (status.startsWith('2') ? 0 : n), 0);
    const starved = client.lagP99 > STARVED_LAG_P99_MS || client.cpuPercent > STARVED_CPU_PERCENT;
    const verdict: Verdict = errors || non2xx ? 'not held' : starved ? 'invalid' : at(0.95) <= TARGET_P95_MS ? 'held' : 'not held';
    const perAction = (ms: number | null) => (ms === null ? 'n/a' : fmt(ms / Math.max(1, actions), 2));
    const line =
      `${String(count).padStart(4)} agents  ${fmt(all.length / SECONDS, 0).padStart(5)} req/s  p50 ${fmt(at(0.5))} ms  p95 ${fmt(at(0.95))} ms  p99 ${fmt(at(0.99))} ms  errors ${errors}  non-2xx ${non2xx}  ` +
      `CPU/action: API ${perAction(apiCpuMs)} ms, PostgreSQL ${perAction(pgCpuMs)} ms  ${verdict}${verdict === 'invalid' ? ' (client starved)' : ''}`;
    log(line);
    log(`        p95 by action: ${[...times].map(([name, t]) => `${name} ${fmt(p95Of(t))} ms`).join(', ')}`);
    log(`        bytes per answer: ${[...times].map(([name, t]) => `${name} ${fmt((bytes.get(name) ?? 0) / Math.max(1, t.length) / 1024)} kB`).join(', ')}; encodings ${JSON.stringify(encodings)}`);
    log(`        client: CPU ${fmt(client.cpuPercent, 0)} % of a core, event-loop lag p99 ${fmt(client.lagP99)} ms (max ${fmt(client.lagMax)}); load average ${loadavg().map((n) => fmt(n)).join(' ')}`);
    if (non2xx) log(`answers by status: ${JSON.stringify(statuses)}`);
    summary.push(line);
    if (verdict === 'held') {
      held = count;
      break;
    }
    if (verdict === 'not held') break steps;
    if (attempt >= INVALID_RETRIES) {
      log(`the client was starved ${attempt + 1} times at ${count} agents: the run stops here, its result is a lower bound`);
      break steps;
    }
  }
}
log(`bare Node on this machine: ${fmt(bareRun.rps, 0)} req/s (the API's figures scale with it)`);
for (const line of summary) log(`  ${line}`);
log(
  `most agents held at p95 ≤ ${TARGET_P95_MS} ms with no errors: ${held} (target ≥ ${TARGET_AGENTS}): ${held >= TARGET_AGENTS ? 'PASS' : 'FAIL'} (bare Node ${fmt(bareRun.rps, 0)} req/s)`,
);

dispatcher.destroy();
await api.stop();
await bench.close();
