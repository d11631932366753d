// Bulk sends at their largest: a 10,000-row spreadsheet parsed and enqueued (seconds), then drained by the
// job worker (pg-boss, turns re-queued as in production) through the local SMS provider, and the number of
// customers texted twice (must be 0). For comparison, the same send with the daily-count triggers off, then on
// again. Runs on a throwaway embedded database. The last line is the drain rate.
// Usage: pnpm bench:bulk [-- --rows 10000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { Prisma } from '../src/lib/db.js';
import { rowsFromSheet } from '../src/modules/operate/bulk.js';
import { bulkPace } from '../src/modules/operate/bulk-worker.js';
import { enqueueBulk } from '../src/modules/operate/bulk.js';
import { startJobs } from '../src/jobs/index.js';
import { areaJobs } from '../src/modules/index.js';
import type { AppDeps } from '../src/http/context.js';
import { createProviders } from '../src/providers/index.js';
import { readSpreadsheet } from '../src/lib/spreadsheet/parse.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rowsWanted = arg('rows', 10_000);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-bench-bulk-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: undefined, SEND_WINDOW: '0-24' });
  const database = await prepareDatabase(config, () => {});
  const db = database.db;
  const deps: AppDeps = { db, config, providers: createProviders(config, db) };

  const austin = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const campaign = await db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null } });
  const owner = await db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });

  /**
   * One bulk job of `rows` customers whose numbers start (512) `prefix`, parsed, recorded and drained by the
   * worker; the customers texted twice are counted among those numbers.
   */
  async function bulkSend(rows: number, prefix: string) {
    const sheet = [['First Name', 'Last Name', 'Address', 'Phone Number', 'Email']];
    for (let i = 0; i < rows; i++) sheet.push([`First${i}`, `Last${i}`, `${i} Main St`, `(512) ${prefix}${String(i).padStart(5, '0').slice(0, 1)}-${String(i).padStart(5, '0').slice(1)}`, '']);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sheet), 'Sheet1');
    const file = Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const t0 = performance.now();
    const parsed = rowsFromSheet((await readSpreadsheet(file)).rows);
    const job = await db.bulkJob.create({
      data: {
        locationId: austin.id,
        campaignId: campaign.id,
        kind: 'pcheck',
        createdById: owner.id,
        fileName: 'bench.xlsx',
        total: parsed.length,
        rows: {
          createMany: {
            data: parsed.map((r) => ({ rowNumber: r.rowNumber, name: r.name, phone: r.phone, email: r.email, address: r.address, status: r.valid ? 'standby' : 'error' })),
          },
        },
      },
    });
    const enqueueSeconds = (performance.now() - t0) / 1000;
    const valid = parsed.filter((r) => r.valid).length;

    const t1 = performance.now();
    await enqueueBulk(deps, job.id);
    while ((await db.bulkJob.findUniqueOrThrow({ where: { id: job.id } })).status !== 'done') await new Promise((r) => setTimeout(r, 50));
    const drainSeconds = (performance.now() - t1) / 1000;

    const [counted] = await db.$queryRaw<{ duplicates: number }[]>`
      SELECT COUNT(*)::int AS duplicates FROM (
        SELECT "to" FROM outbox_messages WHERE channel = 'sms' AND location_id = ${austin.id} AND "to" LIKE ${`+1512${prefix}%`}
        GROUP BY "to" HAVING COUNT(*) > 1) d`;
    const sent = await db.bulkJobRow.count({ where: { jobId: job.id, status: 'success' } });
    return { kb: file.length / 1024, rows: parsed.length, valid, enqueueSeconds, drainSeconds, sent, duplicates: counted?.duplicates ?? 0 };
  }

  // The daily counts behind Analyze, the leaderboard and the logs are kept by triggers on the tables a send writes.
  // For comparison, the same send is timed with them off, then on again, in this one run.
  const rollups = async (on: boolean) => {
    for (const table of ['dispatches', 'sms_messages', 'email_logs']) await db.$executeRaw`ALTER TABLE ${Prisma.raw(table)} ${Prisma.raw(on ? 'ENABLE' : 'DISABLE')} TRIGGER USER`;
  };

  deps.jobs = await startJobs(database.url, deps, true, areaJobs);
  const comparison = Math.max(1_000, Math.round(rowsWanted / 2));
  await bulkSend(1_000, '54'); // warms the worker and the tables up, not timed
  const full = await bulkSend(rowsWanted, '55');
  await rollups(false);
  const without = await bulkSend(comparison, '56');
  await rollups(true);
  const withRollups = await bulkSend(comparison, '57');
  await deps.jobs.stop();

  const pace = bulkPace(config);
  const rateOf = (r: typeof full) => (r.sent / r.drainSeconds).toFixed(0);
  console.log(`\nbulk send of ${full.kb.toFixed(0)} KB .xlsx, ${full.rows} rows (${full.valid} valid), Node ${process.versions.node}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`parsed and enqueued:    ${full.enqueueSeconds.toFixed(2)} s`);
  console.log(`drained by the worker:  ${full.drainSeconds.toFixed(1)} s, ${full.sent} sent (${pace.inFlight} in flight, ${pace.sliceMs / 1000} s turns)`);
  console.log(`${comparison} more rows, daily-count triggers off, then on: ${rateOf(without)} and ${rateOf(withRollups)} sends/s`);
  const duplicates = [full, without, withRollups].reduce((n, r) => n + r.duplicates, 0);
  console.log(`customers texted twice: ${duplicates}`);
  console.log(`${rateOf(full)} sends/s`);
  await db.$disconnect();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (duplicates !== 0 || [full, without, withRollups].some((r) => r.sent !== r.valid)) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
