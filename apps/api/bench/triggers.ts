// Measures what the derived stores' statement triggers add to the writes of a send, inside the database: the
// dispatches' insert (one row, as a single send writes it, and 25, as a batch does), their results' update, and the
// SMS log's insert, each run with `EXPLAIN ANALYZE` on a throwaway embedded database with the demo data, side by side
// with the same statement while the table's own triggers are switched off. Prints each statement's median execution
// time with the stores, the stores' triggers' part of it, and without them; last, the single dispatch insert's line.
// Usage: pnpm bench:triggers [-- --runs 300]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { poolOf } from '../src/lib/db.js';
import { numberArg, stopAfter } from './harness.js';

const runs = numberArg('runs', 300);
stopAfter('bench:triggers', 600_000);

interface Plan {
  'Execution Time': number;
  Triggers?: { 'Trigger Name': string; Time: number }[];
}

/** A write as the send path makes it: one run's statement and values (n counts the runs). */
interface Write {
  name: string;
  statement(n: number): [string, unknown[]];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The median execution time of `runs` runs of the write, and of its derived stores' triggers (named *_daily_*, *logs_*). */
async function measure(client: pg.PoolClient, write: Write, from: number) {
  const execution: number[] = [];
  const stores: number[] = [];
  // The first runs plan the statement and the triggers' functions in this session: left out.
  for (let i = -20; i < runs; i++) {
    const [sql, values] = write.statement(from + i);
    const { rows } = await client.query<{ 'QUERY PLAN': Plan[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
    const plan = rows[0]!['QUERY PLAN'][0]!;
    if (i < 0) continue;
    execution.push(plan['Execution Time']);
    stores.push((plan.Triggers ?? []).filter((t) => !t['Trigger Name'].startsWith('RI_')).reduce((sum, t) => sum + t.Time, 0));
  }
  return { execution: median(execution), stores: median(stores) };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-bench-triggers-'));
  const database = await prepareDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: undefined }), () => {});
  const client = await poolOf(database.db).connect();
  try {
    const {
      rows: [austin],
    } = await client.query<{ id: number; campaign: number }>(
      `SELECT l.id, (SELECT c.id FROM campaigns c WHERE c.location_id = l.id AND c.deleted_at IS NULL ORDER BY c.id LIMIT 1) AS campaign
         FROM locations l WHERE l.name = 'Demo Plumbing Austin'`,
    );
    if (!austin) throw new Error('the demo location is missing');
    const tokens = (n: number, size: number) => Array.from({ length: size }, (_, i) => `bench-${n}-${i}`);
    const insertDispatches = (size: number): Write => ({
      name: `dispatches: insert ${size} row${size > 1 ? 's' : ''}`,
      statement: (n) => [
        `INSERT INTO dispatches (location_id, campaign_id, kind, source, token_hash, customer_phone, customer_name, expires_at)
         SELECT $1, $2, 'pcheck', 'api', t, '+15125550100', 'Bench Customer', now() + interval '30 days' FROM unnest($3::text[]) AS t`,
        [austin.id, austin.campaign, tokens(n, size)],
      ],
    });
    const recordResults = (size: number): Write => ({
      name: `dispatches: results of ${size} row${size > 1 ? 's' : ''}`,
      statement: (n) => [`UPDATE dispatches SET sms_status = 1, sms_message = 'Sent.' WHERE token_hash = ANY($1::text[])`, [tokens(n, size)]],
    });
    const smsLog: Write = {
      name: 'sms_messages: log 1 text',
      statement: () => [
        `INSERT INTO sms_messages (location_id, direction, "to", "from", body, provider, status, app, updated_at)
         VALUES ($1, 'outbound', '+15125550100', '+15125550199', 'Bench', 'outbox', 'sent', 'dispatch', now())`,
        [austin.id],
      ],
    };

    // Each write with the stores, then without them: the table's own triggers switched off meanwhile. Run n of an
    // update gives the results of the dispatches run n of the insert before it wrote.
    const lines: { name: string; on: number; stores: number; off: number }[] = [];
    let n = 0;
    const sideBySide = async (table: string, writes: Write[]) => {
      const figures = writes.map((w) => ({ name: w.name, on: 0, stores: 0, off: 0 }));
      for (const stores of [true, false]) {
        await client.query(`ALTER TABLE ${table} ${stores ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
        for (const [i, write] of writes.entries()) {
          const figure = await measure(client, write, n);
          if (stores) Object.assign(figures[i]!, { on: figure.execution, stores: figure.stores });
          else figures[i]!.off = figure.execution;
        }
        n += runs + 20;
      }
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
      lines.push(...figures);
    };
    for (const size of [1, 25]) await sideBySide('dispatches', [insertDispatches(size), recordResults(size)]);
    await sideBySide('sms_messages', [smsLog]);

    console.log(`\nmedians of ${runs} runs each (EXPLAIN ANALYZE), PostgreSQL ${(await client.query('SHOW server_version')).rows[0].server_version}, ${os.cpus().length} cores`);
    console.log('statement'.padEnd(36), 'with stores'.padStart(12), 'their triggers'.padStart(15), 'without'.padStart(9));
    for (const l of lines) {
      console.log(l.name.padEnd(36), `${l.on.toFixed(3)} ms`.padStart(12), `${l.stores.toFixed(3)} ms`.padStart(15), `${l.off.toFixed(3)} ms`.padStart(9));
    }
    const single = lines[0]!;
    console.log(
      `triggers: a dispatch's insert ${single.on.toFixed(3)} ms with its derived stores (${single.stores.toFixed(3)} ms of triggers), ${single.off.toFixed(3)} ms without`,
    );
  } finally {
    client.release();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
