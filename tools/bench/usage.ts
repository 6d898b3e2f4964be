// npm run bench:usage [-- --events 200000] [-- --repeats 0.05] [-- --concurrency 8] [-- --rounds 200]
//
// The usage ledger (issue 13: ≥ 2,000 events/s recorded, the summary's p95 ≤ 20 ms): a company of
// its own with a manager, 500 agents below them and a manager-pay dialer subscription licensing
// every agent. 200,000 call events (5 % of them repeats of earlier ones, as a vendor's retried
// callbacks) are recorded one by one through the usage service by `--concurrency` callers at once,
// as webhooks would; then the manager's usage summary (GET /v1/dialer/dialer_subscriptions_usage's
// service: 500 licences with this period's usage) is read `--rounds` times at that ledger size.
// The bench company's ledger rows are cleared first, so each run starts from the same ledger.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { connect } from '../../apps/api/src/db/database';
import { createAuditRepository } from '../../apps/api/src/modules/audit/audit.repository';
import { createTelephonyPlansRepository } from '../../apps/api/src/modules/telephony-plans/telephony-plans.repository';
import { createTelephonyPlansService, leavePending, periodEnd } from '../../apps/api/src/modules/telephony-plans/telephony-plans.service';
import { createUsageRepository } from '../../apps/api/src/modules/usage/usage.repository';
import { createUsageService, usagePeriod } from '../../apps/api/src/modules/usage/usage.service';
import { createUsersRepository } from '../../apps/api/src/modules/users/users.repository';
import { formatDuration, log, openBenchDatabase } from './bench-db';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const EVENTS = Number(option('events', '200000'));
const REPEATS = Number(option('repeats', '0.05'));
const CONCURRENCY = Number(option('concurrency', '8'));
const ROUNDS = Number(option('rounds', '200'));
const AGENTS = 500;
const TARGET_EVENTS_PER_SECOND = 2000;
const TARGET_P95_MS = 20;
const COMPANY = { name: 'Usage Bench Agency', domainName: 'usage-bench' };

const bench = await openBenchDatabase();
const database = connect(bench.url);
const { db } = database;
const users = createUsersRepository(db);
const plans = createTelephonyPlansRepository(db);
const usageRepository = createUsageRepository(db);
const usage = createUsageService({ usage: usageRepository });
const service = createTelephonyPlansService({ repo: plans, usage: usageRepository, audit: createAuditRepository(db), chargeOrder: leavePending });

// ---- the company, its manager, 500 agents and the subscription (made once, kept between runs)
const managerEmail = `manager@${COMPANY.domainName}.example`;
let manager = await users.findByEmail(managerEmail);
if (!manager) {
  log(`creating ${COMPANY.name}: a manager, ${AGENTS} agents, a manager-pay dialer subscription licensing each`);
  const company = await users.insertCompany(COMPANY.name, COMPANY.domainName, 'harbor');
  await db.execute(sql`insert into users (company_id, email, username, password_hash, account_type, first_name, last_name)
    values (${company.id}, ${managerEmail}, 'usage-bench-manager', 'x', 'manager', 'Usage', 'Manager')`);
  manager = (await users.findByEmail(managerEmail))!;
  await db.execute(sql`insert into users (company_id, upline_id, email, username, password_hash, account_type, first_name, last_name)
    select ${company.id}, ${manager.id}, 'agent' || i || '@usage-bench.example', 'usage-bench-agent-' || i, 'x', 'agent', 'Agent', 'Number ' || i
    from generate_series(1, ${AGENTS}) as i`);
  const plan = await plans.insertPlan({ companyId: company.id, product: 'dialer', name: 'Dialer Starter', description: null, priceCents: 2900, period: 'month', unitsPerLicense: 1000, enterprise: false });
  const agentIds = (await db.execute<{ id: number }>(sql`select id from users where upline_id = ${manager.id} order by id`)).rows.map((r) => Number(r.id));
  const start = usagePeriod().start;
  await plans.createSubscription(
    { companyId: company.id, product: 'dialer', type: 'manager', ownerId: manager.id, planId: plan.id, status: 'active', quantity: AGENTS, currentPeriodStart: start, currentPeriodEnd: periodEnd(start, 'month') },
    agentIds.map((userId) => ({ userId, allocation: 1000, paid: true })),
    null,
  );
}
const companyId = manager.companyId;
const agentIds = (await db.execute<{ id: number }>(sql`select id from users where upline_id = ${manager.id} order by id`)).rows.map((r) => Number(r.id));
await db.execute(sql`delete from usage_events where company_id = ${companyId}`);
await db.execute(sql`delete from usage_rollups where company_id = ${companyId}`);
const others = (await db.execute<{ n: number }>(sql`select count(*)::int as n from usage_events`)).rows[0]?.n ?? 0;

