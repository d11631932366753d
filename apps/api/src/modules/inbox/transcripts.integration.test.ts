import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoLocationIds, grantAddons, loginAs, type Agent, type TestContext } from '../../../test/helpers.js';

// The transcripts export stores the lines of days that are over and uses them again until something they show
// changes. Every export here is compared with one written from scratch (the stored days removed first).
let t: TestContext;
let austinId: number;
let owner: Agent;
let dallas: Agent;
let conversationId: number;
let smsId: number;
let pastMessageId: number;
const EXPORT = '/api/kudo-pro/export-sms-transcripts';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const range = { from_date: daysAgo(8), to_date: daysAgo(0) };

beforeAll(async () => {
  t = await createTestApp();
  const ids = await demoLocationIds(t.db);
  austinId = ids.austinId;
  await t.db.location.update({ where: { id: ids.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
  await grantAddons(t.db, ids.dallasId, ['kudoPro']);
  owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  const ownerUser = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  const c = await t.db.conversation.create({ data: { locationId: austinId, phone: '+15125550871', name: 'Wombat Customer' } });
  conversationId = c.id;
  const sms = await t.db.smsMessage.create({
    data: { locationId: austinId, direction: 'outbound', to: c.phone, from: '+15125550100', body: 'Wombat reply', provider: 'outbox', status: 'delivered', createdAt: new Date(Date.now() - 4 * 86_400_000) },
  });
  smsId = sms.id;
  const at = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
  const past = await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'Wombat question, "quoted"', createdAt: at(4, 1) } });
  pastMessageId = past.id;
  await t.db.conversationMessage.create({
    data: { locationId: austinId, conversationId: c.id, direction: 'outbound', body: 'Wombat reply', smsMessageId: sms.id, userId: ownerUser.id, createdAt: at(4) },
  });
  await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'Wombat thanks', createdAt: at(3) } });
  await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'Wombat today' } });
});

/** The export's count header, then its file: the count of stored days comes from what they stored. */
async function exported(agent = owner): Promise<string> {
  const res = await agent.post(EXPORT, range);
  expect(res.statusCode, res.body).toBe(200);
  return `${res.headers['x-total-messages']}\n${res.body}`;
}

/** The export written from scratch: no stored day. */
async function fromScratch(): Promise<string> {
  await t.db.transcriptDay.deleteMany({ where: { locationId: austinId } });
  return exported();
}

const storedDays = async () =>
  (await t.db.transcriptDay.findMany({ where: { locationId: austinId, csv: { not: null } }, orderBy: { day: 'asc' } })).map((d) => d.day.toISOString().slice(0, 10));

describe('stored transcript days', () => {
  it('stores the days that are over and answers the same from them', async () => {
    await t.db.transcriptDay.deleteMany({ where: { locationId: austinId } });
    const first = await exported();
    expect(first).toContain('Wombat question, ""quoted""');
    expect(first).toContain('Wombat today');
    const lines = first.split('\r\n').length - 2;
    expect(first.startsWith(`${lines}\n`)).toBe(true);
    // Day by day, in order, today last.
    const ours = first.split('\r\n').filter((l) => l.startsWith(`${conversationId},Wombat Customer,`));
    const dates = ours.map((l) => l.split(',')[3]!);
    expect(ours).toHaveLength(4);
    expect(dates).toEqual([...dates].sort());
    expect(ours.at(-1)).toContain('Wombat today');
    const stored = await storedDays();
    // Every day of the range but the one still going on (and, in its first hour, the one before).
    expect(stored.length).toBeGreaterThanOrEqual(7);
    expect(stored).not.toContain(daysAgo(0));
    // Stored days are read back as they are: changing one in place shows in the next export.
    expect(await exported()).toBe(first);
    await t.db.$executeRaw`UPDATE transcript_days SET csv = csv || 'marker line' || E'\r\n' WHERE location_id = ${austinId} AND csv LIKE '%Wombat thanks%'`;
    const marked = await exported();
    expect(marked).toContain('marker line');
    expect(marked.split('\n')[0]).toBe(first.split('\n')[0]);
    expect(await fromScratch()).toBe(first);
  });

  it('keeps writing the day still going on: a message of today is in the next export', async () => {
    await exported();
    await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId, direction: 'inbound', body: 'Wombat later today' } });
    const body = await exported();
    expect(body).toContain('Wombat later today');
    expect(body).toBe(await fromScratch());
  });

  it('writes a day again when its messages, their SMS status or their conversation change', async () => {
    const changes: [string, () => Promise<unknown>, string][] = [
      ['an SMS status', () => t.db.smsMessage.update({ where: { id: smsId }, data: { status: 'undelivered' } }), ',undelivered\r\n'],
      ['the conversation name', () => t.db.conversation.update({ where: { id: conversationId }, data: { name: 'Renamed Wombat' } }), 'Renamed Wombat'],
      ['a message body', () => t.db.conversationMessage.update({ where: { id: pastMessageId }, data: { body: 'Wombat question, edited' } }), 'Wombat question, edited'],
      [
        'a message written for a past day',
        () => t.db.conversationMessage.create({ data: { locationId: austinId, conversationId, direction: 'inbound', body: 'Wombat backdated', createdAt: new Date(Date.now() - 6 * 86_400_000) } }),
        'Wombat backdated',
      ],
    ];
    for (const [what, change, shown] of changes) {
      await exported();
      await change();
      const body = await exported();
      expect(body, what).toContain(shown);
      expect(body, what).toBe(await fromScratch());
    }
    await exported();
    await t.db.conversationMessage.delete({ where: { id: pastMessageId } });
    const body = await exported();
    expect(body).not.toContain('Wombat question');
    expect(body).toBe(await fromScratch());
  });

  it('writes every day again for a new time zone or a staff member’s new email', async () => {
    const before = await exported();
    await t.db.location.update({ where: { id: austinId }, data: { timeZone: 'Pacific/Auckland' } });
    try {
      const moved = await exported();
      expect(moved).not.toBe(before);
      expect(moved).toBe(await fromScratch());
    } finally {
      await t.db.location.update({ where: { id: austinId }, data: { timeZone: 'America/Chicago' } });
    }
    expect(await exported()).toBe(await fromScratch());

    await exported();
    await t.db.user.update({ where: { email: 'owner@kudo.test' }, data: { email: 'wombat.owner@kudo.test' } });
    try {
      const body = await exported();
      expect(body).toContain('wombat.owner@kudo.test');
      expect(body).toBe(await fromScratch());
    } finally {
      await t.db.user.update({ where: { email: 'wombat.owner@kudo.test' }, data: { email: 'owner@kudo.test' } });
    }
    const body = await exported();
    expect(body).not.toContain('wombat.owner@kudo.test');
    expect(body).toBe(await fromScratch());
  });

  it('keeps each location’s days to itself', async () => {
    await exported();
    const theirs = await exported(dallas);
    expect(theirs).not.toContain('Wombat');
  });
});
