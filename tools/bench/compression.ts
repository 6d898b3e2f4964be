// npm run bench:compression [-- --rounds 200]
//
// What compressing the API's JSON answers costs and gives: the answers bench:agents asks for (an
// agent's first page of 100 contacts, a search for a common and for a rare surname, an open
// contact), each compressed by gzip at levels 1–9 and brotli at qualities 1–5 as @fastify/compress
// does it (a stream per answer), timed by this process's CPU over `--rounds` rounds. Prints, per
// answer and setting, the CPU milliseconds per answer and the bytes sent, so that the setting is
// chosen by measurement (apps/api/src/plugins/compression.ts).
import { sql } from 'drizzle-orm';
import { once } from 'node:events';
import { constants, createBrotliCompress, createGzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { CONTACTS_LIST_PAGE_SIZE } from '@crm/contract';
import { connect } from '../../apps/api/src/db/database';
import { BENCH_COMPANY, log, openBenchDatabase } from './bench-db';
import { signedInBrowser, spawnBenchApi } from './bench-http';
import { fmt } from './load';

const args = process.argv.slice(2);
const at = args.indexOf('--rounds');
const ROUNDS = at >= 0 ? Number(args[at + 1]) : 200;

const bench = await openBenchDatabase();
const db = connect(bench.url);
const [agent] = (
  await db.db.execute<{ email: string; id: number; common: string; rare: string }>(sql`
    with a as (select u.id, u.email from users u join companies co on co.id = u.company_id where co.name = ${BENCH_COMPANY.name} and u.email like 'agent%' order by u.email limit 1),
    names as (select c.last_name, count(*) n from contacts c join a on c.owner_id = a.id where c.deleted_at is null group by c.last_name)
    select a.email, (select min(c.id) from contacts c where c.owner_id = a.id and c.deleted_at is null) as id,
      (select last_name from names order by n desc limit 1) as common, (select last_name from names where n between 3 and 10 order by last_name limit 1) as rare
    from a`)
).rows;
await db.close();
if (!agent) throw new Error('No bench agent: run npm run bench:generate first');

const api = await spawnBenchApi(bench);
const browser = await signedInBrowser(api.base, agent.email);
const text = async (method: string, path: string, body?: unknown) => (await (await browser.send(method, path, body)).text());
const answers: [string, Buffer][] = [
  ['list (first page)', Buffer.from(await text('PATCH', '/v1/contacts', { contacts_scope: { limit: CONTACTS_LIST_PAGE_SIZE } }))],
  [`search "${agent.common}"`, Buffer.from(await text('PATCH', '/v1/contacts', { contacts_scope: { q: agent.common, limit: CONTACTS_LIST_PAGE_SIZE } }))],
  [`search "${agent.rare}"`, Buffer.from(await text('PATCH', '/v1/contacts', { contacts_scope: { q: agent.rare, limit: CONTACTS_LIST_PAGE_SIZE } }))],
  ['open', Buffer.from(await text('GET', `/v1/contacts/${agent.id}`))],
];
await api.stop();
await bench.close();

type Setting = { name: string; make: () => NodeJS.ReadWriteStream };
const brotli = (quality: number): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: quality } });
const gzip = (level: number): ZlibOptions => ({ level });
const settings: Setting[] = [
  ...[1, 2, 3, 4, 5, 6, 9].map((level) => ({ name: `gzip ${level}${level === 6 ? ' (zlib default)' : ''}`, make: () => createGzip(gzip(level)) })),
  ...[1, 2, 3, 4, 5].map((quality) => ({ name: `br ${quality}${quality === 4 ? ' (@fastify/compress default)' : ''}`, make: () => createBrotliCompress(brotli(quality)) })),
];

/** Compresses `input` through a new stream (as @fastify/compress does for each answer); the bytes out. */
async function through(setting: Setting, input: Buffer): Promise<number> {
  const stream = setting.make();
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => void (bytes += chunk.length));
  stream.end(input);
  await once(stream, 'end');
  return bytes;
}

for (const [name, input] of answers) {
  log(`${name}: ${fmt(input.length / 1024)} kB as JSON`);
  for (const setting of settings) {
    await through(setting, input); // warm-up
    const cpu = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i += 1) bytes = await through(setting, input);
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000 / ROUNDS;
    log(`  ${setting.name.padEnd(32)} ${fmt(ms, 3).padStart(7)} ms CPU  ${fmt(bytes / 1024).padStart(6)} kB  (${fmt((100 * bytes) / input.length)} %)`);
  }
}
