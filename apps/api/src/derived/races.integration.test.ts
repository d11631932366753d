import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoLocationIds, loginAs, type Agent, type TestContext } from '../../test/helpers.js';

/**
 * Writers and the changes that rewrite derived rows, on two connections at once: one holds its transaction open
 * while the other runs, and the test waits until the second either finished or waits for a lock (the barrier).
 */
let t: TestContext;
let austinId: number;
let campaignId: number;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ austinId } = await demoLocationIds(t.db));
  campaignId = (await t.db.campaign.findFirstOrThrow({ where: { locationId: austinId, deletedAt: null }, orderBy: { id: 'asc' } })).id;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
});

/** Settles once `work` is over or another session of the database waits for a lock, and says which. */
async function finishedOrWaiting(work: Promise<unknown>, watcher: pg.Client): Promise<'finished' | 'waiting'> {
  let done = false;
  work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 250; i++) {
    if (done) return 'finished';
    const { rows } = await watcher.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the statement neither finished nor waited for a lock');
}

/** Austin's rows of the three day stores, then the same after a rebuild from the source rows: they must be equal. */
async function storesAndRebuild(): Promise<[unknown, unknown]> {
  const rows = async () => ({
    reviews: await t.db.$queryRaw`SELECT day::text, source, sentiment, approved, archived, has_text, has_audio, campaign_id, count
      FROM review_daily_counts WHERE location_id = ${austinId} AND count <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    sends: await t.db.$queryRaw`SELECT day::text, pcheck_sms FROM dispatch_daily_stats WHERE location_id = ${austinId} AND pcheck_sms <> 0 ORDER BY 1`,
    campaigns: await t.db.$queryRaw`SELECT day::text, campaign_id, pchecks FROM campaign_daily_stats WHERE location_id = ${austinId} AND pchecks <> 0 ORDER BY 1, 2`,
  });
  const kept = await rows();
  await t.db.$executeRaw`SELECT analytics_rebuild(${austinId}), leaderboard_rebuild(${austinId})`;
  return [kept, await rows()];
}

/** A Google review and a pulseCheck sent by SMS, both at 03:00 UTC today: the day before in Chicago, today in Tokyo. */
async function write(client: pg.Client) {
  const at = `${new Date().toISOString().slice(0, 10)} 03:00:00`;
  await client.query(`INSERT INTO reviews (location_id, source, author_name, rating, posted_at) VALUES ($1, 'google', 'Zone Tester', 5, $2)`, [austinId, at]);
  await client.query(
    `INSERT INTO dispatches (location_id, campaign_id, kind, source, token_hash, expires_at, sms_status, created_at)
     VALUES ($1, $2, 'pcheck', 'web', $3, now() + interval '1 day', 1, $4)`,
    [austinId, campaignId, randomBytes(16).toString('hex'), at],
  );
}

const setZone = (client: pg.Client, zone: string) => client.query('UPDATE locations SET time_zone = $2 WHERE id = $1', [austinId, zone]);

describe('a time zone change and the writers of the day stores', () => {
  it('waits for a writer whose transaction is open, then counts its rows in the new zone', async () => {
    await t.db.$executeRaw`UPDATE locations SET time_zone = 'America/Chicago' WHERE id = ${austinId}`;
    const [writer, changer, watcher] = [await connect(), await connect(), await connect()];
    await writer.query('BEGIN');
    await write(writer);
    const change = setZone(changer, 'Asia/Tokyo');
    const state = await finishedOrWaiting(change, watcher);
    await writer.query('COMMIT');
    await change;
    expect(state).toBe('waiting');
    const [kept, rebuilt] = await storesAndRebuild();
    expect(kept).toEqual(rebuilt);
  });

  it('makes a writer that comes during the change wait, then file its rows under the new zone', async () => {
    await t.db.$executeRaw`UPDATE locations SET time_zone = 'America/Chicago' WHERE id = ${austinId}`;
    const [writer, changer, watcher] = [await connect(), await connect(), await connect()];
    await changer.query('BEGIN');
    await setZone(changer, 'Asia/Tokyo');
    const writing = write(writer);
    const state = await finishedOrWaiting(writing, watcher);
    await changer.query('COMMIT');
    await writing;
    expect(state).toBe('waiting');
    const [kept, rebuilt] = await storesAndRebuild();
    expect(kept).toEqual(rebuilt);
  });
});

describe('a campaign renamed while its reviews are written', () => {
  let owner: Agent;
  let campaign: { id: number; uid: string; name: string; description: string; department: string; image: string };

  beforeAll(async () => {
    owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    campaign = await t.db.campaign.create({
      data: { locationId: austinId, uid: randomBytes(6).toString('hex'), name: 'Old Name', description: 'Tech', department: 'Drains', image: '/demo/avatar.png' },
    });
    for (let i = 0; i < 3; i++) {
      await t.db.review.create({ data: { locationId: austinId, source: 'google', campaignId: campaign.id, authorName: `Rename ${i}`, rating: 5, postedAt: new Date() } });
    }
  });

  /** E055, as the Settings screen sends it. */
  const rename = (name: string) =>
    owner.post('/api/settings/manage/kudo/campaigns/edit', {
      uid: campaign.uid, name, description: campaign.description, department: campaign.department, image: campaign.image,
    });
  /** The campaign cell of the export row of each of its reviews. */
  const exportedNames = async () =>
    (await t.db.$queryRaw<{ name: string }[]>`SELECT export_row::json->>2 AS name FROM reviews WHERE campaign_id = ${campaign.id} ORDER BY id`).map((r) => r.name);

  it('waits for a review being written with the old name, then writes its row with the new one', async () => {
    const [writer, watcher] = [await connect(), await connect()];
    await writer.query('BEGIN');
    await writer.query(`INSERT INTO reviews (location_id, source, campaign_id, author_name, rating, posted_at) VALUES ($1, 'google', $2, 'During', 4, now())`, [
      austinId, campaign.id,
    ]);
    const renaming = rename('New Name');
    const state = await finishedOrWaiting(renaming, watcher);
    await writer.query('COMMIT');
    expect((await renaming).statusCode).toBe(200);
    const names = await exportedNames();
    expect(names).toHaveLength(4);
    expect(new Set(names)).toEqual(new Set(['New Name']));
    expect(state).toBe('waiting');
  });

  it('commits the rename before it writes the rows again, so no review is held for the rename', async () => {
    const [locker, watcher] = [await connect(), await connect()];
    // A review's row held by someone else (no write of it, so no campaign lock): the rename itself must not wait for it.
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM reviews WHERE campaign_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE', [campaign.id]);
    const renaming = rename('Newer Name');
    const state = await finishedOrWaiting(renaming, watcher);
    const { rows } = await watcher.query<{ name: string }>('SELECT name FROM campaigns WHERE id = $1', [campaign.id]);
    await locker.query('COMMIT');
    expect((await renaming).statusCode).toBe(200);
    expect(state).toBe('waiting');
    expect(rows[0]!.name).toBe('Newer Name');
    expect(new Set(await exportedNames())).toEqual(new Set(['Newer Name']));
  });
});

describe('the transcripts export and a time zone change', () => {
  const EXPORT = '/api/kudo-pro/export-sms-transcripts';
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const range = { from_date: day(6), to_date: day(1) };

  it('stores no day written in the zone it started with once the zone has changed', async () => {
    await t.db.$executeRaw`UPDATE locations SET time_zone = 'America/Chicago' WHERE id = ${austinId}`;
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const c = await t.db.conversation.create({ data: { locationId: austinId, phone: '+15125550877', name: 'Zone Customer' } });
    // 03:30 UTC: the evening before in Chicago, midday in Tokyo.
    for (const n of [2, 3, 4]) {
      await t.db.conversationMessage.create({
        data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: `Zone message ${n}`, createdAt: new Date(`${day(n)}T03:30:00Z`) },
      });
    }
    await t.db.$executeRaw`DELETE FROM transcript_days WHERE location_id = ${austinId}`;
    const exportCsv = async () => {
      const res = await owner.post(EXPORT, range, { accept: 'text/csv' });
      expect(res.statusCode, res.body).toBe(200);
      return `${res.headers['x-total-messages']}\n${res.body}`;
    };

    // The export reads the zone, then waits for the messages (held by another transaction) while the zone changes.
    const [blocker, watcher] = [await connect(), await connect()];
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE conversation_messages IN ACCESS EXCLUSIVE MODE');
    const exporting = exportCsv();
    const state = await finishedOrWaiting(exporting, watcher);
    await setZone(blocker, 'Asia/Tokyo');
    await blocker.query('COMMIT');
    await exporting;
    expect(state).toBe('waiting');

    // The next export, in the new zone, is the one written from scratch.
    const next = await exportCsv();
    await t.db.$executeRaw`DELETE FROM transcript_days WHERE location_id = ${austinId}`;
    expect(next).toBe(await exportCsv());
    expect(next).toContain('Zone message 3');
  });
});
