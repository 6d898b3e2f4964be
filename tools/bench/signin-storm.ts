// npm run bench:signin-storm [-- --seconds 10]
//
// Others' throughput while people sign in (issue 19: ≥ 60 %): GET /v1/users/me at 20 connections
// for the bench manager, alone, then while 20 connections sign the bench agents in over and over
// (password sign-ins: each costs an argon2id verification). The API runs with the sign-in limits
// lifted, so that every sign-in is a real one rather than a cheap 429.
import { BENCH_PASSWORD, log, openBenchDatabase } from './bench-db';
import { signedInBrowser, spawnBenchApi } from './bench-http';
import { fmt, load, pct } from './load';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1] ?? 10) || 10;
const TARGET = 0.6;
const AGENTS = 50;

const bench = await openBenchDatabase();
const api = await spawnBenchApi(bench);
const manager = await signedInBrowser(api.base);
const others = () => load({ url: `${api.base}/v1/users/me`, connections: 20, seconds: SECONDS, headers: manager.headers() });

await load({ url: `${api.base}/v1/users/me`, connections: 20, seconds: 2, headers: manager.headers() }); // warm-up
const alone = await others();
log(`users/me alone:               ${fmt(alone.rps, 0)} req/s  p50 ${fmt(alone.p50)} ms  p99 ${fmt(alone.p99)} ms`);

const signIns = Array.from({ length: AGENTS }, (_, i) => ({
  method: 'POST' as const,
  path: '/v1/sessions',
  // the sign-in form's request: the CSRF cookie echoed in its header (double submit)
  headers: { 'content-type': 'application/json', cookie: 'crm_csrf=bench-storm', 'x-csrf-token': 'bench-storm' },
  body: JSON.stringify({ email: `agent${String(i + 1).padStart(2, '0')}@bench-agency.example`, password: BENCH_PASSWORD }),
}));
const [during, storm] = await Promise.all([others(), load({ url: api.base, connections: 20, seconds: SECONDS, requests: signIns })]);
log(`users/me during the storm:    ${fmt(during.rps, 0)} req/s  p50 ${fmt(during.p50)} ms  p99 ${fmt(during.p99)} ms`);
log(`sign-ins (20 at a time):      ${fmt(storm.rps, 1)} /s  p50 ${fmt(storm.p50)} ms  p99 ${fmt(storm.p99)} ms  non-2xx ${storm.non2xx}  errors ${storm.errors}`);
log(`others' throughput during the storm: ${pct(during.rps, alone.rps)} of without (target ≥ ${TARGET * 100} %): ${during.rps >= TARGET * alone.rps ? 'PASS' : 'FAIL'}`);

await api.stop();
await bench.close();
