import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

/** What a load run measured: requests per second, latency percentiles (ms), and what went wrong. */
export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
};

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  /** Requests each connection sends in turn (each may build itself from the connection's context). */
  requests?: autocannon.Request[];
  /** Requests per second of each connection (a simulated person); unset: as fast as answers come. */
  connectionRate?: number;
  /** Each connection's own state, made when it opens (for example whose session it uses). */
  context?: () => Record<string, unknown>;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Load with autocannon (HTTP/1.1 keep-alive connections, as browsers use): every response's time
 * is kept, so the percentiles are exact (p95 included).
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.body !== undefined && { body: options.body }),
        ...(options.requests && { requests: options.requests }),
        ...(options.connectionRate !== undefined && { connectionRate: options.connectionRate }),
        ...(options.context && { initialContext: options.context() }),
        timeout: 30,
      },
      (error: unknown, result: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
  instance?.on('response', (_client, _status, _bytes, ms) => void times.push(ms));
  const result = await finished;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.total / options.seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0])),
  };
}

/** The baseline: a bare Node HTTP server answering a small JSON body, in a process of its own. */
export async function spawnBareServer(
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1', () => console.log('ready'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout, 'data');
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
export const pct = (part: number, whole: number) =>
  `${whole ? ((100 * part) / whole).toFixed(1) : '—'} %`;
