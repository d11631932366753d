import type { Client } from './shared.js';

/** What the follow-ups of a conversation are decided from: the conversation, its location's settings and contacts. */
export interface FollowUpConversation {
  id: number;
  locationId: number;
  phone: string;
  name: string;
  active: boolean;
  inboundCount: number;
  awaitingSince: Date | null;
  firstAutoReplyAt: Date | null;
  secondAutoReplyFor: Date | null;
  location: {
    name: string;
    companyName: string | null;
    timeZone: string;
    autoReplySettings: { firstEnabled: boolean; firstText: string; secondEnabled: boolean; secondText: string; secondDelay: number } | null;
    escalationContacts: { id: number; name: string | null; phoneNumber: string | null; email: string | null; delay: number }[];
  };
}

/** The automatic follow-ups of unanswered conversations: auto-replies (claimed on the conversation) and escalation alerts. */
export const followUpQueries = {
  conversation(db: Client, conversationId: number): Promise<FollowUpConversation | null> {
    return db.conversation.findUnique({
      where: { id: conversationId },
      select: {
        id: true,
        locationId: true,
        phone: true,
        name: true,
        active: true,
        inboundCount: true,
        awaitingSince: true,
        firstAutoReplyAt: true,
        secondAutoReplyFor: true,
        location: {
          select: {
            name: true,
            companyName: true,
            timeZone: true,
            autoReplySettings: { select: { firstEnabled: true, firstText: true, secondEnabled: true, secondText: true, secondDelay: true } },
            escalationContacts: { select: { id: true, name: true, phoneNumber: true, email: true, delay: true } },
          },
        },
      },
    });
  },

  /** Claims the conversation's first auto-reply (once per conversation); answers whether this call claimed it. */
  async claimFirstAutoReply(db: Client, conversationId: number, at: Date): Promise<boolean> {
    const claimed = await db.conversation.updateMany({ where: { id: conversationId, firstAutoReplyAt: null }, data: { firstAutoReplyAt: at } });
    return claimed.count > 0;
  },

  /** Claims the second auto-reply of the unanswered stretch that began at `since`; answers whether this call claimed it. */
  async claimSecondAutoReply(db: Client, conversationId: number, since: Date): Promise<boolean> {
    const claimed = await db.conversation.updateMany({
      where: { id: conversationId, awaitingSince: since, OR: [{ secondAutoReplyFor: null }, { secondAutoReplyFor: { not: since } }] },
      data: { secondAutoReplyFor: since },
    });
    return claimed.count > 0;
  },

  /** Claims a contact's escalation alert for the stretch that began at `since` (once); answers whether this call claimed it. */
  async claimEscalation(db: Client, conversationId: number, contactId: number, since: Date): Promise<boolean> {
    const inserted = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO escalation_alerts (conversation_id, contact_id, awaiting_since) VALUES (${conversationId}, ${contactId}, ${since})
      ON CONFLICT DO NOTHING RETURNING id`;
    return inserted.length > 0;
  },

  /** Conversations waiting for an answer since between `from` and `to`, longest waiting first, at most `take`. */
  waiting(db: Client, from: Date, to: Date, take: number): Promise<{ id: number }[]> {
    return db.conversation.findMany({
      where: { awaitingSince: { not: null, lt: to, gt: from } },
      select: { id: true },
      orderBy: { awaitingSince: 'asc' },
      take,
    });
  },

  /** The delays (minutes) after which a customer's message may need a follow-up: the auto-replies' and the escalation contacts'. */
  async delaysOf(db: Client, locationId: number): Promise<{ firstEnabled: boolean; secondEnabled: boolean; secondDelay: number; contactDelays: number[] }> {
    const [settings, contacts] = await Promise.all([
      db.autoReplySettings.findUnique({ where: { locationId }, select: { firstEnabled: true, secondEnabled: true, secondDelay: true } }),
      db.escalationContact.findMany({ where: { locationId }, select: { delay: true } }),
    ]);
    return {
      firstEnabled: settings?.firstEnabled ?? false,
      secondEnabled: settings?.secondEnabled ?? false,
      secondDelay: settings?.secondDelay ?? 0,
      contactDelays: contacts.map((c) => c.delay),
    };
  },
};
