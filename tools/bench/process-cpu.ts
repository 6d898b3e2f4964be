// CPU time of processes as the kernel counts it (/proc/<pid>/stat), and the benchmark client's own
// health (its CPU and event-loop lag), so that a benchmark can say what each action cost the server
// and whether its own client kept up.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime, stime, cutime, cstime (fields 14–17 of /proc/<pid>/stat) in milliseconds, and the parent pid; null once the process is gone. */
function stat(pid: number): { self: number; children: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = (i: number) => Number(fields[i - 3]);
    const ms = (n: number) => (n * 1000) / TICKS_PER_SECOND;
    return { self: ms(ticks(14) + ticks(15)), children: ms(ticks(16) + ticks(17)), ppid: ticks(4) };
  } catch {
    return null;
  }
}

/** CPU milliseconds one process has used so far (its own, not its children's). */
export const processCpuMs = (pid: number): number => stat(pid)?.self ?? 0;

/**
 * CPU milliseconds a process tree has used so far: the root's own and its reaped children's
 * (cutime, cstime), and each live child's own. A child that exits between two readings moves from
 * the second term to the first when it is reaped, so the total only grows (PostgreSQL's postmaster
 * reaps its backends at once).
 */
export function treeCpuMs(root: number): number {
  const top = stat(root);
  if (!top) return 0;
  let total = top.self + top.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === root) total += child.self;
  }
  return total;
}

/** The embedded PostgreSQL's postmaster (the first line of its postmaster.pid), or null when there is none (an external DATABASE_URL). */
export function postmasterPid(pgDataDir: string): number | null {
  try {
    return Number(readFileSync(join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

export type ClientHealth = {
  /** The client's CPU over the span, in % of one core (its JavaScript runs on one). */
  cpuPercent: number;
  /** The event loop's delay: p99 and max in ms (a timer due now that ran this much later). */
  lagP99: number;
  lagMax: number;
};

/** Starts watching this process (the benchmark's client); `stop` gives its CPU and event-loop lag since. */
export function watchClient(): { stop: () => ClientHealth } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  return {
    stop() {
      histogram.disable();
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      return {
        cpuPercent: ((used.user + used.system) / 1000 / wall) * 100,
        lagP99: histogram.percentile(99) / 1e6,
        lagMax: histogram.max / 1e6,
      };
    },
  };
}
