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

  it('drops webhook events after 30 days unless a delivery is still to go, and events nobody waits for at once', async () => {
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { deletedAt: null } });
    const locationId = campaign.locationId;
    const sub = await t.db.webhookSubscription.create({ data: { publicId: 'wh_cleanup0000000', locationId, url: 'https://93.184.216.34/', events: ['review.created'], secret: 'x' } });
    const old = new Date(Date.now() - 31 * 86_400_000);
    const event = (n: number, createdAt = new Date()) => t.db.webhookEvent.create({ data: { publicId: `evt_cleanup${n}`, locationId, type: 'review.created', body: '{}', createdAt } });
    const oldDone = await event(1, old);
    const oldWaiting = await event(2, old);
    const fresh = await event(3);
    const orphan = await event(4);
    await t.db.webhookDelivery.create({ data: { eventId: oldDone.id, subscriptionId: sub.id, locationId, status: 'succeeded' } });
    await t.db.webhookDelivery.create({ data: { eventId: oldWaiting.id, subscriptionId: sub.id, locationId, status: 'pending', nextAttemptAt: new Date() } });
    await t.db.webhookDelivery.create({ data: { eventId: fresh.id, subscriptionId: sub.id, locationId, status: 'failed' } });
    await cleanupJob.handler({}, { ...t.app.deps, log: t.app.log });
    const left = (await t.db.webhookEvent.findMany({ where: { id: { in: [oldDone.id, oldWaiting.id, fresh.id, orphan.id] } } })).map((e) => e.id);
    expect(left.sort()).toEqual([oldWaiting.id, fresh.id].sort());
    expect(await t.db.webhookDelivery.count({ where: { eventId: oldDone.id } })).toBe(0);
  });
});
