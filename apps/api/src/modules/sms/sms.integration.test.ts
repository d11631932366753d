import pg from 'pg';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { isOptedOut } from '../../lib/consent.js';
import { createTestApp, json, loginAs } from '../../../test/helpers.js';
import { fakeTwilio } from '../../../test/fake-twilio.js';
import { TWILIO_INBOUND_PATH, TWILIO_RECORDING_PATH, TWILIO_STATUS_PATH } from './routes.js';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'twilio-auth-token';
const PUBLIC = 'https://kudo.example.com';

describe('Twilio webhooks', async () => {
  const fake = await fakeTwilio();
  const t = await createTestApp({
    PUBLIC_URL: PUBLIC,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM_NUMBER: '+15125550100',
    TWILIO_BASE_URL: fake.url,
  });
  const austin = await t.db.location.update({ where: { id: (await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } })).id }, data: { smsNumber: '+15125550100', messagingServiceSid: 'MG0000000000000000000000000000aaaa' } });
  const dallas = await t.db.location.update({ where: { id: (await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } })).id }, data: { smsNumber: '+12145550100' } });

  /** Posts a form the way Twilio does, signed for the public URL unless told otherwise. */
  const post = (path: string, params: Record<string, string>, signFor = `${PUBLIC}${path}`) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, signFor, params) },
      payload: new URLSearchParams(params).toString(),
    });
  const inbound = (from: string, to: string, body: string, extra: Record<string, string> = {}) =>
    post(TWILIO_INBOUND_PATH, { AccountSid: SID, MessageSid: `SMin${Math.random().toString(16).slice(2)}`, From: from, To: to, Body: body, NumMedia: '0', ...extra });

  it('refuses requests whose signature does not match, and keeps nothing', async () => {
    const before = await t.db.smsMessage.count();
    const forged = await post(TWILIO_INBOUND_PATH, { From: '+15125550190', To: '+15125550100', Body: 'STOP' }, 'https://evil.example.com/x');
    expect(forged.statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: TWILIO_INBOUND_PATH, payload: 'From=%2B15125550190&Body=STOP', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsigned.statusCode).toBe(403);
    expect(await t.db.smsMessage.count()).toBe(before);
  });

  it('STOP opts the number out of the location, answers once, and the send path then refuses it', async () => {
    const res = await inbound('+15125550190', '+15125550100', 'Stop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(res.body).toContain(`<Message>You have been unsubscribed from ${austin.companyName || austin.name} text messages`);
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550190' })).toBe(true);
    expect(await isOptedOut(t.db, { locationId: dallas.id, channel: 'sms', address: '+15125550190' })).toBe(false);
    const before = fake.requests.length;
    await expect(t.app.deps.providers.sms.send({ to: '+15125550190', body: 'pulseCheck', locationId: austin.id })).rejects.toMatchObject({ reason: 'opted_out' });
    expect(fake.requests.length).toBe(before);

    const back = await inbound('+15125550190', '+15125550100', 'START');
    expect(back.body).toContain('resubscribed');
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550190' })).toBe(false);
  });

  it('a revocation in the customer\'s own words opts out with the one confirmation; a negated one does not', async () => {
    const phrase = await inbound('+15125550192', '+15125550100', 'Please remove me from your list!');
    expect(phrase.body).toContain('<Message>You have been unsubscribed from');
    expect(phrase.body.match(/<Message>/g)).toHaveLength(1);
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550192' })).toBe(true);
    const event = await t.db.consentEvent.findFirstOrThrow({ where: { locationId: austin.id, address: '+15125550192' }, orderBy: { id: 'desc' } });
    expect(event).toMatchObject({ action: 'opt_out', source: 'keyword' });

    const praise = await inbound('+15125550193', '+15125550100', "Don't stop, this is great!");
    expect(praise.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550193' })).toBe(false);
  });

  it('HELP answers with the business name and phone; ordinary texts are kept without an answer', async () => {
    await t.db.location.update({ where: { id: dallas.id }, data: { companyName: 'Dallas Drain Pros', companyPhoneNumber: '2145550123' } });
    const help = await inbound('+15125550191', '+12145550100', 'help');
    expect(help.body).toContain('Dallas Drain Pros: for help call (214) 555-0123.');
    const plain = await inbound('+15125550191', '+12145550100', 'Can you come at 3?');
    expect(plain.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const kept = await t.db.smsMessage.findFirstOrThrow({ where: { body: 'Can you come at 3?' } });
    expect(kept).toMatchObject({ direction: 'inbound', locationId: dallas.id, from: '+15125550191', status: 'received' });
  });

  it('finds the location by Messaging Service, falls back to the number, and never drops a message', async () => {
    await inbound('+15125550192', '+15125559999', 'via service', { MessagingServiceSid: 'MG0000000000000000000000000000aaaa' });
    expect((await t.db.smsMessage.findFirstOrThrow({ where: { body: 'via service' } })).locationId).toBe(austin.id);
    await inbound('+15125550192', '+12145550100', 'unknown service', { MessagingServiceSid: 'MG00000000000000000000000000000zzz' });
    expect((await t.db.smsMessage.findFirstOrThrow({ where: { body: 'unknown service' } })).locationId).toBe(dallas.id);
    const res = await inbound('+15125550192', '+19995550000', 'nobody owns this number');
    expect(res.statusCode).toBe(200);
    expect((await t.db.smsMessage.findFirstOrThrow({ where: { body: 'nobody owns this number' } })).locationId).toBeNull();
  });

  it('status callbacks update the delivery log, never backwards, and 21610 records an opt-out', async () => {
    const sent = await t.app.deps.providers.sms.send({ to: '+15125550193', body: 'Hello', locationId: austin.id });
    const sendRequest = fake.requests.at(-1)!;
    expect(sendRequest.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(new URLSearchParams(sendRequest.body).get('To')).toBe('+15125550193');
    expect(new URLSearchParams(sendRequest.body).get('StatusCallback')).toBe(`${PUBLIC}${TWILIO_STATUS_PATH}`);
    const row = await t.db.smsMessage.findUniqueOrThrow({ where: { providerId: sent.id } });
    expect(row).toMatchObject({ status: 'queued', direction: 'outbound', locationId: austin.id, from: '+15125550100' });

    expect((await post(TWILIO_STATUS_PATH, { MessageSid: sent.id, MessageStatus: 'delivered', AccountSid: SID })).statusCode).toBe(204);
    await post(TWILIO_STATUS_PATH, { MessageSid: sent.id, MessageStatus: 'sent', AccountSid: SID });
    expect((await t.db.smsMessage.findUniqueOrThrow({ where: { providerId: sent.id } })).status).toBe('delivered');

    // 'sent' and 'delivered' arriving together: both wait on the row, and 'sent' must not win by coming last.
    const third = await t.app.deps.providers.sms.send({ to: '+15125550196', body: 'Hello', locationId: austin.id });
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM sms_messages WHERE provider_id = $1 FOR UPDATE', [third.id]);
      const waiting = async (n: number) => {
        for (let i = 0; i < 200; i++) {
          const { rows } = await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          if (rows[0].n >= n) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error(`fewer than ${n} callbacks waiting on the row`);
      };
      const delivered = post(TWILIO_STATUS_PATH, { MessageSid: third.id, MessageStatus: 'delivered', AccountSid: SID });
      await waiting(1);
      const sentLate = post(TWILIO_STATUS_PATH, { MessageSid: third.id, MessageStatus: 'sent', AccountSid: SID });
      await waiting(2);
      await holder.query('COMMIT');
      expect((await delivered).statusCode).toBe(204);
      expect((await sentLate).statusCode).toBe(204);
    } finally {
      await holder.end();
    }
    expect((await t.db.smsMessage.findUniqueOrThrow({ where: { providerId: third.id } })).status).toBe('delivered');

    const second = await t.app.deps.providers.sms.send({ to: '+15125550194', body: 'Hello', locationId: austin.id });
    await post(TWILIO_STATUS_PATH, { MessageSid: second.id, MessageStatus: 'failed', ErrorCode: '21610', AccountSid: SID });
    expect(await t.db.smsMessage.findUniqueOrThrow({ where: { providerId: second.id } })).toMatchObject({ status: 'failed', errorCode: 21610 });
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550194' })).toBe(true);
  });
});

describe('voice reviews through Twilio Voice', async () => {
  const fake = await fakeTwilio();
  const t = await createTestApp({ PUBLIC_URL: PUBLIC, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM_NUMBER: '+15125550100', TWILIO_BASE_URL: fake.url });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null } });

  it('calls the customer with TwiML that records, and the signed recording callback makes the review', async () => {
    const token = json(await t.app.inject({ method: 'GET', url: `/api/webapps/sample-pulsecheck/${campaign.uid}/token` })).data.token as string;
    // A real (not sample) pulseCheck: the sample's dispatch is turned into one for this test.
    await t.db.dispatch.updateMany({ where: { source: 'sample', locationId: austin.id }, data: { isTest: false, customerName: 'Lou Reed' } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`,
      payload: { type: 'review', data: { method: 'audio', value: '5125550188' } },
    });
    expect(res.statusCode).toBe(200);
    const call = fake.requests.find((r) => r.url === `/2010-04-01/Accounts/${SID}/Calls.json`)!;
    const form = new URLSearchParams(call.body);
    expect(form.get('To')).toBe('+15125550188');
    expect(form.get('From')).toBe('+15125550100');
    const d = await t.db.dispatch.findFirstOrThrow({ where: { source: 'sample', locationId: austin.id }, orderBy: { id: 'desc' } });
    const callback = `${PUBLIC}${TWILIO_RECORDING_PATH}?dispatch=${d.id}`;
    expect(form.get('Twiml')).toContain(`<Record maxLength="120"`);
    expect(form.get('Twiml')).toContain(`recordingStatusCallback="${callback}"`);

    const params = { AccountSid: SID, CallSid: 'CA1', RecordingSid: 'RE1', RecordingStatus: 'completed', RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/RE1` };
    const forged = await t.app.inject({ method: 'POST', url: `${TWILIO_RECORDING_PATH}?dispatch=${d.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'nope' }, payload: new URLSearchParams(params).toString() });
    expect(forged.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'POST',
      url: `${TWILIO_RECORDING_PATH}?dispatch=${d.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, callback, params) },
      payload: new URLSearchParams(params).toString(),
    });
    expect(done.statusCode).toBe(204);
    const review = await t.db.review.findFirstOrThrow({ where: { externalId: `dispatch-${d.id}` } });
    expect(review.audioUrl).toBe(`${params.RecordingUrl}.mp3`);
    expect(review.authorName).toBe('Lou R.');
  });
});

