// npm run bench:contacts-list [-- --limit 100 (the screen's page)] [-- --requests 200] [-- --explain 3]
//
// The contact list against the bench data set (npm run bench:generate first): builds the API in
// this process on the bench database, listens on a free port, signs in over HTTP as the bench
// manager (password, then the CSRF cookie echoed in X-CSRF-Token, as the browser does), warms up,
// then sends PATCH /v1/contacts requests of several shapes and times each one end to end.
// Every SQL statement the API runs for a request is captured (the app's pg clients are wrapped)
// and re-run right after it straight on a connection of its own, so each shape shows how HTTP
// time compares with the time of its own SQL. Prints per-shape and overall p50/p95/max and PASS/FAIL
// against the 50 ms p95 target. --explain N prints EXPLAIN (ANALYZE, BUFFERS) of the contacts
// statements of the N slowest shapes; --show-sql prints the statements of one request.
import pg from 'pg';
import { POLICY_TYPES, type ContactsScope } from '@crm/contract';
import { seededRandom } from '../../apps/api/src/db/seed-contacts';
import { CONTACTS_LIST_PAGE_SIZE } from '@crm/contract';
import { BENCH_COMPANY, BENCH_MANAGER_EMAIL, formatDuration, log, openBenchDatabase } from './bench-db';
import { signedInBrowser, startBenchApi } from './bench-http';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const LIMIT = Number(option('limit', String(CONTACTS_LIST_PAGE_SIZE)));
const REQUESTS = Number(option('requests', '200'));
const EXPLAIN = Number(option('explain', '0'));
const SHOW_SQL = args.includes('--show-sql');
const TARGET_P95_MS = 50;
const WARMUP_ROUNDS = 2;

// ---------------------------------------------------------------------------------------------
// Capturing the API's SQL: every pg client of the app's pool records its statements while a
// request is being timed (requests go one at a time, so everything run meanwhile is that request's).
// ---------------------------------------------------------------------------------------------

type Statement = { text: string; values: unknown[]; rowMode: string | undefined };
let recording: Statement[] | null = null;

function captureStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (recording && (typeof config === 'string' || (typeof config === 'object' && config !== null && 'text' in config))) {
        const c = typeof config === 'string' ? { text: config } : (config as { text: string; values?: unknown[]; rowMode?: string });
        const params = Array.isArray(values) ? values : (c as { values?: unknown[] }).values ?? [];
        recording.push({ text: c.text, values: [...params], rowMode: (c as { rowMode?: string }).rowMode });
      }
      return query(config, values, callback);
    };
  });
}

type ListAnswer = { data: unknown[]; meta: { total_count: number; total_count_capped: boolean; next_cursor?: string | null } };

// ---------------------------------------------------------------------------------------------
// Query shapes, with values sampled from the bench data.
// ---------------------------------------------------------------------------------------------

type Shape = { name: string; scope: (k: number) => ContactsScope };
type Samples = { lastNames: string[]; phones: string[]; emails: string[]; statuses: number[]; tags: number[]; managerId: number; companyId: number };

async function sample(client: pg.Client): Promise<Samples> {
  const manager = await client.query<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [BENCH_MANAGER_EMAIL]);
  const row = manager.rows[0];
  if (!row) throw new Error(`No bench manager (${BENCH_MANAGER_EMAIL}): run npm run bench:generate first`);
  const companyId = row.company_id;
  const names = await client.query<{ last_name: string }>(
    `select last_name from contacts where company_id = $1 and deleted_at is null group by 1 order by count(*) desc, 1`,
    [companyId],
  );
  const all = names.rows.map((r) => r.last_name);
  if (!all.length) throw new Error('The bench company has no contacts: run npm run bench:generate first');
  // The most common surnames and the rarest: a broad search and a narrow one.
  const common = all.slice(0, 3);
  const rare = all.slice(-3);
  const lastNames = common.flatMap((name, i) => [name, rare[i] ?? name]);
  const phones = await client.query<{ number: string }>(
    `select p.number from contact_phones p join contacts c on c.id = p.contact_id
     where c.company_id = $1 and c.deleted_at is null and c.id % 7919 = 0 order by c.id limit 20`,
    [companyId],
  );
  const emails = await client.query<{ email: string }>(
    `select e.email::text as email from contact_emails e join contacts c on c.id = e.contact_id
     where c.company_id = $1 and c.deleted_at is null and c.id % 7907 = 0 order by c.id limit 20`,
    [companyId],
  );
  const ids = async (table: string) => (await client.query<{ id: number }>(`select id from ${table} where company_id = $1 order by id`, [companyId])).rows.map((r) => r.id);
  return {
    lastNames,
    phones: phones.rows.map((r) => r.number.slice(1)), // 10 digits, as people type them
    emails: emails.rows.map((r) => r.email),
    statuses: await ids('statuses'),
    tags: await ids('tags'),
    managerId: row.id,
    companyId,
  };
}

