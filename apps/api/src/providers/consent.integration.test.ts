import { describe, expect, it } from 'vitest';
import { recordConsent } from '../lib/consent.js';
import { createTestApp } from '../../test/helpers.js';
import { EmailUnsubscribedError, withSmsConsent } from './consent.js';
import { SmsSendError, type SmsProvider } from './sms/index.js';

describe('consent in the sending path', async () => {
  const t = await createTestApp();
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const { sms, email } = t.app.deps.providers;
  const outboxTo = (to: string) => t.db.outboxMessage.count({ where: { to } });

  it('refuses an SMS to a number that opted out of the location, and only of that location', async () => {
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '(512) 555-0181', scope: 'all', action: 'opt_out', source: 'keyword', detail: 'STOP' });
    await expect(sms.send({ to: '+15125550181', body: 'hi', locationId: austin.id })).rejects.toMatchObject({ reason: 'opted_out' });
    expect(await outboxTo('+15125550181')).toBe(0);
    await sms.send({ to: '+15125550181', body: 'from Dallas', locationId: dallas.id });
    expect(await outboxTo('+15125550181')).toBe(1);
  });

  it('blocks a dispatch send after a dispatch opt-out, but not a conversation', async () => {
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550182', scope: 'dispatch', action: 'opt_out', source: 'dashboard' });
    await expect(sms.send({ to: '+15125550182', body: 'pulseCheck', locationId: austin.id, scope: 'dispatch' })).rejects.toBeInstanceOf(SmsSendError);
    await sms.send({ to: '+15125550182', body: 'reply', locationId: austin.id, scope: 'messaging' });
    expect(await outboxTo('+15125550182')).toBe(1);
  });

  it('lets the number through again after START, and keeps the history', async () => {
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550183', scope: 'dispatch', action: 'opt_out', source: 'dashboard' });
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550183', scope: 'all', action: 'opt_out', source: 'keyword' });
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550183', scope: 'all', action: 'opt_in', source: 'keyword', detail: 'START' });
    await sms.send({ to: '+15125550183', body: 'welcome back', locationId: austin.id, scope: 'dispatch' });
    expect(await outboxTo('+15125550183')).toBe(1);
    const events = await t.db.consentEvent.findMany({ where: { address: '+15125550183' }, orderBy: { id: 'asc' } });
    expect(events.map((e) => `${e.scope}:${e.action}:${e.source}`)).toEqual(['dispatch:opt_out:dashboard', 'all:opt_out:keyword', 'all:opt_in:keyword']);
  });

  it('records the carrier’s own opt-out report so the next send stops before the provider', async () => {
    let calls = 0;
    const carrier: SmsProvider = {
      kind: 'twilio',
      async send() {
        calls += 1;
        throw new SmsSendError('opted_out', 'Attempt to send to unsubscribed recipient', 21610);
      },
    };
    const guarded = withSmsConsent(carrier, t.db);
    await expect(guarded.send({ to: '+15125550184', body: 'x', locationId: austin.id })).rejects.toBeInstanceOf(SmsSendError);
    await expect(guarded.send({ to: '+15125550184', body: 'x', locationId: austin.id })).rejects.toBeInstanceOf(SmsSendError);
    expect(calls).toBe(1);
    const event = await t.db.consentEvent.findFirstOrThrow({ where: { address: '+15125550184' } });
    expect(event).toMatchObject({ source: 'provider', detail: '21610', action: 'opt_out' });
  });

  it('refuses customer emails to an unsubscribed address but still sends staff emails', async () => {
    await recordConsent(t.db, { locationId: austin.id, channel: 'email', address: 'Pat@Example.com', scope: 'all', action: 'opt_out', source: 'unsubscribe_link' });
    await expect(
      email.send({ to: 'pat@example.com', subject: 'How did we do?', text: 'x', locationId: austin.id, audience: 'customer' }),
    ).rejects.toBeInstanceOf(EmailUnsubscribedError);
    await email.send({ to: 'pat@example.com', subject: 'Verify your email', text: 'x', locationId: austin.id, audience: 'staff' });
    expect(await outboxTo('pat@example.com')).toBe(1);
  });
});
