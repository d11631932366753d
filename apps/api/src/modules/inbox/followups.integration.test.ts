import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { runFollowUps } from './followups.js';

const AUSTIN_NUMBER = '+15125550100';
const P = '/api/kudo-pro/conversation';

describe('auto-replies and escalation', () => {
  const t = useDemoApp();
  let deps: Parameters<typeof runFollowUps>[0];
  beforeAll(async () => {
    deps = { ...t.app.deps, log: { info: () => undefined, warn: () => undefined, error: () => undefined } };
    await t.db.autoReplySettings.upsert({
      where: { locationId: t.austinId },
      create: { locationId: t.austinId, firstEnabled: true, firstText: 'Thanks for texting! We will answer shortly.', secondEnabled: true, secondText: 'Still on it, sorry for the wait.', secondDelay: 10 },
      update: { firstEnabled: true, firstText: 'Thanks for texting! We will answer shortly.', secondEnabled: true, secondText: 'Still on it, sorry for the wait.', secondDelay: 10 },
    });
    await t.db.escalationContact.deleteMany({ where: { locationId: t.austinId } });
    await t.db.escalationContact.create({ data: { locationId: t.austinId, name: 'Pat', email: 'pat@example.com', phoneNumber: '+15125550999', delay: 5 } });
  });
  // Inside the sending window in any US zone.
  const noonUtc = () => {
    const d = new Date();
    d.setUTCHours(19, 0, 0, 0);
    return d;
  };

  const texts = async (from: string, body: string) => {
    const res = await t.owner.post('/api/dev/outbox/reply', { from, to: AUSTIN_NUMBER, body });
    expect(res.statusCode, res.body).toBe(200);
    return t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: t.austinId, phone: from } } });
  };
  const sentTo = (to: string) => t.db.outboxMessage.findMany({ where: { to }, orderBy: { id: 'asc' } });

  it('answers the first message once, the second after its delay when nobody answered, and escalates once', async () => {
    const c = await texts('+15125550401', 'Is anyone there?');
    await t.db.conversation.update({ where: { id: c.id }, data: { awaitingSince: new Date(noonUtc().getTime() - 60_000) } });
    await runFollowUps(deps, c.id, noonUtc());
    expect((await sentTo('+15125550401')).map((m) => m.body)).toEqual(['Thanks for texting! We will answer shortly.']);
    // Not yet time for the second reply or the alert.
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550999' } })).toBe(0);

    const later = new Date(noonUtc().getTime() + 11 * 60_000);
    await runFollowUps(deps, c.id, later);
    await runFollowUps(deps, c.id, later);
    expect((await sentTo('+15125550401')).map((m) => m.body)).toEqual(['Thanks for texting! We will answer shortly.', 'Still on it, sorry for the wait.']);
    const alerts = await sentTo('+15125550999');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain(`/message?conversation=${c.id}`);
    expect(await t.db.outboxMessage.count({ where: { to: 'pat@example.com', channel: 'email' } })).toBe(1);
    // Auto-replies do not count as an answer: the conversation still waits for a person.
    expect((await t.db.conversation.findUniqueOrThrow({ where: { id: c.id } })).awaitingSince).not.toBeNull();

    // A second text in the same stretch brings nothing new; a person answering ends the stretch.
    await texts('+15125550401', 'Hello??');
    await runFollowUps(deps, c.id, new Date(later.getTime() + 60_000));
    expect(await sentTo('+15125550401')).toHaveLength(2);
    expect(await sentTo('+15125550999')).toHaveLength(1);
  });

  it('does not escalate when someone answered in time', async () => {
    const c = await texts('+15125550402', 'Quick question');
    const res = await t.owner.post(`${P}/send-message`, { customer_id: c.id, body: 'Sure, go ahead.' });
    expect(res.statusCode).toBe(200);
    await runFollowUps(deps, c.id, new Date(Date.now() + 60 * 60_000));
    expect(await sentTo('+15125550999')).toHaveLength(1); // only the alert of the previous test
    expect(await t.db.escalationAlert.count({ where: { conversationId: c.id } })).toBe(0);
  });

  it('never auto-replies to an opted-out number', async () => {
    await t.owner.post('/api/dashboard/quick-action/home-owner/opt-out', { app_code: 'CNXN', phone: '5125550403', name: '' });
    const c = await texts('+15125550403', 'Hi again');
    await t.db.conversation.update({ where: { id: c.id }, data: { awaitingSince: new Date(noonUtc().getTime() - 30 * 60_000) } });
    await runFollowUps(deps, c.id, noonUtc());
    expect(await sentTo('+15125550403')).toHaveLength(0);
    const stopped = await texts('+15125550404', 'STOP');
    await runFollowUps(deps, stopped.id, noonUtc());
    expect((await sentTo('+15125550404')).every((m) => m.body.includes('unsubscribed'))).toBe(true);
  });

  it('waits for the sending window before the second (delayed) reply', async () => {
    const c = await texts('+15125550405', 'Late night question');
    const night = new Date(noonUtc());
    night.setUTCHours(7, 0, 0, 0); // 01:00 or 02:00 in the US
    await t.db.conversation.update({ where: { id: c.id }, data: { awaitingSince: new Date(night.getTime() - 30 * 60_000), firstAutoReplyAt: new Date() } });
    await runFollowUps(deps, c.id, night);
    expect(await sentTo('+15125550405')).toHaveLength(0);
    expect(json(await t.owner.post(`${P}/messages`, { customer_id: c.id })).data.conversation.messages).toHaveLength(1);
  });
});
