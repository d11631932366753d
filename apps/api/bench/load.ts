// The load generator, in its own process so that it never competes with the server inside one event loop.
// Reads one JSON job from argv, warms each route up, measures, and prints one JSON line with the figures.
// With several routes it measures them in alternating slices, so that each sees the same machine load.
import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The status every answer must have (a 304 to a revalidation); otherwise any 2xx. */
  status?: number;
  /**
   * Every request its own numbers: `{{n}}` in the headers and body becomes a counter that starts at `from` and
   * grows by one per request sent (e.g. a new Idempotency-Key and phone number each time).
   */
  sequence?: { from: number };
}

export interface LoadJob {
  targets: LoadTarget[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Slices per target when several alternate. */
  rounds: number;
  /** How long one answer may take before it counts as an error (autocannon's default: 10 s). */
  timeoutSeconds?: number;
  /**
   * After each measured slice of the targets at these indexes, ask the parent (IPC message `{ pause: i }`) and wait for
   * its answer before the next slice: e.g. until the work a route left behind is done.
   */
  pauseAfter?: number[];
}

export interface LoadResult {
  rps: number;
  /** The 99th percentile latency in ms (the mean over the slices when there are several). */
  p99: number;
  /** The median and 95th percentile in ms over every measured answer (warm-up left out). */
  p50: number;
  p95: number;
  requests: number;
  /** Every answer, warm-up included. */
  answered: number;
  non2xx: number;
  /** Answers without the expected status: the non-2xx ones, or those other than `status` when it is given. */
  unexpected: number;
  errors: number;
  /** req/s of each slice. */
  slices: number[];
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
/** Next number of each numbered target, kept across its slices. */
const counters = new Map<LoadTarget, number>();
const numbered = (target: LoadTarget, sequence: { from: number }) => ({
  setupRequest(request: autocannon.Request): autocannon.Request {
    const n = String(counters.get(target) ?? sequence.from);
    counters.set(target, Number(n) + 1);
    const fill = (text: string) => text.replaceAll('{{n}}', n);
    return {
      ...request,
      headers: Object.fromEntries(Object.entries(target.headers).map(([k, v]) => [k, fill(v)])),
      ...(target.body !== undefined ? { body: fill(target.body) } : {}),
    };
  },
});
const run = (target: LoadTarget, duration: number) =>
  autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(target.sequence ? { requests: [numbered(target, target.sequence)] } : {}),
    connections: job.connections,
    duration,
    ...(job.timeoutSeconds ? { timeout: job.timeoutSeconds } : {}),
  });

/** Tells the parent that target i's slice is done, and waits for its go-ahead. */
function pause(i: number): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send!({ pause: i });
  });
}

const totals = job.targets.map(() => ({ requests: 0, seconds: 0, p99s: [] as number[], slices: [] as number[], answered: 0, non2xx: 0, unexpected: 0, errors: 0, times: [] as number[] }));
if (job.warmupSeconds > 0) {
  for (const [i, target] of job.targets.entries()) {
    const r = await run(target, job.warmupSeconds);
    totals[i]!.answered += r.requests.total;
  }
}
for (let round = 0; round < job.rounds; round++) {
  for (const [i, target] of job.targets.entries()) {
    const t = totals[i]!;
    // Without a callback autocannon answers its tracker, an event emitter that is also the result's promise.
    const tracker = run(target, job.seconds / job.rounds) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
    tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      t.times.push(ms);
      if (target.status !== undefined && status !== target.status) t.unexpected++;
    });
    const r = await tracker;
    t.requests += r.requests.total;
    t.seconds += r.duration;
    t.p99s.push(r.latency.p99);
    t.slices.push(r.requests.total / r.duration);
    t.answered += r.requests.total;
    t.non2xx += r.non2xx;
    if (target.status === undefined) t.unexpected += r.non2xx;
    t.errors += r.errors;
    if (job.pauseAfter?.includes(i)) await pause(i);
  }
}
/** The q-quantile of the answer times (nearest rank). */
const quantile = (times: number[], q: number) => {
  if (times.length === 0) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const results: LoadResult[] = totals.map((t) => ({
  rps: t.requests / t.seconds,
  p99: t.p99s.reduce((a, b) => a + b, 0) / t.p99s.length,
  p50: quantile(t.times, 0.5),
  p95: quantile(t.times, 0.95),
  requests: t.requests,
  answered: t.answered,
  non2xx: t.non2xx,
  unexpected: t.unexpected,
  errors: t.errors,
  slices: t.slices,
}));
process.stdout.write(`${JSON.stringify(results)}\n`);
if (process.send) process.disconnect();
