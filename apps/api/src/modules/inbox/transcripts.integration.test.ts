import { beforeAll, describe, expect, it } from 'vitest';
import { csvLine, inboxApi } from '@kudo/shared';
import { grantAddons, json, loginAs, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

// The transcripts export stores the lines of days that are over, and the head of the day still going on, in both its
// forms, and uses them again until something they show changes. Every export here is compared with one written from
// scratch (the stored days removed first), and its JSON form with its CSV form, cell by cell.
let dallas: Agent;
let conversationId: number;
let smsId: number;
let pastMessageId: number;
const EXPORT = '/api/kudo-pro/export-sms-transcripts';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const range = { from_date: daysAgo(8), to_date: daysAgo(0) };

const t = useDemoApp();
beforeAll(async () => {
  await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
  await grantAddons(t.db, t.dallasId, ['kudoPro']);
  dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  const ownerUser = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  const c = await t.db.conversation.create({ data: { locationId: t.austinId, phone: '+15125550871', name: 'Wombat Customer' } });
  conversationId = c.id;
  const sms = await t.db.smsMessage.create({
    data: { locationId: t.austinId, direction: 'outbound', to: c.phone, from: '+15125550100', body: 'Wombat reply', provider: 'outbox', status: 'delivered', createdAt: new Date(Date.now() - 4 * 86_400_000) },
  });
  smsId = sms.id;
  const at = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
  const past = await t.db.conversationMessage.create({ data: { locationId: t.austinId, conversationId: c.id, direction: 'inbound', body: 'Wombat question, "quoted"', createdAt: at(4, 1) } });
  pastMessageId = past.id;
  await t.db.conversationMessage.create({
    data: { locationId: t.austinId, conversationId: c.id, direction: 'outbound', body: 'Wombat reply', smsMessageId: sms.id, userId: ownerUser.id, createdAt: at(4) },
  });
  await t.db.conversationMessage.create({ data: { locationId: t.austinId, conversationId: c.id, direction: 'inbound', body: 'Wombat thanks', createdAt: at(3) } });
  await t.db.conversationMessage.create({ data: { locationId: t.austinId, conversationId: c.id, direction: 'inbound', body: 'Wombat today' } });
});

const CSV = { accept: 'text/csv' };

/**
 * The export's count header, then its CSV file: the count of stored days comes from what they stored. The JSON form,
 * asked for first, must hold the same rows: each row's cells written as CSV give the file's lines, and the count is
 * the same.
 */
async function exported(agent = t.owner): Promise<string> {
  const rows = await exportedJson(agent);
  const res = await agent.post(EXPORT, range, CSV);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(`${rows.total}\n${'\uFEFF' + csvLine(rows.data.columns.map((c) => c.name)) + rows.data.rows.map((r) => csvLine(r)).join('')}`).toBe(
    `${res.headers['x-total-messages']}\n${res.body}`,
  );
  return `${res.headers['x-total-messages']}\n${res.body}`;
}

/** The export's default, JSON form: the envelope's data, and the count header. */
async function exportedJson(agent = t.owner) {
  const res = await agent.post(EXPORT, range);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = json(res) as { status: number; data: inboxApi.TranscriptsData };
  // Nothing more and nothing less than the registry's schema.
  expect(inboxApi.exportTranscripts.produces['application/json'].parse(body)).toEqual(body);
  return { total: res.headers['x-total-messages'], data: body.data };
}

/** The export written from scratch: no stored day. */
async function fromScratch(): Promise<string> {
  await t.db.transcriptDay.deleteMany({ where: { locationId: t.austinId } });
  return exported();
}

const storedDays = async () =>
  (await t.db.transcriptDay.findMany({ where: { locationId: t.austinId, csv: { not: null } }, orderBy: { day: 'asc' } })).map((d) => d.day.toISOString().slice(0, 10));

describe('stored transcript days', () => {
  it('stores the days that are over and answers the same from them', async () => {
    await t.db.transcriptDay.deleteMany({ where: { locationId: t.austinId } });
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
    // Every day of the range; of the one still going on, only what is more than two hours old.
    expect(stored.length).toBeGreaterThanOrEqual(7);
    for (const day of await t.db.transcriptDay.findMany({ where: { locationId: t.austinId, csv: { not: null } } })) {
      expect(day.upto!.getTime()).toBeLessThanOrEqual(Date.now() - 2 * 3_600_000);
    }
    // Stored days are read back as they are: changing one in place shows in the next export.
    expect(await exported()).toBe(first);
    await t.db.$executeRaw`UPDATE transcript_days SET csv = csv || 'marker line' || E'\r\n', json = json || ',["marker line"]'
                           WHERE location_id = ${t.austinId} AND csv LIKE '%Wombat thanks%'`;
    const marked = await exported();
    expect(marked).toContain('marker line');
    expect(marked.split('\n')[0]).toBe(first.split('\n')[0]);
    expect(await fromScratch()).toBe(first);
  });

  it('keeps writing the day still going on: a message of today is in the next export', async () => {
    await exported();
    await t.db.conversationMessage.create({ data: { locationId: t.austinId, conversationId, direction: 'inbound', body: 'Wombat later today' } });
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
        () => t.db.conversationMessage.create({ data: { locationId: t.austinId, conversationId, direction: 'inbound', body: 'Wombat backdated', createdAt: new Date(Date.now() - 6 * 86_400_000) } }),
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
    await t.db.location.update({ where: { id: t.austinId }, data: { timeZone: 'Pacific/Auckland' } });
    try {
      const moved = await exported();
      expect(moved).not.toBe(before);
      expect(moved).toBe(await fromScratch());
    } finally {
      await t.db.location.update({ where: { id: t.austinId }, data: { timeZone: 'America/Chicago' } });
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

describe('the stored head of the day still going on', () => {
  it('holds what is two hours old; the export adds what came after, and grows the head as time goes by', async () => {
    // A zone where it is about noon, so that today has hours behind it.
    const offset = 12 - new Date().getUTCHours();
    const zone = offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    await t.db.location.update({ where: { id: t.austinId }, data: { timeZone: zone } });
    const row = () => t.db.transcriptDay.findUniqueOrThrow({ where: { locationId_day: { locationId: t.austinId, day: new Date(`${today}T00:00:00Z`) } } });
    try {
      const c = await t.db.conversation.create({ data: { locationId: t.austinId, phone: '+15125550872', name: 'Numbat Customer' } });
      const write = (body: string, hoursAgo = 0) =>
        t.db.conversationMessage.create({ data: { locationId: t.austinId, conversationId: c.id, direction: 'inbound', body, createdAt: new Date(Date.now() - hoursAgo * 3_600_000) } });
      const five = await write('Numbat five', 5);
      const four = await write('Numbat four', 4);
      await write('Numbat three', 3);
      await write('Numbat recent', 0.5);

      const first = await fromScratch();
      const head = await row();
      expect(head.csv).toContain('Numbat three');
      expect(head.csv).not.toContain('Numbat recent');
      expect(head.upto!.getTime()).toBeLessThanOrEqual(Date.now() - 2 * 3_600_000);
      expect(head.upto!.getTime()).toBeGreaterThan(Date.now() - 2 * 3_600_000 - 180_000);
      expect(head.messages).toBe(head.csv!.split('\r\n').length - 1);
      expect(head.json).toContain('Numbat three');
      expect(head.json).not.toContain('Numbat recent');
      expect(JSON.parse(`[${head.json!.slice(1)}]`)).toHaveLength(head.messages);
      expect(await exported()).toBe(first);

      // A new message marks nothing: the head stays, and the message is in the next export after it.
      await write('Numbat now');
      const later = await exported();
      expect(later).toContain('Numbat now');
      expect(later.indexOf('Numbat now')).toBeGreaterThan(later.indexOf('Numbat recent'));
      expect((await row()).version).toBe(head.version);
      expect(later).toBe(await fromScratch());

      // A change to a message of the head marks the day stale, and the next export writes the day again.
      await t.db.conversationMessage.update({ where: { id: five.id }, data: { body: 'Numbat five, edited' } });
      expect((await row()).csv).toBeNull();
      expect((await row()).json).toBeNull();
      const edited = await exported();
      expect(edited).toContain('Numbat five, edited');
      expect(edited).toBe(await fromScratch());

      // A head that ends earlier, as an export four hours ago would have left it, grows by what is now two hours old.
      const reference = await fromScratch();
      const full = await row();
      const cut = full.csv!.lastIndexOf('\r\n', full.csv!.indexOf('Numbat four')) + 2;
      const shorter = full.csv!.slice(0, cut);
      const shorterJson = full.json!.slice(0, full.json!.lastIndexOf(',[', full.json!.indexOf('Numbat four')));
      expect(JSON.parse(`[${shorterJson.slice(1)}]`)).toHaveLength(shorter.split('\r\n').length - 1);
      await t.db.transcriptDay.update({
        where: { locationId_day: { locationId: t.austinId, day: full.day } },
        data: { csv: shorter, json: shorterJson, upto: four.createdAt, messages: shorter.split('\r\n').length - 1 },
      });
      expect(await exported()).toBe(reference);
      const grown = await row();
      expect(grown.upto!.getTime()).toBeGreaterThanOrEqual(full.upto!.getTime());
      expect(grown.csv!.startsWith(shorter)).toBe(true);
      expect(grown.json!.startsWith(shorterJson)).toBe(true);
      expect(grown.csv).toContain('Numbat three');
      expect(grown.csv).not.toContain('Numbat recent');
      expect(grown.messages).toBe(grown.csv!.split('\r\n').length - 1);
      expect(await exported()).toBe(reference);
    } finally {
      await t.db.location.update({ where: { id: t.austinId }, data: { timeZone: 'America/Chicago' } });
    }
  });
});
