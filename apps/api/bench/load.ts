// The load generator, in its own process so that it never competes with the server inside one event loop.
// Reads one JSON job from argv, warms the route up, measures, and prints one JSON line with the figures.
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  rps: number;
  p99: number;
  requests: number;
  /** Every answer, warm-up included. */
  answered: number;
  non2xx: number;
  errors: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
const run = (duration: number) =>
  autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    ...(job.body !== undefined ? { body: job.body } : {}),
    connections: job.connections,
    duration,
  });

const warm = job.warmupSeconds > 0 ? (await run(job.warmupSeconds)).requests.total : 0;
const r = await run(job.seconds);
const result: LoadResult = {
  rps: r.requests.average,
  p99: r.latency.p99,
  requests: r.requests.total,
  answered: warm + r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
