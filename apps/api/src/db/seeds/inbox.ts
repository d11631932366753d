import type { AreaSeeder } from './types.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Elizabeth', 'Carlos', 'Susan', 'Kevin', 'Angela', 'Brian', 'Nicole', 'Tyler', 'Rosa', 'Derek', 'Hannah', 'Marcus'];
const LAST = ['Garcia', 'Nguyen', 'Johnson', 'Patel', 'Brooks', 'Martinez', 'Kim', 'Thompson', 'Lopez', 'Bennett', 'Hughes', 'Rivera', 'Coleman', 'Foster', 'Reyes'];
const STREETS = ['Oak Hollow Dr', 'Barton Springs Rd', 'Shoal Creek Blvd', 'Mesa Dr', 'Cameron Rd', 'Brodie Ln', 'Manchaca Rd', 'Burnet Rd'];

/** Short exchanges as they happen at a plumbing shop: the customer first, then alternating. */
const THREADS: string[][] = [
  ['Hi, our water heater is leaking from the bottom. Can someone come today?', 'Sorry to hear that! We have a tech free at 2 pm. Does that work?', 'Yes please, 2 pm is great.', 'Booked. Marcus will text when he is on the way.'],
  ['Is the estimate for the kitchen repipe ready?', 'It is! Emailing it now. Let us know if you have questions.', 'Got it, thanks. We will go ahead.'],
  ['The tech just left, everything works great. Thank you!', 'Glad to hear it! Thanks for choosing us.'],
  ['Do you do drain cleaning on weekends?', 'We do, Saturday 8 to 4. Want us to put you down?', 'Saturday morning please', 'You are on the schedule for 9 am Saturday.'],
  ['My toilet keeps running after flushing', 'That is usually the flapper. We can swap it for a flat fee. Want a visit tomorrow?', 'How much is the fee?', 'It is $95 including the part.', 'OK tomorrow works'],
  ['Can you send a photo of the invoice? I lost it.', 'Of course, sending it over now.'],
  ['What time is the technician arriving?', 'Between 10 and 12. He will text 30 minutes before.'],
  ['We smell gas near the water heater', 'Please leave the house and call the gas company at once. We are sending someone right after they clear it.', 'They said it is fine now', 'Great, our tech will be there within the hour to check the connection.'],
  ['Hi do you install water softeners?', 'Yes we do! Would you like a free quote?', 'Yes, mornings are best for me'],
  ['Thanks for the quick fix yesterday!', 'Anytime! Let us know if anything else comes up.'],
  ['Our garbage disposal is humming but not spinning', 'Try the reset button underneath. If that does not work we can come by.', 'Reset worked!! thank you'],
  ['Is there a warranty on the new faucet?', 'Yes, parts carry 5 years and our labor 1 year.'],
];
/** The customer's latest message of the open conversations nobody answered yet. */
const WAITING = [
  'Hi, is anyone available this afternoon? Kitchen sink is backed up.',
  'Can I reschedule Thursday to Friday?',
  'Water pressure dropped in the whole house since this morning',
  'Do you take credit cards on site?',
  'Following up on my quote from last week',
  'The sump pump alarm is going off',
];

const TEMPLATES: [string, string][] = [
  ['Scheduling', 'Hi *|first_name|*, this is Demo Plumbing. Your appointment is confirmed for *|date|* between *|time_window|*.'],
  ['Scheduling', 'Hi *|first_name|*, our technician *|tech_name|* is on the way and should arrive in about *|minutes|* minutes.'],
  ['Scheduling', 'We need to reschedule your visit. Could *|date|* work for you instead?'],
  ['Estimates', 'Hi *|first_name|*, your estimate for *|job|* is ready: *|amount|*. Reply YES to book.'],
  ['Estimates', 'Thanks for your interest! When is a good time for a free estimate?'],
  ['Follow-up', 'Thanks for choosing Demo Plumbing today! Let us know if anything else comes up.'],
  ['Follow-up', 'Hi *|first_name|*, just checking that everything is still working well after our visit.'],
];

/** A small deterministic generator, so every seeded database tells the same story. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Austin's inbox: about 130 conversations over the last 13 months, the older ones closed by whoever
 * answered, the recent ones open (some waiting for an answer, unread); templates in three categories; and
 * website chat leads. Dallas has a single closed conversation.
 */
