import { describe, expect, it } from 'vitest';
import type { ConversationView } from '@kudo/shared';
import { json, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

import { conversationQueries } from './queries/index.js';
import { toConversationView } from './views.js';

const AUSTIN_NUMBER = '+15125550100';
const P = '/api/kudo-pro/conversation';

describe('the unread totals kept by triggers', () => {
  const t = useDemoApp({ roles: ['owner', 'admin'] });

  const customerTexts = async (from: string, body: string) => {
    const res = await t.owner.post('/api/dev/outbox/reply', { from, to: AUSTIN_NUMBER, body });
    expect(res.statusCode, res.body).toBe(200);
    return (await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: t.austinId, phone: from } } })).id;
  };
  const common = (id: number) => ({ customer_id: id, user_id: null, channel: 'sms', to_number: '', conv_user_id: null, current_user: null });
  const ok = async (agent: Agent, path: string, body: Record<string, unknown>) => {
    const res = await agent.post(`${P}/${path}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  /** The unread total computed the long way: every open conversation of the location with the user's read count. */
  const computed = async (locationId: number, userId: number) => {
    const [row] = await t.db.$queryRaw<{ unread: number }[]>`
      SELECT coalesce(sum(c.inbound_count - coalesce(r.read_count, 0)), 0)::int AS unread
      FROM conversations c LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${userId}
      WHERE c.location_id = ${locationId} AND c.active AND c.inbound_count > coalesce(r.read_count, 0)`;
    return row!.unread;
  };
  /** What the inbox answers (E117), which reads the kept totals. */
  const shown = async (agent: Agent) => (json(await ok(agent, 'fetch', {})).data as { unread_messages: number }).unread_messages;
  const expectExact = async () => {
    const now = { owner: await shown(t.owner), admin: await shown(t.as.admin) };
    expect(now).toEqual({ owner: await computed(t.austinId, t.userId('owner')), admin: await computed(t.austinId, t.userId('admin')) });
    return now;
  };

  it('match the full computation for two users through messages, reads, Mark Unread, close, reopen and assignment', async () => {
    const start = await expectExact();

    const a = await customerTexts('+15125550401', 'Is Friday still on?');
    await customerTexts('+15125550401', 'Also, bring the invoice please');
    const b = await customerTexts('+15125550402', 'The sink is leaking');
    const c = await customerTexts('+15125550403', 'Can you call me?');
    expect(await expectExact()).toEqual({ owner: start.owner + 4, admin: start.admin + 4 });

    await ok(t.owner, 'read-receipt', common(a));
    expect(await expectExact()).toEqual({ owner: start.owner + 2, admin: start.admin + 4 });
    await ok(t.as.admin, 'read-receipt', common(b));
    await ok(t.as.admin, 'read-receipt', common(a));
    expect(await expectExact()).toEqual({ owner: start.owner + 2, admin: start.admin + 1 });

    // Mark Unread leaves the last customer message unread; a new message adds to both users.
    await ok(t.owner, 'mark-unread', common(a));
    await customerTexts('+15125550402', 'Still leaking, now worse');
    expect(await expectExact()).toEqual({ owner: start.owner + 4, admin: start.admin + 2 });

    // Closing takes the conversation out for everyone; the customer's next text brings it back, with its history.
    await ok(t.owner, 'home-owner', { ...common(b), action: 'close' });
    expect(await expectExact()).toEqual({ owner: start.owner + 2, admin: start.admin + 1 });
    await customerTexts('+15125550402', 'Hello? Anyone?');
    expect(await expectExact()).toEqual({ owner: start.owner + 5, admin: start.admin + 3 });

    // An answer reads the conversation for its author and reopens a closed one.
    await ok(t.owner, 'home-owner', { ...common(c), action: 'close' });
    await ok(t.as.admin, 'send-message', { customer_id: c, body: 'Calling you in five minutes.' });
    expect(await expectExact()).toEqual({ owner: start.owner + 5, admin: start.admin + 2 });

    // Assignment changes nothing; Close All Read closes what the user has read.
    await ok(t.owner, 'home-owner', { ...common(a), action: 'move', target_user_id: t.userId('admin') });
    await ok(t.as.admin, 'read-receipt', common(b));
    await ok(t.as.admin, 'close-all-read', {});
    const closed = await t.db.conversation.count({ where: { id: { in: [a, b, c] }, active: false } });
    expect(closed).toBe(3);
    await expectExact();

    // A user who never read anything sees every inbound message of the open conversations.
    const [open] = await t.db.$queryRaw<{ total: number }[]>`
      SELECT coalesce(sum(inbound_count), 0)::int AS total FROM conversations WHERE location_id = ${t.austinId} AND active`;
    const kept = await t.db.inboxUnreadTotal.findUnique({ where: { locationId_userId: { locationId: t.austinId, userId: 0 } } });
    expect(kept?.count ?? 0).toBe(open!.total);
  });

  it('E117 lists each conversation as the conversation view writes it, through its Viewing and Urgent filters', async () => {
    await t.db.user.update({ where: { id: t.userId('admin') }, data: { firstName: '\u00a0', lastName: 'Ná "Q", Jr.\t' } });
    const x = await customerTexts('+15125550404', 'Ünïcode "quotes", commas\nand lines');
    await ok(t.owner, 'home-owner', { ...common(x), action: 'move', target_user_id: t.userId('admin') });
    await ok(t.owner, 'home-owner', { ...common(x), action: 'optout' });
    for (const agent of [t.owner, t.as.admin]) {
      const viewer = agent === t.owner ? t.userId('owner') : t.userId('admin');
      const list = (json(await ok(agent, 'fetch', {})).data as { data: ConversationView[] }).data;
      expect(list.length).toBeGreaterThan(3);
      for (const view of list) {
        const row = await conversationQueries.asSeenBy(t.db, t.austinId, viewer, view.conversation_id);
        expect(view).toEqual(toConversationView(row!));
      }
      const mine = (json(await ok(agent, 'fetch', { assignee_id: t.userId('admin'), urgent: true })).data as { data: ConversationView[] }).data;
      expect(mine.map((v) => v.conversation_id)).toContain(x);
      expect(mine.every((v) => v.conversation_user_id === t.userId('admin') && v.urgent)).toBe(true);
      // The assignee's label is the name trimmed of Unicode's white space, the same in the list and the assignees.
      const fetched = json(await ok(agent, 'fetch', {})).data as { data: ConversationView[]; assignees: { id: number; name: string }[] };
      expect(fetched.data.find((v) => v.conversation_id === x)?.user_data.label).toBe('Ná "Q", Jr.');
      expect(fetched.assignees.find((a) => a.id === t.userId('admin'))?.name).toBe('Ná "Q", Jr.');
    }
  });

  it('E117 entries follow each field of the conversation and of its assignee, however it is changed', async () => {
    const x = await customerTexts('+15125550405', 'First');
    const listed = async (agent: Agent, viewer: number) => {
      const list = (json(await ok(agent, 'fetch', {})).data as { data: ConversationView[] }).data;
      const view = list.find((v) => v.conversation_id === x);
      if (view) expect(view).toEqual(toConversationView((await conversationQueries.asSeenBy(t.db, t.austinId, viewer, x))!));
      return view;
    };
    const changes = [
      () => t.db.$executeRaw`UPDATE conversations SET name = 'Zoë "Z" \\ Tab	End' WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET phone = '+15125550499' WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET address = '12 Elm St, Apt "B"' WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET source = 'web-chat' WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET assignee_id = ${t.userId('admin')} WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE users SET first_name = 'Renamed', last_name = 'Admin', email = 'renamed-admin@kudo.test' WHERE id = ${t.userId('admin')}`,
      () => t.db.$executeRaw`UPDATE conversations SET last_message_at = '2026-01-02 03:04:05.678', last_message_body = 'Edited 😀' WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET awaiting_since = NULL WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET awaiting_since = '2026-01-02 03:04:05' WHERE id = ${x}`,
      () => t.db.$executeRaw`UPDATE conversations SET inbound_count = inbound_count + 3 WHERE id = ${x}`,
      () => t.db.$executeRaw`INSERT INTO consent_states (location_id, channel, address, scope, opted_out, updated_at)
                       VALUES (${t.austinId}, 'sms', '+15125550499', 'messaging', true, now())`,
      () => t.db.$executeRaw`UPDATE conversations SET assignee_id = NULL WHERE id = ${x}`,
    ];
    for (const [i, change] of changes.entries()) {
      const before = await listed(t.owner, t.userId('owner'));
      await change();
      // Each change shows in the list, and both viewers' entries are the conversation view.
      expect(await listed(t.owner, t.userId('owner')), `change ${i}`).not.toEqual(before);
      expect(await listed(t.as.admin, t.userId('admin'))).toBeDefined();
    }
    // An entry missing (written with the triggers disabled) is written as the list reads it.
    const kept = await listed(t.owner, t.userId('owner'));
    await t.db.$executeRaw`DELETE FROM conversation_list_entries WHERE conversation_id = ${x}`;
    expect(await listed(t.owner, t.userId('owner'))).toEqual(kept);
    await t.db.$executeRaw`UPDATE conversations SET active = false WHERE id = ${x}`;
    expect(await listed(t.owner, t.userId('owner'))).toBeUndefined();
    await t.db.$executeRaw`UPDATE users SET email = 'admin@kudo.test' WHERE id = ${t.userId('admin')}`;
  });

  it('Mark Unread on a conversation with no customer message stores a read count of 0 and changes no total', async () => {
    const res = await ok(t.owner, 'new-conversation', {
      assignment_rule: 'self', type: 'single', customer_number: '(512) 555-0406', customer_name: 'Lee Park', customer_address: '',
      body: 'Hi Lee, your estimate is ready.', channel: 'sms',
    });
    const id = (json(res).data as ConversationView).conversation_id;
    expect((await t.db.conversation.findUniqueOrThrow({ where: { id } })).inboundCount).toBe(0);
    const before = await expectExact();
    await ok(t.owner, 'mark-unread', common(id));
    const read = await t.db.conversationRead.findUniqueOrThrow({ where: { conversationId_userId: { conversationId: id, userId: t.userId('owner') } } });
    expect(read.readCount).toBe(0);
    expect(await expectExact()).toEqual(before);
    // The database refuses a read count below 0, whoever writes it.
    await expect(t.db.$executeRaw`UPDATE conversation_reads SET read_count = -1 WHERE conversation_id = ${id}`).rejects.toThrow(/read_count may not be negative/);
  });

  it('stay exact when conversations and read counts change many at a time, and per location', async () => {
    await t.db.conversationRead.deleteMany({ where: { userId: t.userId('admin'), conversation: { locationId: t.austinId } } });
    await t.db.conversation.updateMany({ where: { locationId: t.austinId }, data: { active: true } });
    await t.db.$executeRaw`UPDATE conversation_reads SET read_count = read_count - 1 WHERE user_id = ${t.userId('owner')} AND read_count > 0`;
    await expectExact();
    await t.db.conversation.deleteMany({ where: { locationId: t.austinId, phone: '+15125550402' } });
    await expectExact();
    // Dallas's totals are Dallas's own.
    for (const userId of [t.userId('owner'), t.userId('admin')]) {
      const [kept] = await t.db.$queryRaw<{ unread: number }[]>`
        SELECT (coalesce(sum(count) FILTER (WHERE user_id = 0), 0) - coalesce(sum(count) FILTER (WHERE user_id = ${userId}), 0))::int AS unread
        FROM inbox_unread_totals WHERE location_id = ${t.dallasId}`;
      expect(kept!.unread).toBe(await computed(t.dallasId, userId));
    }
  });
});
