import http from 'node:http';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { csvField, csvLine, INBOX_MSG } from '@kudo/shared';
import { fakeTwilio } from '../../../test/fake-twilio.js';
import { createTestApp, demoLocationIds, json, loginAs, multipart, recordingQueue, type Agent, grantAddons } from '../../../test/helpers.js';
import { runConversationBulk } from './bulk.js';
import { publishInboxEvent } from './queries/index.js';
import { EXPORT_COLUMNS } from './export.js';

/** The export's CSV form. */
const CSV = { accept: 'text/csv' };

const P = '/api/kudo-pro/conversation';
const AUSTIN_NUMBER = '+15125550100';

/** An open server-sent events stream: the events so far, and a way to wait for one. */
function openStream(url: string, agent: Agent, lastEventId?: number) {
  const events: { id: number; data: any }[] = [];
  let raw = '';
  let headers: http.IncomingHttpHeaders = {};
  const cookie = Object.entries(agent.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  const req = http.get(url, { headers: { cookie, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) } }, (res) => {
    headers = res.headers;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      raw += chunk;
      const blocks = raw.split('\n\n');
      raw = blocks.pop()!;
      for (const block of blocks) {
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
      }
    });
  });
  req.on('error', () => undefined);
  const waitFor = async (pred: (e: { id: number; data: any }) => boolean, ms = 1000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const hit = events.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  };
  const connected = async () => {
    for (let i = 0; i < 200 && !headers['content-type']; i++) await new Promise((r) => setTimeout(r, 25));
    // The subscription is in place once the first bytes came.
    await new Promise((r) => setTimeout(r, 50));
  };
  return { events, waitFor, connected, headers: () => headers, close: () => req.destroy() };
}

