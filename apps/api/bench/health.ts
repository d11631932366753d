// Measures the API's overhead: req/s and p99 latency of GET /api/health, of a bare Fastify route in the
// same process (the baseline), and of an authenticated E010 (session lookup + subscriptions), with ratios.
// Runs on a throwaway embedded database. Usage: pnpm bench [-- --seconds 10 --connections 20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 20);

interface Figure {
  name: string;
  rps: number;
  p99: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: undefined, RATE_LIMIT_LOGIN_PER_MINUTE: '1000' });
  const database = await prepareDatabase(config, () => {});
  const app = await buildApp({ ...config, databaseUrl: database.url }, { db: database.db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 1, data: null }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  // A logged-in owner at Austin: the cookies a browser would send.
  const login = await fetch(`${address}/api/authorize-me`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@kudo.test', password: 'demo1234' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  const figures: Figure[] = [];
  figures.push(await measure('bare Fastify route', `${bareAddress}/bare`));
  figures.push(await measure('GET /api/health', `${address}/api/health`));
  figures.push(await measure('GET /api/location/subscriptions/load (E010, logged in)', `${address}/api/location/subscriptions/load`, { cookie }));

  const base = figures[0]!;
  console.log(`\n${seconds} s each, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores`);
  console.log('endpoint'.padEnd(58), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'vs bare'.padStart(9));
  for (const f of figures) {
    console.log(f.name.padEnd(58), f.rps.toFixed(0).padStart(9), f.p99.toFixed(1).padStart(8), `${((f.rps / base.rps) * 100).toFixed(0)}%`.padStart(9));
  }
  await bare.close();
  await app.close();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
