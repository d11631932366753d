import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoLocationIds, type TestContext } from '../../test/helpers.js';

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
  const [row] = await t.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT coalesce(sum(${column}), 0)::float8 AS n FROM ${table} WHERE location_id = $1 AND ${where}`,
    locationId,
  );
  return row!.n;
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
      await expect(t.db.$executeRawUnsafe(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(new RegExp(`TRUNCATE of ${table} is refused`));
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
