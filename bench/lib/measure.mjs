// Small helpers for the benchmarks' figures: times in milliseconds, percentiles, one format.
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

export const ms = (t0) => performance.now() - t0;

/** The p-th percentile by the nearest-rank rule (p50 of 1..10 is 6, p95 is 10). */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

/** Median, p95, max and n of a list of latencies, as the READMEs print them. */
export function summary(latencies) {
  return { p50: pct(latencies, 50), p95: pct(latencies, 95), max: Math.max(...latencies), n: latencies.length };
}

/** The machine and how busy it is: the host is shared, so each figure goes with its load. */
export function machine() {
  const [one, five, fifteen] = loadavg();
  return `${cpus().length} núcleos (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, carga ${one.toFixed(2)} / ${five.toFixed(2)} / ${fifteen.toFixed(2)} (1 / 5 / 15 min)`;
}