describe('live updates, webhooks, multiple conversations, export, reports and website chat', async () => {
  const SID = 'AC00000000000000000000000000000009';
  const TOKEN = 'inbox-twilio-token';
  const PUBLIC = 'https://kudo.example.com';
  const queue = recordingQueue();
  const fake = await fakeTwilio();
  const t = await createTestApp({ PUBLIC_URL: PUBLIC, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM_NUMBER: AUSTIN_NUMBER, TWILIO_BASE_URL: fake.url }, { jobs: queue.queue });
  const { austinId, dallasId } = await demoLocationIds(t.db);
  await t.db.location.update({ where: { id: austinId }, data: { messagingServiceSid: 'MG00000000000000000000000000000abc', timeZone: 'UTC' } });
  await t.db.location.update({ where: { id: dallasId }, data: { freeTrial: false, trialEndsAt: null } });
  await grantAddons(t.db, dallasId, ['kudoPro', 'web-chat']);
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const streamUrl = `${address}${P}/stream`;

  const signed = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC}/api/webhooks/twilio/inbound`, params) },
      payload: new URLSearchParams(params).toString(),
    });

  it('takes a signed inbound text in once however often Twilio retries it, and refuses a bad signature', async () => {
    const params = { AccountSid: SID, MessageSid: 'SMretry0000000000000000000000001', From: '+15125550501', To: AUSTIN_NUMBER, Body: 'Photo of the leak', NumMedia: '1', MediaUrl0: 'https://api.twilio.com/media/leak.jpg' };
    expect((await signed(params)).statusCode).toBe(200);
    expect((await signed(params)).statusCode).toBe(200);
    const c = await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austinId, phone: '+15125550501' } } });
    const messages = await t.db.conversationMessage.findMany({ where: { conversationId: c.id } });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.mediaUrl).toBe('https://api.twilio.com/media/leak.jpg');
    expect(await t.db.smsMessage.count({ where: { providerId: params.MessageSid } })).toBe(1);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bad' },
      payload: new URLSearchParams({ ...params, MessageSid: 'SMforged', From: '+15125550502' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.db.conversation.count({ where: { phone: '+15125550502' } })).toBe(0);
  });

  it('does not drop a text to a Messaging Service number the location does not own itself', async () => {
    const res = await signed({ AccountSid: SID, MessageSid: 'SMsvc00000000000000000000000001', MessagingServiceSid: 'MG00000000000000000000000000000abc', From: '+15125550503', To: '+15125550177', Body: 'Via the service', NumMedia: '0' });
    expect(res.statusCode).toBe(200);
    const c = await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austinId, phone: '+15125550503' } } });
    expect(await t.db.conversationMessage.count({ where: { conversationId: c.id } })).toBe(1);
  });

  it('streams the location’s events (ids only) within a second, never another location’s, and replays after Last-Event-ID', async () => {
    const austinStream = openStream(streamUrl, owner);
    const dallasStream = openStream(streamUrl, dallas);
    await austinStream.connected();
    await dallasStream.connected();
    expect(austinStream.headers()['content-type']).toContain('text/event-stream');
    expect(austinStream.headers()['x-accel-buffering']).toBe('no');
    await signed({ AccountSid: SID, MessageSid: 'SMlive0000000000000000000000001', From: '+15125550504', To: AUSTIN_NUMBER, Body: 'Secret gate code 4321', NumMedia: '0' });
    const c = await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austinId, phone: '+15125550504' } } });
    const hit = await austinStream.waitFor((e) => e.data.conversation_id === c.id && e.data.kind === 'message', 1000);
    expect(hit).not.toBeNull();
    expect(JSON.stringify(hit)).not.toContain('4321');
    expect(Object.keys(hit!.data).sort()).toEqual(['conversation_id', 'id', 'kind', 'message_id']);
    await new Promise((r) => setTimeout(r, 200));
    expect(dallasStream.events).toHaveLength(0);
    austinStream.close();
    dallasStream.close();

    // Missed while away: a reconnect with Last-Event-ID gets it first.
    const missedFrom = hit!.id;
    await signed({ AccountSid: SID, MessageSid: 'SMlive0000000000000000000000002', From: '+15125550504', To: AUSTIN_NUMBER, Body: 'Are you there?', NumMedia: '0' });
    const again = openStream(streamUrl, owner, missedFrom);
    expect(await again.waitFor((e) => e.id > missedFrom && e.data.conversation_id === c.id, 1000)).not.toBeNull();
    again.close();
    const dallasReplay = openStream(streamUrl, dallas, 0);
    await dallasReplay.connected();
    expect(dallasReplay.events.every((e) => e.data.conversation_id !== c.id)).toBe(true);
    dallasReplay.close();
  });

  it('starts conversations from a spreadsheet: each row once, bad rows marked, statuses kept', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['FIRST NAME', 'last name', 'Address', 'Phone Number'],
      ['Ann', 'Lee', '1 Oak St', '(512) 555-0601'],
      ['Bob', 'Ray', '', '512555'],
      ['Cy', 'Fox', '', '5125550501'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const file = { name: 'customers.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data };
    const upload = (fields: Record<string, string>, f?: typeof file) => {
      const { payload, headers } = multipart(fields, f);
      return owner.request('POST', `${P}/new-conversation/bulk`, payload, headers);
    };
    const none = await upload({ body: 'Hi' });
    expect(json(none).message).toBe(INBOX_MSG.fileRequired);
    const tooLong = await upload({ body: 'x'.repeat(301) }, file);
    expect(json(tooLong).message).toBe(INBOX_MSG.overHardTyping);
    expect(json(tooLong).errors).toEqual({ body: INBOX_MSG.overHardTyping });
    const wrong = await upload({ body: 'Hi' }, { ...file, name: 'x.csv', type: 'text/csv', data: Buffer.from('a,b\n1,2\n') });
    expect(json(wrong).message).toBe(INBOX_MSG.fileFormat);

    const res = await upload({ body: 'Your spring tune-up is due.', assignment_rule: 'self' }, file);
    expect(res.statusCode, res.body).toBe(200);
    const job = json(res).data;
    expect(job.rows.map((r: any) => r.status)).toEqual(['standby', 'error', 'standby']);
    const deps = { ...t.app.deps, log: { info: () => undefined, warn: () => undefined, error: () => undefined } };
    const noon = () => new Date(new Date().toISOString().slice(0, 10) + 'T12:00:00Z');
    expect(await runConversationBulk(deps, job.id, noon)).toBe('done');
    await runConversationBulk(deps, job.id, noon);
    const view = json(await owner.get(`${P}/new-conversation/bulk/${job.id}`)).data;
    expect(view.rows.map((r: any) => [r.status, r.message])).toEqual([
      ['success', null],
      ['error', INBOX_MSG.numberRequired],
      ['error', INBOX_MSG.numberExists],
    ]);
    expect(await t.db.conversationMessage.count({ where: { conversation: { phone: '+15125550601', locationId: austinId }, direction: 'outbound' } })).toBe(1);
    expect((await dallas.get(`${P}/new-conversation/bulk/${job.id}`)).statusCode).toBe(404);
  });

  it('exports the transcripts of a range as CSV, only the location’s own', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today }, CSV);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`Messaging_conversations_${today}__${today}.csv`);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Conversation ID,Customer Name,Customer Phone,Date,Direction,Sent By,Message,Media,Status');
    expect(lines.some((l) => l.includes('Photo of the leak'))).toBe(true);
    // The Date column is the message's time in the location's time zone.
    const photo = await t.db.conversationMessage.findFirstOrThrow({ where: { locationId: austinId, body: { contains: 'Photo of the leak' } } });
    const { timeZone } = await t.db.location.findUniqueOrThrow({ where: { id: austinId } });
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(photo.createdAt);
    expect(lines.find((l) => l.includes('Photo of the leak'))).toContain(`,${local},`);
    expect(Number(res.headers['x-total-messages'])).toBe(lines.length - 1);
    const theirs = await dallas.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today }, CSV);
    expect(theirs.body).not.toContain('Photo of the leak');
    const theirRows = json(await dallas.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today })).data.rows as string[][];
    expect(theirRows.flat()).not.toContain(photo.body);
    for (const accept of [CSV, {}]) {
      const backwards = await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: '2020-01-01' }, accept);
      expect(backwards.statusCode).toBe(400);
      expect(json(backwards)).toEqual({ status: 0, message: INBOX_MSG.exportRange, errors: { from_date: INBOX_MSG.exportRange } });
    }
  });

  it('answers the export as columns and rows by default, and as the CSV file for Accept: text/csv', async () => {
    const c = await t.db.conversation.create({ data: { locationId: austinId, phone: '+15125550795', name: 'Forms Customer' } });
    await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'Both forms, please' } });
    // Yesterday and today in UTC hold today in the location's zone, whatever the hour.
    const range = { from_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), to_date: new Date().toISOString().slice(0, 10) };
    const res = await owner.post('/api/kudo-pro/export-sms-transcripts', range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    const body = json(res);
    expect(body.status).toBe(1);
    expect(body.data.columns).toEqual([
      { id: 'conversation_id', name: 'Conversation ID' },
      { id: 'customer_name', name: 'Customer Name' },
      { id: 'customer_phone', name: 'Customer Phone' },
      { id: 'date', name: 'Date' },
      { id: 'direction', name: 'Direction' },
      { id: 'sent_by', name: 'Sent By' },
      { id: 'message', name: 'Message' },
      { id: 'media', name: 'Media' },
      { id: 'status', name: 'Status' },
    ]);
    const rows = body.data.rows as string[][];
    expect(rows.length).toBe(Number(res.headers['x-total-messages']));
    expect(rows.some((r) => r[0] === String(c.id) && r[6] === 'Both forms, please')).toBe(true);
    const csv = await owner.post('/api/kudo-pro/export-sms-transcripts', range, CSV);
    expect(csv.body).toBe('\uFEFF' + csvLine(EXPORT_COLUMNS) + rows.map((r) => csvLine(r)).join(''));
    // The forms an Accept header asks for.
    const cases: [string, string][] = [
      ['application/json', 'application/json; charset=utf-8'],
      ['*/*', 'application/json; charset=utf-8'],
      ['text/plain', 'application/json; charset=utf-8'],
      ['text/csv;q=0', 'application/json; charset=utf-8'],
      ['text/csv;q=0.5, application/json', 'application/json; charset=utf-8'],
      ['text/csv', 'text/csv; charset=utf-8'],
      ['application/json;q=0.8, text/csv', 'text/csv; charset=utf-8'],
      ['TEXT/CSV; charset=utf-8', 'text/csv; charset=utf-8'],
    ];
    for (const [accept, type] of cases) {
      expect((await owner.post('/api/kudo-pro/export-sms-transcripts', range, { accept })).headers['content-type'], accept).toBe(type);
    }
    // A range without messages: no rows.
    const empty = json(await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: '2020-01-01', to_date: '2020-01-02' }));
    expect(empty).toEqual({ status: 1, data: { columns: body.data.columns, rows: [] } });
    // The OpenAPI document shows both forms, and E117's Viewing filter.
    const doc = JSON.parse((await owner.get('/api/docs/json')).body) as { paths: Record<string, Record<string, any>> };
    const operation = (id: string) => Object.values(doc.paths).flatMap((methods) => Object.values(methods)).find((o) => o.operationId === id);
    const content = operation('E126').responses['200'].content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'text/csv']);
    expect(Object.keys(content['application/json'].schema.properties.data.properties).sort()).toEqual(['columns', 'rows']);
    expect(Object.keys(operation('E117').requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['user_id', 'current_user', 'assignee_id']),
    );
  });

  it('answers the poll from what the LISTEN connection hears, and from the database again once it is lost', async () => {
    const poll = async () => json(await owner.post(`${P}/poll`, {})).data.value as number;
    const pollUntil = async (want: number) => {
      let value = await poll();
      for (let i = 0; i < 100 && value !== want; i++) {
        await new Promise((r) => setTimeout(r, 20));
        value = await poll();
      }
      return value;
    };
    const c = await t.db.conversation.create({ data: { locationId: austinId, phone: '+15125550792' } });
    await poll();
    // Written as another API process would: the row, then the event whose NOTIFY every process hears.
    const heard = await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'From elsewhere' } });
    await publishInboxEvent(t.db, { locationId: austinId, conversationId: c.id, messageId: heard.id, kind: 'message' });
    expect(await pollUntil(heard.id)).toBe(heard.id);
    // Dallas's poll is Dallas's own.
    const dallasMax = await t.db.conversationMessage.findFirst({ where: { locationId: dallasId }, orderBy: { id: 'desc' } });
    expect(json(await dallas.post(`${P}/poll`, {})).data.value).toBe(dallasMax?.id ?? 0);

    // The LISTEN connection dies: what it heard is forgotten, and a message no NOTIFY announced is read from the database.
    await t.db.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`;
    const unheard = await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'Not announced' } });
    expect(await pollUntil(unheard.id)).toBe(unheard.id);
  });

  it('writes the export as csvLine would, every field quoted alike (PostgreSQL formats it)', async () => {
    const tricky = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\r', ' lead', 'trail ', '\u00a0nbsp', 'ideographic\u3000', '\ufeffbom', '', 'ünïcødé ✓'];
    const quoted = await t.db.$queryRaw<{ f: string }[]>`SELECT csv_field(x) AS f FROM unnest(${tricky}::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n`;
    expect(quoted.map((r) => r.f)).toEqual(tricky.map((v) => csvField(v)));
    expect((await t.db.$queryRaw<{ f: string }[]>`SELECT csv_field(NULL) AS f`)[0]!.f).toBe(csvField(null));

    const c = await t.db.conversation.create({ data: { locationId: austinId, phone: '+15125550791', name: ' Ana "Bee", Jr.' } });
    await t.db.conversationMessage.create({ data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'Hello, "quoted", with a comma\nand a second line ' } });
    await t.db.conversationMessage.create({
      data: { locationId: austinId, conversationId: c.id, direction: 'inbound', body: 'back\\slash,\ttab \u0001 ctrl \u2028 sep ✓ [x],["y"]', mediaUrl: 'https://example.test/a"b.png' },
    });
    const today = new Date().toISOString().slice(0, 10);
    const res = await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today }, CSV);
    expect(res.statusCode).toBe(200);
    const inJson = await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today });
    // The same rows formatted in JavaScript, field by field.
    const { timeZone } = await t.db.location.findUniqueOrThrow({ where: { id: austinId } });
    const rows = await t.db.conversationMessage.findMany({
      where: { locationId: austinId, createdAt: { gte: new Date(Date.now() - 2 * 86_400_000) } },
      include: { conversation: true },
      orderBy: { id: 'asc' },
    });
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    const users = new Map((await t.db.user.findMany({ select: { id: true, email: true } })).map((u) => [u.id, u.email]));
    const logs = new Map((await t.db.smsMessage.findMany({ where: { locationId: austinId }, select: { id: true, status: true } })).map((l) => [l.id, l.status]));
    const cells = rows
      .filter((m) => day.format(m.createdAt) === today)
      .map((m) =>
        [
          m.conversationId,
          m.conversation.name,
          m.conversation.phone,
          local.format(m.createdAt),
          m.direction,
          m.direction === 'inbound' ? 'Customer' : (m.userId !== null ? users.get(m.userId) : null) ?? (m.kind === 'auto_reply' ? 'Auto-reply' : 'Automatic'),
          m.body,
          m.mediaUrl,
          m.smsMessageId !== null ? logs.get(m.smsMessageId) : null,
        ].map((v) => (v === null || v === undefined ? '' : String(v))),
      );
    expect(res.body).toBe('\uFEFF' + csvLine(EXPORT_COLUMNS) + cells.map((r) => csvLine(r)).join(''));
    // The JSON form holds the same cells as text, written by PostgreSQL too ('' for an empty one).
    expect(json(inJson).data.rows).toEqual(cells);
    expect(inJson.body).toContain(JSON.stringify(' Ana "Bee", Jr.'));
    expect(res.body).toContain('"Hello, ""quoted"", with a comma\nand a second line "');
  });

  it('writes a busy day whole and in order, each message once', async () => {
    const c = await t.db.conversation.create({ data: { locationId: austinId, phone: '+15125550793', name: 'Batch Customer' } });
    const n = 25_001;
    await t.db.$executeRaw`INSERT INTO conversation_messages (location_id, conversation_id, direction, body, created_at)
      SELECT ${austinId}, ${c.id}, 'inbound', 'Batch message ' || i, now() FROM generate_series(1, ${n}) i`;
    try {
      const today = new Date().toISOString().slice(0, 10);
      const res = await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today }, CSV);
      expect(res.statusCode).toBe(200);
      const lines = res.body.split('\r\n').filter((l) => l.startsWith(`${c.id},`));
      expect(lines.map((l) => Number(/Batch message (\d+)/.exec(l)![1]))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(Number(res.headers['x-total-messages'])).toBeGreaterThanOrEqual(n);
      const rows = json(await owner.post('/api/kudo-pro/export-sms-transcripts', { from_date: today, to_date: today })).data.rows as string[][];
      expect(rows.filter((r) => r[0] === String(c.id)).map((r) => Number(/Batch message (\d+)/.exec(r[6]!)![1]))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    } finally {
      await t.db.conversation.delete({ where: { id: c.id } });
    }
  });

  it('reports messaging usage per user from the real messages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const c = await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austinId, phone: '+15125550504' } } });
    const answered = await owner.post(`${P}/send-message`, { customer_id: c.id, body: 'Yes, on our way.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(json(answered).data.status).toBe('queued');
    await owner.post(`${P}/home-owner`, { customer_id: c.id, action: 'close' });
    const res = await owner.post('/api/analytics/reload/twm-usage-analytics', { from_date: today, to_date: today });
    expect(res.statusCode).toBe(200);
    const { data, rows } = json(res).data;
    const counted = await t.db.conversationMessage.count({ where: { locationId: austinId, createdAt: { gte: new Date(`${today}T00:00:00Z`) } } });
    expect(data.total_messages.value).toBe(counted);
    expect(data.messages_received.value + data.messages_sent.value).toBe(counted);
    const ownerRow = rows.find((r: any) => r.email === 'owner@kudo.test');
    expect(ownerRow.conversation_closed_count).toBe(1);
    expect(ownerRow.message_count).toBe(ownerRow.inbound_message_count + ownerRow.outbound_message_count);
    const bad = await owner.post('/api/analytics/reload/twm-usage-analytics', { from_date: 'yesterday', to_date: today });
    expect(bad.statusCode).toBe(400);
  });

  it('turns a website chat into a lead and a conversation, refuses bots, and keeps leads per location', async () => {
    const widget = await t.db.widgetSetting.upsert({ where: { locationId: austinId }, create: { locationId: austinId, widgetKey: 'austin-chat-key', chatEnabled: true }, update: { chatEnabled: true } });
    const chat = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/widget/${widget.widgetKey}/chat`, payload: body });
    const visitor = { name: 'Sam Ortiz', phone: '(512) 555-0701', message: 'Do you service tankless heaters?', consent: true, elapsed: 8000 };
    const leadsBefore = await t.db.webChatLead.count({ where: { locationId: austinId } });
    const preflight = await t.app.inject({ method: 'OPTIONS', url: `/api/widget/${widget.widgetKey}/chat` });
    expect(preflight.headers['access-control-allow-origin']).toBe('*');

    expect(json(await chat({ ...visitor, elapsed: 300 })).message).toBe(INBOX_MSG.chatTooFast);
    expect(json(await chat({ ...visitor, consent: false })).message).toBe(INBOX_MSG.chatConsent);
    const bot = await chat({ ...visitor, website: 'http://spam.example.com' });
    expect(bot.statusCode).toBe(200);
    expect(await t.db.webChatLead.count({ where: { locationId: austinId } })).toBe(leadsBefore);

    const res = await chat(visitor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const c = await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austinId, phone: '+15125550701' } } });
    expect(c).toMatchObject({ source: 'web-chat', name: 'Sam Ortiz' });
    const first = await t.db.conversationMessage.findFirstOrThrow({ where: { conversationId: c.id }, orderBy: { id: 'asc' } });
    expect(first).toMatchObject({ direction: 'inbound', kind: 'web_chat', body: 'Do you service tankless heaters?' });

    const leads = json(await owner.post('/api/reporting/web-chat/load', {})).data;
    expect(leads.totalLeads).toBe(leadsBefore + 1);
    expect(leads.capturedLeads.data[0]).toMatchObject({ name: 'Sam Ortiz', phone: '+15125550701', message: 'Do you service tankless heaters?' });
    const theirs = json(await dallas.post('/api/reporting/web-chat/load', {})).data;
    expect(theirs.totalLeads).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/widget/nope/chat', payload: visitor })).statusCode).toBe(404);
  });
});
