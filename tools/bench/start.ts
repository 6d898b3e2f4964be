// npm run bench:start [-- --runs 3] [-- --rest 5]
//
// The API's start as npm start runs it, compiled (node dist/api/main.js) against the sources
// through tsx (as before the API was compiled), on the bench database (migrations applied, data
// present: no seeding), with its job workers: for each, --runs starts, each timed from spawning
// the process to its first healthy GET /v1/health, then its resident memory (VmRSS) after
// --rest seconds without a request. Prints each run and the median of each way.
import { formatDuration, log, openBenchDatabase } from './bench-db';
import { spawnBenchApi, type ApiRuntime } from './bench-http';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 3);
const REST_S = option('rest', 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const bench = await openBenchDatabase();
  const results: Record<ApiRuntime, { startMs: number[]; restMb: number[] }> = { tsx: { startMs: [], restMb: [] }, node: { startMs: [], restMb: [] } };
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      // alternately, so that a busier moment of the machine weighs on both ways alike
      for (const runtime of ['tsx', 'node'] as const) {
        const api = await spawnBenchApi(bench, runtime, { workers: true });
        try {
          await new Promise((resolve) => setTimeout(resolve, REST_S * 1000));
          const { rss } = await api.memory();
          results[runtime].startMs.push(api.healthyAfterMs);
          results[runtime].restMb.push(rss);
          log(`run ${run} ${runtime === 'node' ? 'node dist/api/main.js' : 'tsx apps/api/src/main.ts'}: healthy after ${formatDuration(api.healthyAfterMs)}, ${rss.toFixed(0)} MB resident after ${REST_S} s at rest`);
        } finally {
          await api.stop();
        }
      }
    }
    for (const runtime of ['tsx', 'node'] as const) {
      const { startMs, restMb } = results[runtime];
      log(`${runtime === 'node' ? 'compiled (node)' : 'sources (tsx)  '}: start to health ${formatDuration(median(startMs))} (median of ${RUNS}), resident at rest ${median(restMb).toFixed(0)} MB`);
    }
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
