import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.js';
import { cleanupJob } from './maintenance.js';

describe('the hourly cleanup', async () => {
  const t = await createTestApp();

  it('drops preview pulseChecks after a day and keeps real ones', async () => {
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { deletedAt: null } });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const base = { locationId: campaign.locationId, campaignId: campaign.id, kind: 'pcheck' as const, expiresAt: new Date(Date.now() + 86_400_000) };
    const oldSample = await t.db.dispatch.create({ data: { ...base, source: 'sample', isTest: true, tokenHash: 'a'.repeat(64), createdAt: twoDaysAgo } });
    const freshSample = await t.db.dispatch.create({ data: { ...base, source: 'sample', isTest: true, tokenHash: 'b'.repeat(64) } });
    const real = await t.db.dispatch.create({ data: { ...base, source: 'dashboard', tokenHash: 'c'.repeat(64), createdAt: twoDaysAgo } });
    await cleanupJob.handler({}, { ...t.app.deps, log: t.app.log });
    const left = (await t.db.dispatch.findMany({ where: { id: { in: [oldSample.id, freshSample.id, real.id] } } })).map((d) => d.id);
    expect(left.sort()).toEqual([freshSample.id, real.id].sort());
  });
});
