import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoLocationIds, loginAs, type TestContext } from '../../test/helpers.js';
import { derivedDir } from '../boot.js';
import { repoRoot } from '../config.js';
import { applyDerivedDefinitions } from '../db/derived.js';
import { poolOf, Prisma } from '../lib/db.js';
import { derivedCheckJob } from './job.js';
import { DERIVED_STORES } from './registry.js';
import { verifyDerived, verifyReport } from './verify.js';

let t: TestContext;
let austinId: number;
let dallasId: number;
let campaignId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ austinId, dallasId } = await demoLocationIds(t.db));
  campaignId = (await t.db.campaign.create({
    data: { locationId: austinId, uid: randomBytes(6).toString('hex'), name: 'Derived Tester', description: '', department: 'Derived QA', image: '', employeeId: 'E-D' },
  })).id;
});

/** One figure of a derived table summed over a location's rows. */
async function total(table: string, column: string, locationId: number, where = 'true'): Promise<number> {
  const { rows } = await poolOf(t.db).query<{ n: number }>(`SELECT coalesce(sum(${column}), 0)::float8 AS n FROM ${table} WHERE location_id = $1 AND ${where}`, [locationId]);
  return rows[0]!.n;
}

const dispatch = (data: { smsStatus?: number | null; emailStatus?: number | null; isTest?: boolean; kind?: 'pcheck' | 'bio' }) =>
  t.db.dispatch.create({
    data: {
      locationId: austinId, campaignId, kind: data.kind ?? 'pcheck', source: 'web', isTest: data.isTest ?? false,
      smsStatus: data.smsStatus ?? null, emailStatus: data.emailStatus ?? null,
      tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000),
    },
  });

describe('contact cards', () => {
  it('a card moved to another location is counted there and no longer where it was', async () => {
    const sentAt = new Date();
    const card = await t.db.contactCardSend.create({ data: { locationId: austinId, to: '+15125550901', status: 'sent', sendAfter: sentAt, sentAt } });
    const before = [await total('dispatch_daily_stats', 'contact_cards', austinId), await total('dispatch_daily_stats', 'contact_cards', dallasId)];
    await t.db.contactCardSend.update({ where: { id: card.id }, data: { locationId: dallasId } });
    expect([await total('dispatch_daily_stats', 'contact_cards', austinId), await total('dispatch_daily_stats', 'contact_cards', dallasId)])
      .toEqual([before[0]! - 1, before[1]! + 1]);
  });
});

describe('what counts as sent', () => {
  /** Analyze's pulseChecks sent (a send per channel) and the leaderboard's, of the test campaign. */
  const sent = async () => ({
    analyze: await total('dispatch_daily_stats', 'pcheck_sms + pcheck_email', austinId),
    leaderboard: await total('campaign_daily_stats', 'pchecks', austinId, `campaign_id = ${campaignId}`),
  });

  it('is a dispatch, not a test, that at least one channel took: in Analyze and on the leaderboard alike', async () => {
    const start = await sent();
    const failed = await dispatch({ smsStatus: 0 });
    await dispatch({ smsStatus: null, emailStatus: null });
    await dispatch({ smsStatus: 1, isTest: true });
    expect(await sent()).toEqual(start);
    await t.db.dispatch.update({ where: { id: failed.id }, data: { smsStatus: 1 } });
    expect(await sent()).toEqual({ analyze: start.analyze + 1, leaderboard: start.leaderboard + 1 });
    // Both channels: two sends in Analyze, one pulseCheck on the leaderboard.
    await dispatch({ smsStatus: 1, emailStatus: 1 });
    expect(await sent()).toEqual({ analyze: start.analyze + 3, leaderboard: start.leaderboard + 2 });
  });
});

