// One server under test, in its own process: `bare` (Fastify alone), `pg` (Fastify + `select 1` over a pg
// pool the size of the app's) or `app` (the API). Prints its address as one JSON line and exits when the
// bench that started it goes away, so a crashed bench leaves no server behind.
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const kind = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;

async function start() {
  if (kind === 'bare') {
    const app = Fastify();
    app.get('/bare', async () => ({ status: 1, data: null }));
    return app;
  }
  if (!databaseUrl) throw new Error('DATABASE_URL is needed');
  if (kind === 'pg') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const app = Fastify();
    app.get('/pg', async () => ({ status: 1, data: (await pool.query('select 1 as one')).rows[0] }));
    app.addHook('onClose', () => pool.end());
    return app;
  }
  if (kind === 'app') return buildApp(loadConfig(process.env));
  throw new Error(`unknown target ${kind}`);
}

const app = await start();
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
const stop = () => {
  // A timer, not the close alone: a stuck close must not keep the process (and its port) alive.
  setTimeout(() => process.exit(0), 3000).unref();
  app.close().finally(() => process.exit(0));
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