const at = <T>(list: readonly T[], k: number): T => list[k % list.length] as T;

function shapes(s: Samples): Shape[] {
  const windows: [string, string][] = [['2023-01-01', '2023-01-31'], ['2024-01-01', '2024-12-31'], ['2021-06-01', '2021-06-30']];
  const states = [['FL'], ['TX', 'OK'], ['NY', 'NJ', 'PA']];
  return [
    { name: 'default, page 1', scope: () => ({}) },
    { name: 'q = last name', scope: (k) => ({ q: at(s.lastNames, k) }) },
    { name: 'q = phone (10 digits)', scope: (k) => ({ q: at(s.phones, k) }) },
    { name: 'q = e-mail', scope: (k) => ({ q: at(s.emails, k) }) },
    { name: 'search city contains', scope: (k) => ({ search: [{ field: 'city', operator: 'contains', value: at(['ville', 'san', 'port', 'ton'], k) }] }) },
    { name: 'search state in', scope: (k) => ({ search: [{ field: 'state', operator: 'in', value: at(states, k) }] }) },
    { name: 'search created_at between', scope: (k) => ({ search: [{ field: 'created_at', operator: 'between', value: at(windows, k) }] }) },
    { name: 'filter status_ids', scope: (k) => ({ status_ids: [at(s.statuses, k + 2), at(s.statuses, k + 4)] }) },
    { name: 'filter included_tags', scope: (k) => ({ included_tags: [at(s.tags, k)] }) },
    { name: 'filter included_policy_types', scope: (k) => ({ included_policy_types: [at(POLICY_TYPES, k + 3)] }) },
    { name: 'filter excluded_tags', scope: (k) => ({ excluded_tags: [at(s.tags, k), at(s.tags, k + 1)] }) },
    { name: 'sort first_name asc', scope: () => ({ order_field: 'first_name', order: 'asc' }) },
    { name: 'sort created_at desc', scope: () => ({ order_field: 'created_at', order: 'desc' }) },
    { name: 'sort city asc', scope: () => ({ order_field: 'city', order: 'asc' }) },
    { name: 'page 200', scope: () => ({ page: 200 }) },
    { name: 'page 2000', scope: () => ({ page: 2000 }) },
    { name: 'group mine', scope: () => ({ contact_group: 'mine' }) },
  ];
}

// ---------------------------------------------------------------------------------------------

/** Time of the replayed statements by kind: the page's ids, the capped count, everything else (session, loading the rows). */
type SqlSplit = { page: number; count: number; other: number; each: number[] };
type Timed = { shape: string; ms: number; statements: Statement[]; sqlMs: number; split: SqlSplit; total: string };

const statementKind = (text: string): Exclude<keyof SqlSplit, 'each'> =>
  /^\s*select count\(\*\)/i.test(text) ? 'count' : /as sort_value|with matches as/i.test(text) ? 'page' : 'other';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => n.toFixed(1);

/**
 * The duplicate scan (the /contacts/duplicates screen) is not in the mix: it groups the whole reach
 * by the compared values on every page. Its first page is timed apart, three times per option.
 */
async function timeDuplicateScans(list: (scope: ContactsScope) => Promise<ListAnswer>): Promise<void> {
  const options: [string, ContactsScope['duplicates']][] = [
    ['first and last name', { first_name: true, last_name: true }],
    ['address', { address: true }],
    ['first phone', { phone: true }],
    ['first e-mail', { email: true }],
  ];
  console.log('\nDuplicate scan over the whole reach (not in the mix above), first page of 50:');
  for (const [label, duplicates] of options) {
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const answer = await list({ duplicates, limit: 50 });
      times.push(performance.now() - started);
      total = `${answer.meta.total_count}${answer.meta.total_count_capped ? '+' : ''}`;
    }
    console.log(`  ${label.padEnd(20)} ${total.padStart(8)} contacts in groups; ${times.map(ms).join(' / ')} ms`);
  }
}