export const seedInbox: AreaSeeder = async (tx, { austinId, dallasId, now, users }) => {
  const rnd = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const staffIds = [users.owner, users.admin];

  await tx.inboxTemplate.createMany({ data: TEMPLATES.map(([category, text], i) => ({ locationId: austinId, category, text, sortOrder: i })) });

  interface Plan {
    id: number;
    assignee: number;
    start: number;
    lines: { at: number; inbound: boolean; body: string; author: number | null }[];
    open: boolean;
    waiting: boolean;
  }
  const plans: Plan[] = [];
  const total = 130;
  for (let i = 0; i < total; i++) {
    // The closed ones spread from 395 days ago to about two weeks ago (so the last 30 days hold some closes), the
    // last 14 open over the last two weeks.
    const open = i >= total - 14;
    const ageDays = open ? (total - i) * 0.9 + rnd() * 0.5 : 14 + 381 * (1 - i / (total - 14)) + rnd() * 2;
    const start = now.getTime() - ageDays * DAY - rnd() * 8 * HOUR;
    const assignee = pick(staffIds);
    const waiting = open && i % 2 === 0;
    const thread = waiting ? [pick(THREADS)[0]!, WAITING[i % WAITING.length]!] : pick(THREADS);
    let at = start;
    const lines = thread.map((body, n) => {
      at += (n === 0 ? 0 : 3 + rnd() * 40) * MINUTE;
      const inbound = waiting ? true : n % 2 === 0;
      return { at, inbound, body, author: inbound ? null : assignee };
    });
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const phone = `+1512555${String(1000 + i).padStart(4, '0')}`;
    const c = await tx.conversation.create({
      data: {
        locationId: austinId,
        phone,
        name: rnd() < 0.85 ? name : '',
        address: rnd() < 0.6 ? `${100 + Math.floor(rnd() * 9800)} ${pick(STREETS)}, Austin, TX` : '',
        assigneeId: assignee,
        source: i % 9 === 4 ? 'web-chat' : 'sms',
        active: open,
        createdAt: new Date(start),
      },
    });
    plans.push({ id: c.id, assignee, start, lines, open, waiting });
  }

  // Messages in time order across conversations, so ids grow with time as they do live.
  const messages = plans
    .flatMap((p) => p.lines.map((l) => ({ p, l })))
    .sort((a, b) => a.l.at - b.l.at)
    .map(({ p, l }) => ({
      locationId: austinId,
      conversationId: p.id,
      direction: l.inbound ? ('inbound' as const) : ('outbound' as const),
      body: l.body,
      userId: l.author,
      kind: p.lines[0] === l && plans.indexOf(p) % 9 === 4 ? 'web_chat' : 'message',
      createdAt: new Date(l.at),
    }));
  await tx.conversationMessage.createMany({ data: messages });
  await tx.$executeRaw`
    UPDATE conversations c SET last_message_id = m.last_id, last_message_at = m.last_at, last_message_body = left(m.last_body, 200), inbound_count = m.inbound
    FROM (
      SELECT DISTINCT ON (conversation_id) conversation_id, id AS last_id, created_at AS last_at, body AS last_body,
             count(*) FILTER (WHERE direction = 'inbound') OVER (PARTITION BY conversation_id) AS inbound
      FROM conversation_messages WHERE location_id = ${austinId} ORDER BY conversation_id, id DESC) m
    WHERE c.id = m.conversation_id`;

  // Closed conversations: closed by their assignee a few hours after the last message; all read by both.
  const events: { locationId: number; conversationId: number; kind: string; actorId: number | null; toUserId?: number | null; createdAt: Date }[] = [];
  for (const p of plans) {
    events.push({ locationId: austinId, conversationId: p.id, kind: 'assign', actorId: null, toUserId: p.assignee, createdAt: new Date(p.start) });
    const last = p.lines.at(-1)!.at;
    if (!p.open) {
      events.push({ locationId: austinId, conversationId: p.id, kind: 'close', actorId: p.assignee, createdAt: new Date(last + (1 + rnd() * 20) * HOUR) });
    }
    if (p.waiting) {
      await tx.conversation.update({ where: { id: p.id }, data: { awaitingSince: new Date(p.lines[0]!.at) } });
    }
  }
  await tx.conversationEvent.createMany({ data: events });
  await tx.$executeRaw`
    UPDATE conversations c SET closed_at = e.created_at
    FROM conversation_events e WHERE e.conversation_id = c.id AND e.kind = 'close' AND c.location_id = ${austinId}`;
  // Everyone has read what was answered; the waiting ones are unread for all, one is read by the owner only.
  const readers = plans.filter((p) => !p.waiting);
  for (const userId of staffIds) {
    await tx.$executeRaw`
      INSERT INTO conversation_reads (conversation_id, user_id, read_count)
      SELECT id, ${userId}, inbound_count FROM conversations WHERE id = ANY(${readers.map((p) => p.id)}::int[])`;
  }
  const ownerOnly = plans.find((p) => p.waiting);
  if (ownerOnly) {
    await tx.$executeRaw`
      INSERT INTO conversation_reads (conversation_id, user_id, read_count)
      SELECT id, ${users.owner}, inbound_count FROM conversations WHERE id = ${ownerOnly.id}`;
  }

  // Website chat leads: one per web-chat conversation, plus visitors over the months.
  const leads = plans
    .filter((_, i) => i % 9 === 4)
    .map((p) => ({ p, c: p.lines[0]! }))
    .map(({ p, c }) => ({ locationId: austinId, conversationId: p.id, name: `${pick(FIRST)} ${pick(LAST)}`, phone: '', message: c.body, createdAt: new Date(c.at) }));
  for (const lead of leads) {
    const conversation = await tx.conversation.findUniqueOrThrow({ where: { id: lead.conversationId }, select: { phone: true, name: true } });
    lead.phone = conversation.phone;
    if (conversation.name) lead.name = conversation.name;
  }
  await tx.webChatLead.createMany({ data: leads.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) });

  // Dallas: one closed exchange.
  const dallas = await tx.conversation.create({
    data: { locationId: dallasId, phone: '+12145550123', name: 'Terry Walsh', active: false, createdAt: new Date(now.getTime() - 20 * DAY), closedAt: new Date(now.getTime() - 19 * DAY) },
  });
  await tx.conversationMessage.createMany({
    data: [
      { locationId: dallasId, conversationId: dallas.id, direction: 'inbound', body: 'Do you serve Plano?', createdAt: new Date(now.getTime() - 20 * DAY) },
      { locationId: dallasId, conversationId: dallas.id, direction: 'outbound', body: 'We do! Want to book a visit?', userId: users.owner, createdAt: new Date(now.getTime() - 20 * DAY + 10 * MINUTE) },
    ],
  });
  await tx.$executeRaw`
    UPDATE conversations c SET last_message_id = m.id, last_message_at = m.created_at, last_message_body = m.body, inbound_count = 1
    FROM (SELECT id, created_at, body FROM conversation_messages WHERE conversation_id = ${dallas.id} ORDER BY id DESC LIMIT 1) m
    WHERE c.id = ${dallas.id}`;
};
