import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, demoLocationIds, type TestContext } from '../../../test/helpers.js';
import { recordConsent } from '../../lib/consent.js';
import { queueCardAfterPulseCheck, sendDueCards } from './sending.js';

let t: TestContext;
let austinId: number;
let dallasId: number;
let cardKey: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ austinId, dallasId } = await demoLocationIds(t.db));
  await t.db.location.update({ where: { id: austinId }, data: { timeZone: 'America/Chicago' } });
  cardKey = (await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: austinId } })).cardKey;
});

beforeEach(async () => {
  await t.db.contactCardSend.deleteMany({});
  await t.db.contactCardSettings.update({ where: { locationId: austinId }, data: { enabled: true, delayTime: 3600 } });
});

// 10:00 in Chicago on a weekday in November (UTC-6).
const morning = new Date('2026-11-24T16:00:00Z');
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

describe('queueing after a pulseCheck', () => {
  it('queues the card for the delay of the location, once per customer', async () => {
    expect(await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '(512) 555-0161', customerName: 'Dana', now: morning })).toBe(true);
    const row = await t.db.contactCardSend.findFirstOrThrow({ where: { locationId: austinId } });
    expect(row).toMatchObject({ to: '+15125550161', customerName: 'Dana', status: 'pending' });
    expect(row.sendAfter.toISOString()).toBe(minutes(morning, 60).toISOString());
    // A second pulseCheck from the same customer does not queue it again.
    expect(await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '+15125550161', now: minutes(morning, 5) })).toBe(false);
    expect(await t.db.contactCardSend.count()).toBe(1);
  });

  it('queues nothing for a bad number, a card turned off, or a location without the add-on', async () => {
    expect(await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '555-0161', now: morning })).toBe(false);
    expect(await queueCardAfterPulseCheck(t.db, { locationId: dallasId, phone: '5125550162', now: morning })).toBe(false);
    await t.db.contactCardSettings.update({ where: { locationId: dallasId }, data: { enabled: true } });
    // Dallas has no contact-card add-on.
    expect(await queueCardAfterPulseCheck(t.db, { locationId: dallasId, phone: '5125550162', now: morning })).toBe(false);
    await t.db.contactCardSettings.update({ where: { locationId: austinId }, data: { enabled: false } });
    expect(await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '5125550162', now: morning })).toBe(false);
    expect(await t.db.contactCardSend.count()).toBe(0);
  });
});

describe('sending what is due', () => {
  it('waits for the delay, then texts the card with its link', async () => {
    await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '5125550163', customerName: 'Lee', now: morning });
    expect(await sendDueCards(t.app.deps, minutes(morning, 30))).toBe(0);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550163' } })).toBe(0);
    expect(await sendDueCards(t.app.deps, minutes(morning, 61))).toBe(1);
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550163' } });
    expect(sms.locationId).toBe(austinId);
    expect(sms.body).toContain('Lee');
    expect(sms.body).toContain(`http://kudo.test/api/public/contact-card/${cardKey}.vcf`);
    expect((await t.db.contactCardSend.findFirstOrThrow()).status).toBe('sent');
    // Nothing is sent twice.
    expect(await sendDueCards(t.app.deps, minutes(morning, 62))).toBe(0);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550163' } })).toBe(1);
  });

  it('holds a card due after 21:00 until 08:00 the next morning', async () => {
    const evening = new Date('2026-11-25T02:30:00Z'); // 20:30 in Chicago
    await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '5125550164', now: evening });
    expect(await sendDueCards(t.app.deps, minutes(evening, 61))).toBe(0);
    const held = await t.db.contactCardSend.findFirstOrThrow();
    expect(held.status).toBe('pending');
    expect(held.sendAfter.toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(await sendDueCards(t.app.deps, new Date('2026-11-25T14:00:30Z'))).toBe(1);
  });

  it('cancels a card turned off before it was due', async () => {
    await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '5125550165', now: morning });
    await t.db.contactCardSettings.update({ where: { locationId: austinId }, data: { enabled: false } });
    expect(await sendDueCards(t.app.deps, minutes(morning, 61))).toBe(0);
    expect((await t.db.contactCardSend.findFirstOrThrow()).status).toBe('cancelled');
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550165' } })).toBe(0);
  });

  it('never texts a number that opted out', async () => {
    await queueCardAfterPulseCheck(t.db, { locationId: austinId, phone: '5125550166', now: morning });
    await recordConsent(t.db, { locationId: austinId, channel: 'sms', address: '+15125550166', scope: 'all', action: 'opt_out', source: 'keyword' });
    expect(await sendDueCards(t.app.deps, minutes(morning, 61))).toBe(0);
    expect((await t.db.contactCardSend.findFirstOrThrow()).status).toBe('refused');
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550166' } })).toBe(0);
  });
});
