// npm run bench:agents [-- --seconds 15] [-- --steps 50,100,200,300,400,500,600,800]
//
// Simulated agents against the bench company (issue 19: ≥ 500 agents at p95 ≤ 100 ms, no errors):
// each is one connection with its own session, doing one action a second in turn — the contact
// list's first page, a search by surname, opening one of their contacts, adding a note to it,
// creating a contact. The number of agents steps up until p95 passes 100 ms or a request fails;
// the most agents held is printed.
import { sql } from 'drizzle-orm';
import type autocannon from 'autocannon';
import { CONTACTS_LIST_PAGE_SIZE } from '@crm/contract';
import { connect } from '../../apps/api/src/db/database';
import { BENCH_COMPANY, log, openBenchDatabase } from './bench-db';
import { signedInBrowser, spawnBenchApi } from './bench-http';
import { fmt, load } from './load';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const SECONDS = Number(option('seconds', '15'));
const STEPS = option('steps', '50,100,200,300,400,500,600,800').split(',').map(Number);
const TARGET_P95_MS = 100;
const TARGET_AGENTS = 500;

type Agent = { headers: Record<string, string>; contactIds: number[]; surnames: string[] };

const bench = await openBenchDatabase();
const db = connect(bench.url);
const books = (
  await db.db.execute<{ email: string; ids: number[]; surnames: string[] }>(sql`
    select u.email, (array_agg(c.id order by c.id))[1:20] as ids, (array_agg(distinct c.last_name))[1:10] as surnames
    from users u join companies co on co.id = u.company_id join contacts c on c.owner_id = u.id and c.deleted_at is null
    where co.name = ${BENCH_COMPANY.name} and u.email like 'agent%' group by u.email order by u.email`)
).rows;
await db.close();
if (!books.length) throw new Error('No bench agents with contacts: run npm run bench:generate first');

const api = await spawnBenchApi(bench, undefined, { env: { SIGN_INS_PER_IP: '1000000', SIGN_INS_PER_ACCOUNT: '1000000' } });
const agents: Agent[] = [];
const most = Math.max(...STEPS);
log(`signing in ${most} sessions over the ${books.length} bench agents…`);
for (let i = 0; i < most; i += 1) {
  const book = books[i % books.length] as (typeof books)[number];
  const browser = await signedInBrowser(api.base, book.email);
  agents.push({ headers: { ...browser.headers(), 'content-type': 'application/json' }, contactIds: book.ids.map(Number), surnames: book.surnames });
}

/** One agent's actions, in turn; each picks its own contact, surname and names. */
let nextAgent = 0;
let serial = 0;
const agentOf = (context: Record<string, unknown>) => (context.agent ??= agents[nextAgent++ % agents.length]) as Agent;
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
const action = (build: (agent: Agent) => Omit<autocannon.Request, 'setupRequest'>): autocannon.Request => ({
  setupRequest: (request, context) => {
    const agent = agentOf(context as Record<string, unknown>);
    const built = build(agent);
    // a GET carries no body, so no content type either (Fastify refuses an empty JSON body)
    const headers = built.method === 'GET' ? { cookie: agent.headers.cookie } : agent.headers;
    return { ...request, ...built, headers };
  },
});
const requests: autocannon.Request[] = [
  action(() => ({ method: 'PATCH', path: '/v1/contacts', body: JSON.stringify({ contacts_scope: { limit: CONTACTS_LIST_PAGE_SIZE } }) })),
  action((a) => ({ method: 'PATCH', path: '/v1/contacts', body: JSON.stringify({ contacts_scope: { q: pick(a.surnames), limit: CONTACTS_LIST_PAGE_SIZE } }) })),
  action((a) => ({ method: 'GET', path: `/v1/contacts/${pick(a.contactIds)}`, body: undefined })),
  action((a) => ({ method: 'POST', path: `/v1/contacts/${pick(a.contactIds)}/notes`, body: JSON.stringify({ body: 'Called, left a voicemail; try again Thursday.' }) })),
  action(() => ({ method: 'POST', path: '/v1/contacts', body: JSON.stringify({ first_name: 'Bench', last_name: `Walkin${(serial += 1)}`, category: 'lead' }) })),
];

let held = 0;
for (const count of STEPS) {
  nextAgent = 0;
  const result = await load({ url: api.base, connections: count, seconds: SECONDS, connectionRate: 1, requests, context: () => ({}) });
  const ok = result.p95 <= TARGET_P95_MS && result.errors === 0 && result.non2xx === 0;
  log(`${String(count).padStart(4)} agents  ${fmt(result.rps, 0).padStart(5)} req/s  p50 ${fmt(result.p50)} ms  p95 ${fmt(result.p95)} ms  p99 ${fmt(result.p99)} ms  errors ${result.errors}  non-2xx ${result.non2xx}  ${ok ? 'held' : 'not held'}`);
  if (result.non2xx) log(`answers by status: ${JSON.stringify(result.statuses)}`);
  if (!ok) break;
  held = count;
}
log(`most agents held at p95 ≤ ${TARGET_P95_MS} ms with no errors: ${held} (target ≥ ${TARGET_AGENTS}): ${held >= TARGET_AGENTS ? 'PASS' : 'FAIL'}`);

await api.stop();
await bench.close();
