import { afterAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../jobs/index.js';
import { createTestApp } from '../../../test/helpers.js';
import { bulkDispatchJob } from './jobs.js';
import { areaJobs } from '../index.js';

describe('bulk sends on the real job worker', async () => {
  const t = await createTestApp({ SEND_WINDOW: '0-24' });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null } });
  const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  const queue = await startJobs(t.url, { db: t.db, config: t.config, providers: t.app.deps.providers }, true, areaJobs);
  afterAll(() => queue.stop());

  it('picks a queued job up and sends every row', async () => {
    const job = await t.db.bulkJob.create({
      data: {
        locationId: austin.id,
        campaignId: campaign.id,
        kind: 'pcheck',
        createdById: owner.id,
        fileName: 'w.csv',
        total: 3,
        rows: { createMany: { data: [0, 1, 2].map((i) => ({ rowNumber: i + 2, name: `W${i}`, phone: `512555090${i}`, status: 'standby' })) } },
      },
    });
    expect(await queue.send(bulkDispatchJob, { jobId: job.id }, { singletonKey: `bulk-${job.id}` })).toBeTruthy();
    for (let i = 0; i < 150; i++) {
      const j = await t.db.bulkJob.findUniqueOrThrow({ where: { id: job.id } });
      if (j.status === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await t.db.bulkJob.findUniqueOrThrow({ where: { id: job.id } })).status).toBe('done');
    expect(await t.db.outboxMessage.count({ where: { to: { in: ['+15125550900', '+15125550901', '+15125550902'] } } })).toBe(3);
  });
});