// ---- the events: unique ones, and repeats of earlier ones mixed in after them
const run = Date.now().toString(36);
const uniqueCount = Math.round(EVENTS * (1 - REPEATS));
type Event = { userId: number; sourceId: string; units: number };
const unique: Event[] = Array.from({ length: uniqueCount }, (_, i) => ({
  userId: agentIds[i % agentIds.length] as number,
  sourceId: `CA${run}${i.toString(36).padStart(6, '0')}`,
  units: 1 + (i % 7),
}));
// each event gets a place in the stream; a repeat's place is after its original's
const placed: { at: number; event: Event }[] = unique.map((event, i) => ({ at: i, event }));
for (let r = 0; r < EVENTS - uniqueCount; r += 1) {
  const j = Math.floor(Math.random() * unique.length);
  placed.push({ at: j + 0.5 + Math.random() * (unique.length - j), event: unique[j] as Event });
}
const stream = placed.sort((a, b) => a.at - b.at).map((p) => p.event);
const expectedUnits = unique.reduce((n, e) => n + e.units, 0);

// the machine may be shared: the figures mean little without how busy it was
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`;
log(load());
log(`recording ${EVENTS.toLocaleString('en-US')} events (${(REPEATS * 100).toFixed(0)} % repeats) for ${agentIds.length} agents, ${CONCURRENCY} at a time…`);
let next = 0;
let counted = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < stream.length) {
      const e = stream[next++] as Event;
      const result = await usage.recordUsage({ companyId, userId: e.userId, vendor: 'twilio', kind: 'call_minutes', sourceId: e.sourceId, units: e.units });
      counted += result.counted;
    }
  }),
);
const elapsed = performance.now() - started;
const rate = EVENTS / (elapsed / 1000);
const rolled = (await db.execute<{ units: string }>(sql`select coalesce(sum(units), 0) as units from usage_rollups where company_id = ${companyId}`)).rows[0];
const ledger = (await db.execute<{ n: number }>(sql`select count(*)::int as n from usage_events`)).rows[0]?.n ?? 0;
log(`recorded in ${formatDuration(elapsed)}: ${Math.round(rate).toLocaleString('en-US')} events/s (target ≥ ${TARGET_EVENTS_PER_SECOND})`);
log(`counted ${counted.toLocaleString('en-US')} of ${EVENTS.toLocaleString('en-US')} (expected ${uniqueCount.toLocaleString('en-US')}); rollup ${Number(rolled?.units).toLocaleString('en-US')} minutes (expected ${expectedUnits.toLocaleString('en-US')}); ledger ${ledger.toLocaleString('en-US')} rows (${others.toLocaleString('en-US')} from other companies)`);
if (counted !== uniqueCount || Number(rolled?.units) !== expectedUnits) throw new Error('The ledger counted a repeat, or lost an event');

// ---- the manager's usage summary at that ledger size
const caller = { user: manager, roles: ['manager' as const], brand: 'harbor' as const };
const first = await service.usageSummary(caller, 'dialer');
if (first.data.licenses.length !== agentIds.length || first.data.used !== expectedUnits) {
  throw new Error(`The summary shows ${first.data.licenses.length} licences and ${first.data.used} minutes`);
}
const times: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const t0 = performance.now();
  await service.usageSummary(caller, 'dialer');
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const quantile = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] as number;
log(
  `manager's usage summary (${agentIds.length} licences, ${first.data.used.toLocaleString('en-US')} minutes used), ${ROUNDS} reads: ` +
    `p50 ${formatDuration(quantile(0.5))}, p95 ${formatDuration(quantile(0.95))}, max ${formatDuration(times.at(-1) as number)} (target p95 ≤ ${TARGET_P95_MS} ms)`,
);
log(load());
await database.close();
await bench.close();
