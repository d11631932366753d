import { afterAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../http/context.js';
import { startJobs } from '../../jobs/index.js';
import type { SmsMessage, SmsProvider } from '../../providers/sms/index.js';
import { createTestApp } from '../../../test/helpers.js';
import { bulkDispatchJob } from './jobs.js';

describe('bulk sends on the real job worker', async () => {
  const t = await createTestApp({ SEND_WINDOW: '0-24' });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  // Every batch the provider is handed takes a second, so one location's job needs several turns.
  const real = t.app.deps.providers.sms;
  const batches: number[] = [];
  const slow: SmsProvider = {
    kind: real.kind,
    send: (m) => real.send(m),
    async sendMany(messages: SmsMessage[]) {
      batches.push(messages[0]!.locationId!);
      await new Promise((r) => setTimeout(r, 1000));
      return real.sendMany!(messages);
    },
  };
  const deps: AppDeps = { db: t.db, config: t.config, providers: { ...t.app.deps.providers, sms: slow } };
  const queue = await startJobs(t.url, deps, true);
  // As the server does: the handlers queue the next turn of a job through it.
  deps.jobs = queue;
  afterAll(() => queue.stop());

  const bulkJob = async (locationId: number, prefix: string, count: number) => {
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId, deletedAt: null } });
    const rows = Array.from({ length: count }, (_, i) => ({ rowNumber: i + 2, name: `W${i}`, phone: `${prefix}${String(i).padStart(4, '0')}`, status: 'standby' }));
    return t.db.bulkJob.create({
      data: { locationId, campaignId: campaign.id, kind: 'pcheck', createdById: owner.id, fileName: 'w.csv', total: count, rows: { createMany: { data: rows } } },
    });
  };
  const waitDone = async (ids: number[]) => {
    for (let i = 0; i < 250; i++) {
      if ((await t.db.bulkJob.count({ where: { id: { in: ids }, status: 'done' } })) === ids.length) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('picks a queued job up and sends every row', async () => {
    const job = await bulkJob(austin.id, '512555', 3);
    expect(await queue.send(bulkDispatchJob, { jobId: job.id }, { singletonKey: `bulk-${job.id}` })).toBeTruthy();
    await waitDone([job.id]);
    expect((await t.db.bulkJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('done');
    expect(await t.db.outboxMessage.count({ where: { to: { in: ['+15125550000', '+15125550001', '+15125550002'] } } })).toBe(3);
  });

  it("takes turns between two locations' jobs, so both progress", async () => {
    // Dallas is on a trial: each pulseCheck sent spends one of its pulseChecks.
    await t.db.location.update({ where: { id: dallas.id }, data: { pcheckCount: 1000 } });
    const a = await bulkJob(austin.id, '512556', 600);
    const d = await bulkJob(dallas.id, '214556', 600);
    batches.length = 0;
    await queue.send(bulkDispatchJob, { jobId: a.id }, { singletonKey: `bulk-${a.id}` });
    await queue.send(bulkDispatchJob, { jobId: d.id }, { singletonKey: `bulk-${d.id}` });
    await waitDone([a.id, d.id]);

    // Three batches each; Austin's first turn (two batches) is followed by Dallas's before Austin finishes.
    expect(batches.filter((l) => l === austin.id)).toHaveLength(3);
    expect(batches.filter((l) => l === dallas.id)).toHaveLength(3);
    expect(batches.indexOf(dallas.id)).toBeLessThan(batches.lastIndexOf(austin.id));
    expect(batches.indexOf(austin.id)).toBeLessThan(batches.lastIndexOf(dallas.id));
    for (const job of [a, d]) {
      expect(await t.db.bulkJobRow.count({ where: { jobId: job.id, status: 'success' } })).toBe(600);
    }
    const [twice] = await t.db.$queryRaw<{ n: number }[]>`
      SELECT COUNT(*)::int AS n FROM (SELECT "to" FROM outbox_messages WHERE "to" LIKE '+1512556%' OR "to" LIKE '+1214556%' GROUP BY "to" HAVING COUNT(*) > 1) x`;
    expect(twice!.n).toBe(0);
    expect((await t.db.location.findUniqueOrThrow({ where: { id: dallas.id } })).pcheckCount).toBe(400);
  });
});
