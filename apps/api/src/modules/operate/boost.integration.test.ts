import { describe, expect, it } from 'vitest';
import { recordConsent } from '../../lib/consent.js';
import { createTestApp, loginAs } from '../../../test/helpers.js';
import { sendBoostFollowUps } from './boost.js';

const HOUR = 3600_000;

/** A fixed-offset zone where the local time is now about `hour` o'clock. */
function zoneAt(hour: number): string {
  let offset = hour - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe('Kudo Boost follow-ups', async () => {
  const t = await createTestApp();
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  await t.db.location.update({ where: { id: austin.id }, data: { timeZone: zoneAt(12), enabledFeatures: ['kudo boost'] } });
  await t.db.boostSettings.upsert({ where: { locationId: austin.id }, create: { locationId: austin.id, enabled: true }, update: { enabled: true } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const deps = { ...t.app.deps, log: t.app.log };

  const sendAged = async (phone: string, hoursAgo: number) => {
    await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: phone, customer_name: 'Val Kim' });
    const d = await t.db.dispatch.findFirstOrThrow({ where: { customerPhone: `+1${phone}` }, orderBy: { id: 'desc' } });
    await t.db.dispatch.update({ where: { id: d.id }, data: { createdAt: new Date(Date.now() - hoursAgo * HOUR) } });
    return d.id;
  };
  const texts = (phone: string) => t.db.outboxMessage.count({ where: { to: `+1${phone}` } });

  it('follows up once on a pulseCheck unanswered for 48 hours, never twice, never on answered or fresh ones', async () => {
    const unanswered = await sendAged('5125551101', 50);
    const answered = await sendAged('5125551102', 50);
    await t.db.dispatch.update({ where: { id: answered }, data: { respondedAt: new Date() } });
    await sendAged('5125551103', 10);
    await sendAged('5125551104', 100);

    const now = new Date();
    expect(await sendBoostFollowUps(deps, now)).toBe(1);
    expect(await texts('5125551101')).toBe(2);
    expect(await texts('5125551102')).toBe(1);
    expect(await texts('5125551103')).toBe(1);
    expect(await texts('5125551104')).toBe(1);
    const followUp = await t.db.dispatch.findFirstOrThrow({ where: { followUpOfId: unanswered } });
    expect(followUp.source).toBe('boost');

    // Again, and with the follow-up itself 48 hours old: nothing more.
    await t.db.dispatch.update({ where: { id: followUp.id }, data: { createdAt: new Date(Date.now() - 50 * HOUR) } });
    expect(await sendBoostFollowUps(deps, now)).toBe(0);
    expect(await texts('5125551101')).toBe(2);
  });

  it('waits for the sending window, skips opted-out numbers, and stays off where Boost is off', async () => {
    await sendAged('5125551105', 49);
    await t.db.location.update({ where: { id: austin.id }, data: { timeZone: zoneAt(23) } });
    expect(await sendBoostFollowUps(deps, new Date())).toBe(0);
    await t.db.location.update({ where: { id: austin.id }, data: { timeZone: zoneAt(12) } });
    expect(await texts('5125551105')).toBe(1);

    await sendAged('5125551106', 49);
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125551106', scope: 'all', action: 'opt_out', source: 'keyword' });
    await t.db.boostSettings.update({ where: { locationId: austin.id }, data: { enabled: false } });
    expect(await sendBoostFollowUps(deps, new Date())).toBe(0);
    await t.db.boostSettings.update({ where: { locationId: austin.id }, data: { enabled: true } });
    await sendBoostFollowUps(deps, new Date());
    expect(await texts('5125551106')).toBe(1);
    expect(await texts('5125551105')).toBe(2);
  });
});