describe('replying as the customer from the Dev outbox (local SMS)', async () => {
  const t = await createTestApp();
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });

  it('takes the inbound path: the reply goes to the location that texted, and STOP is honoured', async () => {
    await t.app.deps.providers.sms.send({ to: '+15125550195', body: 'How did we do?', locationId: austin.id });
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = await owner.post('/api/dev/outbox/reply', { from: '(512) 555-0195', to: '+15125550100', body: 'STOP' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ location_id: austin.id });
    expect(json(res).data.reply).toContain('unsubscribed');
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550195' })).toBe(true);
    const confirmation = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550195' }, orderBy: { id: 'desc' } });
    expect(confirmation.body).toContain('Reply START');
    await expect(t.app.deps.providers.sms.send({ to: '+15125550195', body: 'again', locationId: austin.id })).rejects.toMatchObject({ reason: 'opted_out' });
  });

  it("sends from each location's own number, and the shared number for the others", async () => {
    const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
    const lite = await t.db.location.findFirstOrThrow({ where: { name: 'Little Roofing' } });
    await t.app.deps.providers.sms.send({ to: '+15125550196', body: 'from Dallas', locationId: dallas.id });
    await t.app.deps.providers.sms.send({ to: '+15125550196', body: 'from Little Roofing', locationId: lite.id });
    expect((await t.db.outboxMessage.findFirstOrThrow({ where: { body: 'from Dallas' } })).from).toBe('+12145550100');
    expect((await t.db.outboxMessage.findFirstOrThrow({ where: { body: 'from Little Roofing' } })).from).toBe('+15005550100');
    // A reply to Dallas's number reaches Dallas, whoever texted the customer last.
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = await owner.post('/api/dev/outbox/reply', { from: '+15125550196', to: '+12145550100', body: 'Thanks!' });
    expect(json(res).data.location_id).toBe(dallas.id);
  });

  it('validates the reply', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = await owner.post('/api/dev/outbox/reply', { from: 'abc', to: '+15125550100', body: '' });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/outbox/reply', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: TWILIO_INBOUND_PATH, payload: {} })).statusCode).toBe(404);
  });
});
