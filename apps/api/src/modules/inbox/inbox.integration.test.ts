import { describe, expect, it } from 'vitest';
import { INBOX_MSG, inboxApi, MSG } from '@kudo/shared';
import { isOptedOut } from '../../lib/consent.js';
import { expectNotLoggedIn, json, loginAs, type Agent, grantAddons } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { STOPPED_BY_CUSTOMER } from './service.js';

const AUSTIN_NUMBER = '+15125550100';
const P = '/api/kudo-pro/conversation';

describe('the inbox', () => {
  const t = useDemoApp({ roles: ['owner', 'admin'] });

  /** A customer texts Austin through the local provider (the Dev outbox's simulated reply). */
  const customerTexts = async (from: string, body: string, agent: Agent = t.owner) => {
    const res = await agent.post('/api/dev/outbox/reply', { from, to: AUSTIN_NUMBER, body });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as { location_id: number; reply: string | null };
  };
  const conversationOf = (phone: string, locationId = t.austinId) => t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId, phone } } });
  const fetchAs = async (agent: Agent, body: Record<string, unknown> = {}) => {
    const res = await agent.post(`${P}/fetch`, body);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as { data: any[]; header: any; assignees: any[]; templates: any; unread_messages: number };
  };
  const common = (id: number) => ({ customer_id: id, user_id: null, channel: 'sms', to_number: '', conv_user_id: null, current_user: null });

  it('is closed to visitors, to users without the twm permission and to locations without kudoPro', async () => {
    await expectNotLoggedIn(t.app, 'POST', `${P}/fetch`, {});
    await expectNotLoggedIn(t.app, 'POST', `${P}/poll`, {});
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.post(`${P}/fetch`, {})).statusCode).toBe(403);
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await dallas.post(`${P}/fetch`, {})).statusCode).toBe(403);
  });

  it('takes a customer text into a new conversation, assigned to the first admin, unread for everyone', async () => {
    await customerTexts('+15125550301', 'Hi, is the water heater install still on for Friday?');
    const c = await conversationOf('+15125550301');
    expect(c.active).toBe(true);
    expect(c.assigneeId).toBe(t.userId('owner'));
    expect(c.awaitingSince).not.toBeNull();
    const messages = await t.db.conversationMessage.findMany({ where: { conversationId: c.id } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ direction: 'inbound', body: 'Hi, is the water heater install still on for Friday?', kind: 'message' });
    expect(messages[0]!.smsMessageId).not.toBeNull();

    const list = await fetchAs(t.owner);
    const row = list.data.find((r) => r.conversation_id === c.id);
    expect(row).toMatchObject({ phone_number: '+15125550301', read_all_messages: false, unread_count: 1, urgent: true, active_flag: true });
    expect(row.user_data).toMatchObject({ id: t.userId('owner'), user_email: 'owner@kudo.test' });
    expect(list.header.timezone).toBeTruthy();
    expect(list.header.max_message_id).toBe(messages[0]!.id);
    expect(list.assignees.map((a) => a.user_email)).toEqual(expect.arrayContaining(['owner@kudo.test', 'admin@kudo.test']));
    expect(list.assignees.map((a) => a.user_email)).not.toContain('staff@kudo.test');
  });

  it('answers E117 exactly as its schema describes: the list latest first, the assignees, the templates by category', async () => {
    await t.db.inboxTemplate.createMany({
      data: [
        { locationId: t.austinId, category: 'Zeta "quoted"', text: 'Second, *|name|*', sortOrder: 2 },
        { locationId: t.austinId, category: 'Zeta "quoted"', text: 'First\nline', sortOrder: 1 },
        { locationId: t.austinId, category: 'Alpha', text: 'Only one', sortOrder: 5 },
      ],
    });
    await t.db.inboxTemplate.create({ data: { locationId: t.dallasId, category: 'Dallas only', text: 'Not for Austin' } });
    const list = await fetchAs(t.owner);
    // Nothing more and nothing less than the schema's fields.
    expect(inboxApi.fetchConversations.response.parse(list)).toEqual(list);
    const templates = await t.db.inboxTemplate.findMany({ where: { locationId: t.austinId }, orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }] });
    const categories = [...new Set(templates.map((x) => x.category))];
    expect(list.templates.templates).toEqual(categories.map((name) => ({ name, templates: templates.filter((x) => x.category === name).map((x) => x.text) })));
    expect(list.templates.templates.map((c: { name: string }) => c.name)).not.toContain('Dallas only');
    const ownerUser = await t.db.user.findUniqueOrThrow({ where: { id: t.userId('owner') } });
    expect(list.assignees).toContainEqual({ id: t.userId('owner'), name: `${ownerUser.firstName} ${ownerUser.lastName}`, user_email: 'owner@kudo.test', user_type: 'admin' });
    expect(list.assignees.find((a) => a.user_email === 'maria.garcia@kudo.test')).toMatchObject({ name: 'Maria Garcia', user_type: 'other' });
    const order = new Map((await t.db.conversation.findMany({ where: { locationId: t.austinId, active: true } })).map((c) => [c.id, c.lastMessageId]));
    const ids = list.data.map((r) => r.conversation_id as number);
    expect(ids.length).toBe(order.size);
    expect(ids.every((id, i) => i === 0 || order.get(ids[i - 1]!)! >= order.get(id)!)).toBe(true);
    expect(list.unread_messages).toBe(list.data.reduce((sum, r) => sum + r.unread_count, 0));
  });

  it('keeps read state per user: a read receipt clears it for the reader only, Mark Unread brings it back', async () => {
    await customerTexts('+15125550302', 'Can someone call me back?');
    const c = await conversationOf('+15125550302');
    const ownerBefore = (await fetchAs(t.owner)).unread_messages;
    const adminBefore = (await fetchAs(t.as.admin)).unread_messages;

    expect((await t.as.admin.post(`${P}/read-receipt`, common(c.id))).statusCode).toBe(200);
    const adminRow = (await fetchAs(t.as.admin)).data.find((r) => r.conversation_id === c.id);
    expect(adminRow.read_all_messages).toBe(true);
    expect((await fetchAs(t.as.admin)).unread_messages).toBe(adminBefore - 1);
    const ownerRow = (await fetchAs(t.owner)).data.find((r) => r.conversation_id === c.id);
    expect(ownerRow.read_all_messages).toBe(false);
    expect((await fetchAs(t.owner)).unread_messages).toBe(ownerBefore);

    expect((await t.as.admin.post(`${P}/mark-unread`, common(c.id))).statusCode).toBe(200);
    expect((await fetchAs(t.as.admin)).data.find((r) => r.conversation_id === c.id).read_all_messages).toBe(false);
  });

  it('sends an answer within the limits, with consent checked on the server', async () => {
    await customerTexts('+15125550303', 'What time will the tech arrive?');
    const c = await conversationOf('+15125550303');
    const outbox = () => t.db.outboxMessage.count({ where: { to: '+15125550303' } });
    const before = await outbox();

    const cases: [string, string][] = [
      ['x'.repeat(301), INBOX_MSG.overHard],
      ['x'.repeat(501), INBOX_MSG.overMax],
      ['Hi *|first_name|*, see you at *|time|*', INBOX_MSG.placeholders],
      ['   ', INBOX_MSG.messageRequired],
    ];
    for (const [body, message] of cases) {
      const res = await t.owner.post(`${P}/send-message`, { ...common(c.id), body });
      expect(res.statusCode, body.slice(0, 20)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(await outbox()).toBe(before);

    const res = await t.owner.post(`${P}/send-message`, { ...common(c.id), body: 'Between 2 and 4 pm today.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ message: 'Between 2 and 4 pm today.', direction_flag: true, status: 'sent', author: 'owner@kudo.test' });
    expect(await outbox()).toBe(before + 1);
    const after = await conversationOf('+15125550303');
    expect(after.awaitingSince).toBeNull();
    // Answering reads it for the sender.
    expect((await fetchAs(t.owner)).data.find((r) => r.conversation_id === c.id).read_all_messages).toBe(true);
  });

  it('opts a customer out and in (E120); an opted-out number is never texted', async () => {
    await customerTexts('+15125550304', 'Thanks!');
    const c = await conversationOf('+15125550304');
    const out = await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'optout' });
    expect(out.statusCode).toBe(200);
    expect(json(out).message).toBe(MSG.optedOut);
    expect(await isOptedOut(t.db, { locationId: t.austinId, channel: 'sms', address: '+15125550304' }, 'messaging')).toBe(true);
    const before = await t.db.outboxMessage.count({ where: { to: '+15125550304' } });
    const refused = await t.owner.post(`${P}/send-message`, { ...common(c.id), body: 'Are you there?' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(INBOX_MSG.optedOut);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550304' } })).toBe(before);

    const back = await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'optin' });
    expect(json(back).message).toBe(MSG.optedIn);
    expect((await t.owner.post(`${P}/send-message`, { ...common(c.id), body: 'Welcome back.' })).statusCode).toBe(200);
    expect(await t.db.conversationEvent.count({ where: { conversationId: c.id, kind: { in: ['optin', 'optout'] } } })).toBe(2);
  });

  it('shows STOP and its answer in the thread; only the customer can undo a STOP', async () => {
    await customerTexts('+15125550305', 'Hello');
    const reply = await customerTexts('+15125550305', 'STOP');
    expect(reply.reply).toContain('unsubscribed');
    const c = await conversationOf('+15125550305');
    const thread = json(await t.owner.post(`${P}/messages`, { customer_id: c.id })).data.conversation;
    expect(thread.messages.map((m: any) => [m.direction_flag, m.kind])).toEqual([
      [false, 'message'],
      [false, 'keyword'],
      [true, 'keyword'],
    ]);
    expect(thread.opted_out).toBe(true);
    const optin = await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'optin' });
    expect(optin.statusCode).toBe(409);
    expect(json(optin).message).toBe(STOPPED_BY_CUSTOMER);
    const send = await t.owner.post(`${P}/send-message`, { ...common(c.id), body: 'Sorry to see you go' });
    expect(json(send).message).toBe(INBOX_MSG.optedOut);
  });

  it('assigns to another user (recorded), refuses someone who is not an assignee', async () => {
    await customerTexts('+15125550306', 'Quote please');
    const c = await conversationOf('+15125550306');
    const moved = await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'move', target_user_id: t.userId('admin') });
    expect(moved.statusCode).toBe(200);
    expect(json(moved).data.conversation.user_data).toMatchObject({ id: t.userId('admin'), user_email: 'admin@kudo.test' });
    const event = await t.db.conversationEvent.findFirstOrThrow({ where: { conversationId: c.id, kind: 'assign', actorId: t.userId('owner') } });
    expect(event).toMatchObject({ fromUserId: t.userId('owner'), toUserId: t.userId('admin') });
    const staffId = (await t.db.user.findUniqueOrThrow({ where: { email: 'staff@kudo.test' } })).id;
    const bad = await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'move', target_user_id: staffId });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(INBOX_MSG.notAssignee);
    expect((await conversationOf('+15125550306')).assigneeId).toBe(t.userId('admin'));
    const none = await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'jump' });
    expect(none.statusCode).toBe(400);
    // The Viewing filter shows one assignee's conversations.
    const viewing = await fetchAs(t.owner, { assignee_id: t.userId('admin') });
    expect(viewing.data.every((r) => r.conversation_user_id === t.userId('admin'))).toBe(true);
    expect(viewing.data.some((r) => r.conversation_id === c.id)).toBe(true);
  });

  it('reads user_id and current_user as who calls, never as the Viewing filter: a conversation moved away stays in the list', async () => {
    await customerTexts('+15125550320', 'Can you quote a sump pump?');
    const c = await conversationOf('+15125550320');
    const moved = await t.owner.post(`${P}/home-owner`, { ...common(c.id), user_id: t.userId('owner'), current_user: t.userId('owner'), action: 'move', target_user_id: t.userId('admin') });
    expect(moved.statusCode, moved.body).toBe(200);
    // The owner's client says who it is, as every documented call does: All Conversations still shows the moved one.
    const open = await t.db.conversation.count({ where: { locationId: t.austinId, active: true } });
    for (const caller of [t.userId('owner'), t.userId('admin'), String(t.userId('owner')), 999_999, 'anyone', null]) {
      const all = await fetchAs(t.owner, { min_conversation_id: null, min_message_id: null, offset: 0, limit: 2000, user_id: caller, current_user: caller });
      expect(all.data.some((r) => r.conversation_id === c.id), String(caller)).toBe(true);
      expect(all.data.length, String(caller)).toBe(open);
    }
    // The Viewing filter is assignee_id; the caller's own id does not change it either.
    const admins = await fetchAs(t.owner, { user_id: t.userId('owner'), current_user: t.userId('owner'), assignee_id: t.userId('admin') });
    expect(admins.data.some((r) => r.conversation_id === c.id)).toBe(true);
    expect(admins.data.every((r) => r.conversation_user_id === t.userId('admin'))).toBe(true);
    const owners = await fetchAs(t.owner, { user_id: t.userId('admin'), current_user: t.userId('admin'), assignee_id: t.userId('owner') });
    expect(owners.data.some((r) => r.conversation_id === c.id)).toBe(false);
    expect(owners.data.length).toBeGreaterThan(0);
    expect(owners.data.every((r) => r.conversation_user_id === t.userId('owner'))).toBe(true);
    expect((await fetchAs(t.owner, { assignee_id: '' })).data.length).toBe(open);
    for (const bad of [0, -3, 'owner', 1.5]) {
      const res = await t.owner.post(`${P}/fetch`, { assignee_id: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(json(res).errors).toEqual({ assignee_id: INBOX_MSG.viewingAssignee });
    }
  });

  it('closes what the caller has read, assigned to anyone, whatever user_id the client sends', async () => {
    await customerTexts('+15125550321', 'read by the admin, assigned to the owner');
    await customerTexts('+15125550322', 'read by the owner only');
    const adminRead = await conversationOf('+15125550321');
    const ownerRead = await conversationOf('+15125550322');
    expect(adminRead.assigneeId).toBe(t.userId('owner'));
    await t.owner.post(`${P}/home-owner`, { ...common(ownerRead.id), action: 'move', target_user_id: t.userId('admin') });
    await t.as.admin.post(`${P}/read-receipt`, { ...common(adminRead.id), user_id: t.userId('admin'), current_user: t.userId('admin') });
    await t.owner.post(`${P}/read-receipt`, { ...common(ownerRead.id), user_id: t.userId('owner'), current_user: t.userId('owner') });
    // The admin's client names the owner: the admin's own reads decide, and the owner's count for nothing.
    const res = await t.as.admin.post(`${P}/close-all-read`, { user_id: t.userId('owner'), current_user: t.userId('owner') });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.closed).toBeGreaterThanOrEqual(1);
    expect((await conversationOf('+15125550321')).active).toBe(false);
    expect((await conversationOf('+15125550322')).active).toBe(true);
    const closedBy = await t.db.conversationEvent.findFirstOrThrow({ where: { conversationId: adminRead.id, kind: 'close' } });
    expect(closedBy.actorId).toBe(t.userId('admin'));
    // The owner's client names itself: the conversation assigned to the admin, which the owner read, closes.
    expect((await t.owner.post(`${P}/close-all-read`, { user_id: t.userId('owner'), current_user: t.userId('owner') })).statusCode).toBe(200);
    expect((await conversationOf('+15125550322')).active).toBe(false);
  });

  it('closes a conversation, which the customer’s next text reopens; Urgent shows only those waiting', async () => {
    await customerTexts('+15125550307', 'Done, thanks');
    const c = await conversationOf('+15125550307');
    expect((await t.owner.post(`${P}/home-owner`, { ...common(c.id), action: 'close' })).statusCode).toBe(200);
    expect((await fetchAs(t.owner)).data.some((r) => r.conversation_id === c.id)).toBe(false);
    await customerTexts('+15125550307', 'One more thing');
    expect((await conversationOf('+15125550307')).active).toBe(true);
    expect(await t.db.conversationEvent.count({ where: { conversationId: c.id, kind: { in: ['close', 'reopen'] } } })).toBe(2);
    const urgent = await fetchAs(t.owner, { urgent: true });
    expect(urgent.data.length).toBeGreaterThan(0);
    expect(urgent.data.every((r) => r.urgent)).toBe(true);
  });

  it('closes every conversation the user has read, and only those', async () => {
    await customerTexts('+15125550308', 'read me');
    await customerTexts('+15125550309', 'leave me');
    const read = await conversationOf('+15125550308');
    const unread = await conversationOf('+15125550309');
    await t.as.admin.post(`${P}/read-receipt`, common(read.id));
    const res = await t.as.admin.post(`${P}/close-all-read`, {});
    expect(res.statusCode).toBe(200);
    expect((await conversationOf('+15125550308')).active).toBe(false);
    expect((await conversationOf('+15125550309')).active).toBe(true);
    expect(unread.id).not.toBe(read.id);
  });

  it('answers the poll with the latest message id', async () => {
    const before = json(await t.owner.post(`${P}/poll`, {})).data.value as number;
    await customerTexts('+15125550310', 'ping');
    const after = json(await t.owner.post(`${P}/poll`, {})).data.value as number;
    expect(after).toBeGreaterThan(before);
    const last = await t.db.conversationMessage.findFirstOrThrow({ where: { locationId: t.austinId }, orderBy: { id: 'desc' } });
    expect(after).toBe(last.id);
  });

  it('starts a new conversation with the opt-out line, refuses duplicates and opted-out numbers', async () => {
    const body = { assignment_rule: 'self', type: 'single', customer_number: '(512) 555-0311', customer_name: 'Dana Reyes', customer_address: '12 Elm St', body: 'Hi Dana, your estimate is ready.', channel: 'sms' };
    const res = await t.owner.post(`${P}/new-conversation`, body);
    expect(res.statusCode, res.body).toBe(200);
    const view = json(res).data;
    expect(view).toMatchObject({ name: 'Dana Reyes', phone_number: '+15125550311', conversation_user_id: t.userId('owner') });
    expect(view.messages[0].message).toBe('Hi Dana, your estimate is ready. Reply STOP to opt out.');
    const again = await t.owner.post(`${P}/new-conversation`, body);
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(INBOX_MSG.numberExists);
    const unassigned = await t.owner.post(`${P}/new-conversation`, { ...body, customer_number: '5125550312', assignment_rule: 'unassigned' });
    expect(json(unassigned).data.conversation_user_id).toBeNull();
    const toAdmin = await t.owner.post(`${P}/new-conversation`, { ...body, customer_number: '5125550313', assignment_rule: 'users', selected_users: t.userId('admin') });
    expect(json(toAdmin).data.conversation_user_id).toBe(t.userId('admin'));
    const noNumber = await t.owner.post(`${P}/new-conversation`, { ...body, customer_number: '555' });
    expect(json(noNumber).message).toBe(INBOX_MSG.numberRequired);
    await t.owner.post('/api/dashboard/quick-action/home-owner/opt-out', { app_code: 'CNXN', phone: '5125550314', name: '' });
    const optedOut = await t.owner.post(`${P}/new-conversation`, { ...body, customer_number: '5125550314' });
    expect(optedOut.statusCode).toBe(400);
    expect(json(optedOut).message).toBe(INBOX_MSG.optedOut);
    expect(await t.db.conversation.count({ where: { locationId: t.austinId, phone: '+15125550314' } })).toBe(0);
  });

  it('refuses a new conversation over 300 characters with the form’s one message, and texts nobody', async () => {
    const body = { assignment_rule: 'self', type: 'single', customer_number: '(512) 555-0323', customer_name: 'Long Message', body: '', channel: 'sms' };
    for (const length of [301, 500, 501, 20_001]) {
      const res = await t.owner.post(`${P}/new-conversation`, { ...body, body: 'x'.repeat(length) });
      expect(res.statusCode, String(length)).toBe(400);
      expect(json(res), String(length)).toEqual({ status: 0, message: INBOX_MSG.overHardTyping, errors: { body: INBOX_MSG.overHardTyping } });
    }
    expect(await t.db.conversation.count({ where: { locationId: t.austinId, phone: '+15125550323' } })).toBe(0);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550323' } })).toBe(0);
    const ok = await t.owner.post(`${P}/new-conversation`, { ...body, body: 'x'.repeat(300) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a send refused for carrier compliance (409) leaves no conversation, message, event or text behind', async () => {
    await customerTexts('+15125550331', 'Thanks, all done');
    const closed = await conversationOf('+15125550331');
    await t.owner.post(`${P}/home-owner`, { ...common(closed.id), action: 'close' });
    const closedBefore = await conversationOf('+15125550331');
    expect(closedBefore.active).toBe(false);
    const traces = async () => ({
      conversations: await t.db.conversation.count({ where: { locationId: t.austinId } }),
      events: await t.db.conversationEvent.count({ where: { locationId: t.austinId } }),
      messages: await t.db.conversationMessage.count({ where: { locationId: t.austinId } }),
      texts: await t.db.outboxMessage.count(),
      dispatches: await t.db.dispatch.count({ where: { locationId: t.austinId } }),
    });
    await t.db.location.update({ where: { id: t.austinId }, data: { twilioVerified: 'pending' } });
    try {
      const before = await traces();
      const single = { assignment_rule: 'users', type: 'single', customer_name: 'Refused', body: 'Hello there', channel: 'sms', selected_users: t.userId('admin') };
      for (const [path, body] of [
        ['new-conversation', { ...single, customer_number: '(512) 555-0332' }],
        ['new-conversation', { ...single, customer_number: '(512) 555-0331' }],
        ['send-message', { ...common(closed.id), body: 'Hello again' }],
      ] as const) {
        const res = await t.owner.post(`${P}/${path}`, body);
        expect(res.statusCode, `${path} ${res.body}`).toBe(409);
      }
      expect(await traces()).toEqual(before);
      expect(await t.db.conversation.count({ where: { locationId: t.austinId, phone: '+15125550332' } })).toBe(0);
      expect(await conversationOf('+15125550331')).toEqual(closedBefore);
    } finally {
      await t.db.location.update({ where: { id: t.austinId }, data: { twilioVerified: 'verified' } });
    }
  });

  it('sends a review request through the dispatch path and shows it in the thread', async () => {
    await customerTexts('+15125550315', 'All fixed, thank you');
    const c = await conversationOf('+15125550315');
    const dispatches = await t.db.dispatch.count({ where: { locationId: t.austinId } });
    const res = await t.owner.post(`${P}/send-review-app`, { ...common(c.id), conversation_id: c.id, customer_name: 'Lee' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.message).toMatchObject({ kind: 'review_request', direction_flag: true });
    expect(json(res).data.message.message).toContain('/pulsecheck');
    expect(await t.db.dispatch.count({ where: { locationId: t.austinId } })).toBe(dispatches + 1);
  });

  it('keeps Austin’s conversations out of Dallas’s reach', async () => {
    // Dallas gets the inbox too (kudoPro, off its trial), so only tenancy stands between it and Austin's.
    await grantAddons(t.db, t.dallasId, ['kudoPro']);
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
    await customerTexts('+15125550316', 'Austin only');
    const c = await conversationOf('+15125550316');
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const list = await fetchAs(dallas);
    expect(list.data.some((r) => r.conversation_id === c.id)).toBe(false);
    expect(list.data.every((r) => r.phone_number !== '+15125550316')).toBe(true);
    for (const [path, body] of [
      ['messages', { customer_id: c.id }],
      ['read-receipt', common(c.id)],
      ['mark-unread', common(c.id)],
      ['home-owner', { ...common(c.id), action: 'close' }],
      ['send-message', { ...common(c.id), body: 'hello from Dallas' }],
      ['send-review-app', { ...common(c.id), conversation_id: c.id }],
    ] as const) {
      const res = await dallas.post(`${P}/${path}`, body);
      expect([400, 404], path).toContain(res.statusCode);
      expect(json(res).message).toBe(INBOX_MSG.conversationNotFound);
    }
    expect((await conversationOf('+15125550316')).active).toBe(true);
    expect(await t.db.conversationMessage.count({ where: { conversationId: c.id, direction: 'outbound' } })).toBe(0);
    const poll = json(await dallas.post(`${P}/poll`, {})).data.value;
    const dallasMax = await t.db.conversationMessage.findFirst({ where: { locationId: t.dallasId }, orderBy: { id: 'desc' } });
    expect(poll).toBe(dallasMax?.id ?? 0);
    await dallas.post(`${P}/close-all-read`, {});
    expect((await conversationOf('+15125550316')).active).toBe(true);
  });
});