describe('every store and its rebuild', () => {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  const ago = (n: number, hour = 15) => new Date(`${day(n).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:20:00Z`);
  /** Every store of every location over every day: what differs, per store (a check: nothing is written). */
  const check = async () => Object.fromEntries((await verifyDerived(poolOf(t.db), { all: true })).stores.map((s) => [s.store, s.differ]));
  const exact = Object.fromEntries(DERIVED_STORES.map((s) => [s.store, 0]));

  it('lists each store once, with its file, sources, triggers and test', async () => {
    const names = DERIVED_STORES.map((s) => s.store);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['review_daily_counts', 'dispatch_daily_stats', 'campaign_daily_stats', 'log_daily_counts', 'inbox_unread_totals',
      'transcript_days', 'conversation_list_entries', 'reviews.export_row']) expect(names).toContain(name);
    const files = fs.readdirSync(derivedDir);
    for (const store of DERIVED_STORES) {
      expect(files, store.store).toContain(store.file);
      expect(fs.existsSync(path.join(repoRoot, store.test)), store.store).toBe(true);
      expect(store.sources.length * store.triggers.length, store.store).toBeGreaterThan(0);
      // Every trigger it names exists (`_*` or `/_update…` after a name stands for its insert, update and delete triggers).
      for (const trigger of store.triggers) {
        const prefix = trigger.split('/')[0]!.replace(/_\*$/, '');
        const [row] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE ${prefix + '%'}`;
        expect(row!.n, trigger).toBeGreaterThan(0);
      }
    }
  });

  it('are equal after every write path, and a store made wrong is found and repaired', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    expect(await check()).toEqual(exact);

    // Inbox: customers text in, staff read, answer, mark unread, close; messages of past days for the transcripts.
    const texts = async (from: string, body: string) => {
      const res = await owner.post('/api/dev/outbox/reply', { from, to: '+15125550100', body });
      expect(res.statusCode, res.body).toBe(200);
      return (await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austinId, phone: from } } })).id;
    };
    const a = await texts('+15125550931', 'Is Friday still on?');
    const b = await texts('+15125550932', 'The sink is leaking');
    await texts('+15125550931', 'Also, the invoice');
    const common = (id: number) => ({ customer_id: id, user_id: null, channel: 'sms', to_number: '', conv_user_id: null, current_user: null });
    const P = '/api/kudo-pro/conversation';
    for (const [agent, path, body] of [
      [owner, 'read-receipt', common(a)], [admin, 'read-receipt', common(b)], [owner, 'send-message', { customer_id: b, body: 'On our way' }],
      [owner, 'mark-unread', common(a)], [admin, 'home-owner', { ...common(b), action: 'close' }],
    ] as const) {
      const res = await agent.post(`${P}/${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const n of [2, 3, 4]) {
      await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: a, direction: 'inbound', body: `Past ${n}`, createdAt: ago(n) } });
    }
    const transcripts = { from_date: ago(6).toISOString().slice(0, 10), to_date: ago(0).toISOString().slice(0, 10) };
    expect((await owner.post('/api/kudo-pro/export-sms-transcripts', transcripts, { accept: 'text/csv' })).statusCode).toBe(200);
    expect(await t.db.transcriptDay.count({ where: { locationId: austinId, csv: { not: null } } })).toBeGreaterThan(0);
    await t.db.$executeRaw`UPDATE conversation_messages SET body = 'Past, edited' WHERE conversation_id = ${a} AND body = 'Past 3'`;
    await t.db.$executeRaw`UPDATE conversations SET name = 'Renamed Customer', inbound_count = inbound_count + 1 WHERE id = ${a}`;
    await t.db.$executeRaw`UPDATE conversation_reads SET read_count = read_count + 1 WHERE conversation_id = ${a}`;
    await t.db.$executeRaw`UPDATE users SET email = 'owner+renamed@kudo.test' WHERE email = 'owner@kudo.test'`;
    await t.db.$executeRaw`UPDATE users SET email = 'owner@kudo.test' WHERE email = 'owner+renamed@kudo.test'`;

    // Sends, answers and reviews: one at a time and many in one statement; moved, tested, failed, archived, deleted.
    const sent = await owner.post('/api/kudo-beta/dispatch/send-pcheck', {
      campaign_uid: (await t.db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).uid, customer_name: 'Pat Jones', customer_address: '1 Main St',
      customer_phone: '5125550933', is_test: false,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.db.$executeRaw`
      INSERT INTO dispatches (location_id, campaign_id, kind, source, token_hash, expires_at, sms_status, email_status, created_at)
      SELECT ${austinId}, ${campaignId}, k, 'web', md5(random()::text || g), now() + interval '1 day', CASE WHEN g % 3 = 0 THEN 0 ELSE 1 END,
             CASE WHEN g % 2 = 0 THEN 1 END, now() - g * interval '7 hours'
        FROM generate_series(1, 12) g, unnest(ARRAY['pcheck', 'bio']::"DispatchKind"[]) k`;
    const answered = await dispatch({ smsStatus: 1 });
    const answer = await t.db.review.create({
      data: { locationId: austinId, source: 'kudo', dispatchId: answered.id, campaignId, authorName: 'Pat J.', rating: 5, sentiment: 'positive', kudoIndex: 23 / 3,
        sliders: [{ name: 'a', value: 7 }, { name: 'b', value: 8 }, { name: 'c', value: 8 }], reviewLead: true, postedAt: ago(1, 3) },
    });
    await t.db.$executeRaw`UPDATE dispatches SET sms_status = 1 WHERE location_id = ${austinId} AND sms_status = 0 AND created_at > now() - interval '30 hours'`;
    await t.db.$executeRaw`UPDATE dispatches SET is_test = true WHERE location_id = ${austinId} AND kind = 'bio' AND created_at > now() - interval '20 hours'`;
    await t.db.$executeRaw`UPDATE dispatches SET created_at = created_at - interval '2 days' WHERE location_id = ${austinId} AND created_at > now() - interval '10 hours'`;
    await t.db.$executeRaw`DELETE FROM dispatches WHERE location_id = ${austinId} AND created_at < now() - interval '70 hours' AND created_at > now() - interval '80 hours' AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.dispatch_id = dispatches.id)`;
    await t.db.review.update({ where: { id: answer.id }, data: { kudoIndex: 8.5, sentiment: 'neutral', text: 'Good', approvedForWidget: true } });
    const google = await t.db.review.create({ data: { locationId: austinId, source: 'google', authorName: 'Sam R.', rating: 4, text: 'Fine', campaignId, postedAt: ago(2) } });
    // Topics as the classifier writes them (several reviews in one statement), then changed by the steps below.
    await t.db.$executeRaw`
      UPDATE reviews r SET topics = x.topics, topic_sentiments = x.polarities
        FROM (VALUES (${answer.id}::int, ARRAY['price', 'quality'], '{"price": -1, "quality": 1}'::jsonb),
                     (${google.id}::int, ARRAY['punctuality'], '{"punctuality": 0}'::jsonb)) x(id, topics, polarities)
       WHERE r.id = x.id`;
    await t.db.$executeRaw`UPDATE reviews SET topic_sentiments = '{"price": 1, "quality": 1}' WHERE id = ${answer.id}`;
    await t.db.review.update({ where: { id: google.id }, data: { archived: true, audioUrl: 'https://cdn.example.com/a.mp3', postedAt: ago(3, 2) } });
    await t.db.review.update({ where: { id: answer.id }, data: { archived: true } });
    await t.db.review.update({ where: { id: answer.id }, data: { archived: false, campaignId: null } });
    await t.db.$executeRaw`UPDATE campaigns SET name = 'Derived Renamed', department = 'Derived Dept' WHERE id = ${campaignId}`;
    await t.db.review.delete({ where: { id: google.id } });

    // Contact cards and the logs: sent, moved to another day and location, deleted.
    const card = await t.db.contactCardSend.create({ data: { locationId: austinId, to: '+15125550934', status: 'pending', sendAfter: new Date() } });
    await t.db.contactCardSend.update({ where: { id: card.id }, data: { status: 'sent', sentAt: new Date() } });
    await t.db.contactCardSend.update({ where: { id: card.id }, data: { sentAt: ago(2) } });
    await t.db.$executeRaw`
      INSERT INTO email_logs (location_id, app, "to", subject, provider, status, created_at)
      SELECT ${austinId}, 'app', 'derived' || g || '@example.com', 'Hello', 'outbox', 'sent', now() - g * interval '9 hours' FROM generate_series(1, 8) g`;
    await t.db.$executeRaw`UPDATE email_logs SET created_at = created_at - interval '1 day' WHERE "to" LIKE 'derived%@example.com' AND created_at < now() - interval '30 hours'`;
    await t.db.$executeRaw`UPDATE email_logs SET location_id = ${dallasId} WHERE "to" = 'derived1@example.com'`;
    await t.db.$executeRaw`DELETE FROM email_logs WHERE "to" = 'derived2@example.com'`;
    await t.db.$executeRaw`UPDATE sms_messages SET created_at = created_at - interval '1 day', status = 'delivered' WHERE location_id = ${austinId} AND "to" = '+15125550932'`;
    await t.db.$executeRaw`UPDATE sms_messages SET direction = 'inbound' WHERE location_id = ${austinId} AND "to" = '+15125550933'`;

    // A new time zone moves every day of the location.
    await t.db.$executeRaw`UPDATE locations SET time_zone = 'America/Los_Angeles' WHERE id = ${austinId}`;
    await t.db.$executeRaw`UPDATE conversations SET active = true WHERE id = ${b}`;
    await t.db.conversation.delete({ where: { id: a } });

    expect(await check()).toEqual(exact);

    // Each store made wrong on purpose is found, and a repair leaves nothing to find. The export stores the days again.
    expect((await owner.post('/api/kudo-pro/export-sms-transcripts', transcripts, { accept: 'text/csv' })).statusCode).toBe(200);
    const anyConversation = (await t.db.conversation.findFirstOrThrow({ where: { locationId: austinId } })).id;
    await t.db.$executeRaw`UPDATE transcript_days SET csv = csv || 'x' WHERE location_id = ${austinId} AND csv IS NOT NULL`;
    // The check reads the current stored days only: those of the location's epoch. Days stored before the zone changed
    // keep their lines under the old epoch until an export stores them again (which one did depends on the hour).
    const [current] = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM transcript_days d
       WHERE d.location_id = ${austinId} AND d.csv IS NOT NULL AND d.json IS NOT NULL AND d.upto IS NOT NULL
         AND d.epoch = coalesce((SELECT e.epoch FROM transcript_epochs e WHERE e.location_id = ${austinId}), 0)`;
    const storedDays = current!.n;
    expect(storedDays).toBeGreaterThan(0);
    await t.db.$executeRaw`UPDATE review_daily_counts SET count = count + 1 WHERE location_id = ${austinId} AND day = (SELECT max(day) FROM review_daily_counts WHERE location_id = ${austinId})`;
    await t.db.$executeRaw`UPDATE dispatch_daily_stats SET kudo_index_sum_x2520 = kudo_index_sum_x2520 + 1 WHERE location_id = ${austinId} AND day = (SELECT max(day) FROM dispatch_daily_stats WHERE location_id = ${austinId})`;
    await t.db.$executeRaw`DELETE FROM campaign_daily_stats WHERE location_id = ${austinId} AND campaign_id = ${campaignId}`;
    await t.db.$executeRaw`UPDATE review_topic_daily_counts SET positive[2] = positive[2] + 1 WHERE location_id = ${austinId} AND day = (SELECT max(day) FROM review_topic_daily_counts WHERE location_id = ${austinId})`;
    await t.db.$executeRaw`UPDATE review_topic_monthly_counts SET negative[4] = negative[4] + 1 WHERE location_id = ${austinId}`;
    await t.db.$executeRaw`INSERT INTO log_daily_counts (location_id, day, channel, count) VALUES (${austinId}, '2001-01-01', 'sms', 3)`;
    await t.db.$executeRaw`UPDATE inbox_unread_totals SET count = count + 2 WHERE location_id = ${austinId} AND user_id = 0`;
    await t.db.$executeRaw`UPDATE conversation_list_entries SET json = '{}' WHERE conversation_id = ${anyConversation}`;
    // The export row's trigger writes the row whatever the statement says: it is held off for this one.
    await t.db.$transaction([
      t.db.$executeRaw`ALTER TABLE reviews DISABLE TRIGGER reviews_export_row`,
      t.db.$executeRaw`UPDATE reviews SET export_row = '[]' WHERE id = ${answer.id}`,
      t.db.$executeRaw`ALTER TABLE reviews ENABLE ALWAYS TRIGGER reviews_export_row`,
    ]);
    const found = await check();
    for (const store of DERIVED_STORES) expect(found[store.store], store.store).toBeGreaterThan(0);
    expect(found['transcript_days']).toBe(storedDays);
    expect(await check()).toEqual(found);

    const repaired = await verifyDerived(poolOf(t.db), { all: true, repair: true });
    expect(repaired.differ).toBe(Object.values(found).reduce((n, v) => n + v, 0));
    expect(verifyReport(repaired, true).at(-1)).toBe(`derived: ${DERIVED_STORES.length} stores checked, ${repaired.differ} rows differ (repaired)`);
    expect(await check()).toEqual(exact);
    expect(verifyReport(await verifyDerived(poolOf(t.db), { all: true }), false).at(-1)).toBe(`derived: ${DERIVED_STORES.length} stores checked, 0 rows differ`);
  });

  it('is checked every night over the last days, repaired, and recorded in Api Tasks', async () => {
    await t.db.$executeRaw`UPDATE log_daily_counts SET count = count + 4 WHERE location_id = ${austinId} AND day = (now() AT TIME ZONE 'America/Los_Angeles')::date AND channel = 'email'`;
    const before = await t.db.apiTask.count({ where: { task: 'Derived data check' } });
    await derivedCheckJob.handler({}, { ...t.app.deps, log: t.app.log });
    const tasks = await t.db.apiTask.findMany({ where: { task: 'Derived data check' }, orderBy: { id: 'asc' }, skip: before });
    expect(tasks.length).toBe(await t.db.location.count());
    const austin = tasks.find((x) => x.locationId === austinId)!;
    expect(austin).toMatchObject({ app: 'system', status: 'failed' });
    expect(austin.message).toMatch(/^1 rows of the derived stores differed from their rebuild \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\) and were written again\.$/);
    expect(tasks.filter((x) => x.locationId !== austinId).every((x) => x.status === 'success')).toBe(true);
    expect(await check()).toEqual(exact);
  });
});

describe('the definitions in prisma/derived', () => {
  it('are applied once, again when their text changes, and not at all when a file fails', async () => {
    const hash = async () => (await t.db.$queryRaw<{ body: string }[]>`SELECT prosrc AS body FROM pg_proc WHERE proname = 'derived_definitions_hash'`)[0]!.body;
    expect(await applyDerivedDefinitions(t.url, derivedDir)).toBe(false);
    const applied = await hash();
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-derived-'));
    try {
      for (const file of fs.readdirSync(derivedDir)) fs.copyFileSync(path.join(derivedDir, file), path.join(copy, file));
      fs.appendFileSync(path.join(copy, 'log_daily_counts.sql'), '\n-- A comment is a change of text.\n');
      expect(await applyDerivedDefinitions(t.url, copy)).toBe(true);
      expect(await applyDerivedDefinitions(t.url, copy)).toBe(false);
      const changed = await hash();
      expect(changed).not.toBe(applied);
      fs.appendFileSync(path.join(copy, 'log_daily_counts.sql'), 'CREATE OR REPLACE FUNCTION derived_broken() RETURNS int LANGUAGE sql AS $$ SELECT nope $$;\n');
      await expect(applyDerivedDefinitions(t.url, copy)).rejects.toThrow(/^prisma\/derived\/log_daily_counts\.sql: .*nope/);
      expect(await hash()).toBe(changed);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
    expect(await applyDerivedDefinitions(t.url, derivedDir)).toBe(true);
    expect(await hash()).toBe(applied);
  });
});

describe('guards', () => {
  it('keeps Kudo Index sums in whole 2520ths, so answers added and taken away leave them exactly as they were', async () => {
    const kept = () => total('dispatch_daily_stats', 'kudo_index_sum_x2520', austinId);
    const keptCampaign = () => total('campaign_daily_stats', 'kudo_sum_x2520', austinId, `campaign_id = ${campaignId}`);
    const start = [await kept(), await keptCampaign()];
    const indexes = [22 / 3, 8.1, 6.7, 0.1, 53 / 7];
    const answers = [];
    for (const kudoIndex of indexes) {
      const d = await dispatch({ smsStatus: 1 });
      answers.push(await t.db.review.create({
        data: { locationId: austinId, source: 'kudo', dispatchId: d.id, campaignId, authorName: 'Pat Q.', rating: 4, sentiment: 'positive', kudoIndex, postedAt: new Date() },
      }));
    }
    expect(await kept()).toBe(start[0]! + indexes.reduce((sum, k) => sum + Math.round(k * 2520), 0));
    for (const a of answers) await t.db.review.update({ where: { id: a.id }, data: { archived: true } });
    expect([await kept(), await keptCampaign()]).toEqual(start);
  });

  it('refuses TRUNCATE of a table data is derived from', async () => {
    for (const table of ['reviews', 'dispatches', 'contact_card_sends', 'sms_messages', 'email_logs', 'conversations', 'conversation_reads', 'conversation_messages']) {
      await expect(t.db.$executeRaw(Prisma.sql`TRUNCATE ${Prisma.raw(table)} CASCADE`)).rejects.toThrow(new RegExp(`TRUNCATE of ${table} is refused`));
    }
    expect(await t.db.review.count()).toBeGreaterThan(0);
  });

  it("ties the logs' counts and the unread totals to their location", async () => {
    await expect(t.db.$executeRaw`INSERT INTO log_daily_counts (location_id, day, channel, count) VALUES (987654, '2026-01-01', 'sms', 1)`).rejects.toThrow(/log_daily_counts_location_id_fkey/);
    await expect(t.db.$executeRaw`INSERT INTO inbox_unread_totals (location_id, user_id, count) VALUES (987654, 0, 1)`).rejects.toThrow(/inbox_unread_totals_location_id_fkey/);
    const cascades = await t.db.$queryRaw<{ name: string }[]>`
      SELECT conname AS name FROM pg_constraint WHERE conname IN ('log_daily_counts_location_id_fkey', 'inbox_unread_totals_location_id_fkey') AND confdeltype = 'c' ORDER BY 1`;
    expect(cascades.map((c) => c.name)).toEqual(['inbox_unread_totals_location_id_fkey', 'log_daily_counts_location_id_fkey']);
  });

  it("sets the pool's sessions a statement timeout and an idle-in-transaction timeout", async () => {
    const [row] = await t.db.$queryRaw<{ statement: string; idle: string }[]>`
      SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle`;
    expect(row).toEqual({ statement: '1min', idle: '10min' });
  });
});