/** Re-runs a request's statements on a connection of their own, inside a transaction rolled back (the session touch writes). */
async function replay(client: pg.Client, statements: Statement[]): Promise<SqlSplit> {
  await client.query('begin');
  const split: SqlSplit = { page: 0, count: 0, other: 0, each: [] };
  try {
    for (const s of statements) {
      const started = performance.now();
      await client.query({ text: s.text, values: s.values, ...(s.rowMode === 'array' && { rowMode: 'array' as const }) });
      const elapsed = performance.now() - started;
      split[statementKind(s.text)] += elapsed;
      split.each.push(elapsed);
    }
  } finally {
    await client.query('rollback');
  }
  return split;
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase();
  const { app, database, base } = await startBenchApi(bench, (handle) => captureStatements(handle.pool));
  const direct = new pg.Client({ connectionString: bench.url });
  await direct.connect();
  try {
    const samples = await sample(direct);
    const settings = await direct.query<{ version: string; shared_buffers: string; work_mem: string; live: number; reach: number }>(
      `select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers,
              current_setting('work_mem') as work_mem,
              (select count(*)::int from contacts where company_id = $1 and deleted_at is null) as live,
              (select count(*)::int from users where company_id = $1) as reach`,
      [samples.companyId],
    );
    const info = settings.rows[0];
    log(
      `PostgreSQL ${info?.version} (shared_buffers ${info?.shared_buffers}, work_mem ${info?.work_mem}); "${BENCH_COMPANY.name}": ` +
        `${info?.live.toLocaleString('en-US')} live contacts, ${info?.reach} users; page size ${LIMIT}`,
    );

    const browser = await signedInBrowser(base);
    log(`Signed in over HTTP as ${BENCH_MANAGER_EMAIL} (manager of the whole bench downline)`);

    const list = async (scope: ContactsScope) => {
      const answer = await browser.call('PATCH', '/v1/contacts', { contacts_scope: { limit: LIMIT, ...scope } });
      if (answer.status !== 200) throw new Error(`PATCH /v1/contacts ${JSON.stringify(scope)}: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json as ListAnswer;
    };

    const all = shapes(samples);
    // Keyset paging, when the API gives cursors: start after a deep page (2000, or 200 when 2000 is
    // past the end, as with 500 a page) and follow next_cursor.
    let deepCursor: string | null = null;
    let deepPage = 0;
    let seen: unknown = 'missing';
    for (const page of [2000, 200]) {
      const deep = await list({ page });
      seen = 'next_cursor' in deep.meta ? deep.meta.next_cursor : 'missing';
      if (typeof deep.meta.next_cursor === 'string' && deep.meta.next_cursor) {
        deepCursor = deep.meta.next_cursor;
        deepPage = page;
        break;
      }
    }
    let cursor = deepCursor;
    let cursorPage = deepPage + 1;
    if (deepCursor) {
      all.push({ name: `keyset from page ${deepPage}`, scope: () => ({ cursor: cursor ?? deepCursor, page: cursorPage }) });
    } else {
      log(`meta.next_cursor is ${JSON.stringify(seen)} on pages 2000 and 200: the keyset shape is skipped (the API gives no cursor)`);
    }
    const run = async (shape: Shape, k: number) => {
      const answer = await list(shape.scope(k));
      if (shape.name.startsWith('keyset')) {
        cursor = answer.meta.next_cursor ?? null;
        cursorPage = cursor ? cursorPage + 1 : deepPage + 1;
      }
      return answer;
    };

    log(`Warming up: ${WARMUP_ROUNDS} rounds of ${all.length} shapes`);
    for (let round = 0; round < WARMUP_ROUNDS; round += 1) for (const [i, shape] of all.entries()) await run(shape, round * 7 + i);

    // Every shape in turn until REQUESTS, in a shuffled (seeded) order.
    const plan = Array.from({ length: REQUESTS }, (_, i) => ({ shape: all[i % all.length] as Shape, k: Math.floor(i / all.length) }));
    const random = seededRandom('contacts-list');
    for (let i = plan.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [plan[i], plan[j]] = [plan[j] as (typeof plan)[number], plan[i] as (typeof plan)[number]];
    }
    log(`Timing ${REQUESTS} requests over ${all.length} shapes; after each, its captured SQL is re-run on a separate connection`);
    const timed: Timed[] = [];
    for (const { shape, k } of plan) {
      recording = [];
      const t0 = performance.now();
      const answer = await run(shape, k);
      const elapsed = performance.now() - t0;
      const statements = recording;
      recording = null;
      // Replayed right away, so that both timings see the same machine (other load comes and goes).
      const split = await replay(direct, statements);
      timed.push({
        shape: shape.name,
        ms: elapsed,
        statements,
        sqlMs: split.page + split.count + split.other,
        split,
        total: `${answer.meta.total_count}${answer.meta.total_count_capped ? '+' : ''}`,
      });
    }
    const wall = timed.reduce((sum, t) => sum + t.ms, 0);
    if (SHOW_SQL) {
      const first = timed[0] as Timed;
      console.log(`\nThe ${first.statements.length} statements of one request (${first.shape}):`);
      first.statements.forEach((st, i) =>
        console.log(`- ${ms(first.split.each[i] ?? 0)} ms: ${st.text.replace(/\s+/g, ' ')}\n  params ${JSON.stringify(st.values)}`),
      );
    }

    printTable(all, timed);
    const overall = timed.map((t) => t.ms);
    const p95 = percentile(overall, 0.95);
    console.log(
      `\nOverall (${timed.length} requests, ${formatDuration(wall)} over HTTP): p50 ${ms(percentile(overall, 0.5))} ms, p95 ${ms(p95)} ms, ` +
        `max ${ms(Math.max(...overall))} ms; direct SQL p50 ${ms(percentile(timed.map((t) => t.sqlMs), 0.5))} ms`,
    );
    if (!deepCursor) console.log('Keyset paging (meta.next_cursor) not measured: the API returned no cursor.');
    await timeDuplicateScans(list);
    console.log(`p95 = ${ms(p95)} ms (target ${TARGET_P95_MS} ms): ${p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`);
    if (EXPLAIN > 0) await explainSlowest(direct, timed, EXPLAIN);
  } finally {
    await direct.end();
    await app.close();
    await database.close();
    await bench.close();
  }
}

function printTable(all: Shape[], timed: Timed[]): void {
  const header = ['shape', 'n', 'matches', 'p50 ms', 'p95 ms', 'max ms', 'SQL p50', 'HTTP/SQL', 'page/count/other', 'stmts'];
  const rows = all.map((shape) => {
    const mine = timed.filter((t) => t.shape === shape.name);
    const http = mine.map((t) => t.ms);
    const sqlP50 = percentile(mine.map((t) => t.sqlMs), 0.5);
    const totals = [...new Set(mine.map((t) => t.total))];
    return [
      shape.name,
      String(mine.length),
      totals.length > 2 ? `${totals[0]}…(${totals.length})` : totals.join(','),
      ms(percentile(http, 0.5)),
      ms(percentile(http, 0.95)),
      ms(Math.max(...http)),
      ms(sqlP50),
      `${(percentile(http, 0.5) / Math.max(sqlP50, 0.001)).toFixed(2)}x`,
      (['page', 'count', 'other'] as const).map((kind) => percentile(mine.map((t) => t.split[kind]), 0.5).toFixed(1)).join(' / '),
      String(percentile(mine.map((t) => t.statements.length), 0.5)),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log(
    'matches: meta.total_count of the shape\'s requests ("+": more than the count cap). SQL p50: the request\'s captured statements re-run\n' +
      'directly, one after another; HTTP/SQL: p50 over HTTP / SQL p50; page/count/other: SQL p50 of the page-ids query, the capped count\n' +
      'and the rest (session, loading the page\'s rows).',
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements on contacts of the slowest shapes' slowest requests. */
async function explainSlowest(client: pg.Client, timed: Timed[], count: number): Promise<void> {
  const byShape = new Map<string, Timed>();
  for (const t of timed) if ((byShape.get(t.shape)?.ms ?? -1) < t.ms) byShape.set(t.shape, t);
  const slowest = [...byShape.values()].sort((a, b) => b.ms - a.ms).slice(0, count);
  for (const t of slowest) {
    console.log(`\n=== ${t.shape}: ${ms(t.ms)} ms over HTTP ===`);
    for (const s of t.statements.filter((st) => /from "contacts"|from contacts|"contacts"\."id"/.test(st.text))) {
      const plan = await client.query<{ 'QUERY PLAN': string }>({ text: `explain (analyze, buffers) ${s.text}`, values: s.values });
      console.log(`\n${s.text}\n-- params ${JSON.stringify(s.values)}`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
