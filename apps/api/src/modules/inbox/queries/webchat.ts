import { ENTITLEMENT_SELECT } from '../../../lib/entitlements.js';
import type { Client } from './shared.js';

export interface WebChatLeadRow {
  id: number;
  name: string;
  phone: string;
  message: string;
  createdAt: Date;
}

/** Website chat: the widget a visitor writes from, and the leads (web_chat_leads) it makes. */
export const webChatQueries = {
  /** The widget of a public key with its location's name and entitlements (whether it may chat), or null. */
  widgetByKey(db: Client, key: string) {
    return db.widgetSetting.findUnique({
      where: { widgetKey: key },
      select: {
        chatEnabled: true,
        locationId: true,
        location: { select: { name: true, companyName: true, ...ENTITLEMENT_SELECT } },
      },
    });
  },

  async createLead(db: Client, lead: { locationId: number; conversationId: number; name: string; phone: string; message: string }): Promise<void> {
    await db.webChatLead.create({ data: lead });
  },

  /**
   * A page of the location's leads, newest first: those before lead `before` (null: the newest), or with `after`,
   * the `size` leads just after it.
   */
  async leadsPage(db: Client, locationId: number, size: number, cursor: { before: number | null; after: number | null }): Promise<WebChatLeadRow[]> {
    const select = { id: true, name: true, phone: true, message: true, createdAt: true } as const;
    if (cursor.after) {
      return (await db.webChatLead.findMany({ where: { locationId, id: { gt: cursor.after } }, orderBy: { id: 'asc' }, take: size, select })).reverse();
    }
    return db.webChatLead.findMany({ where: { locationId, ...(cursor.before ? { id: { lt: cursor.before } } : {}) }, orderBy: { id: 'desc' }, take: size, select });
  },

  leadCount(db: Client, locationId: number): Promise<number> {
    return db.webChatLead.count({ where: { locationId } });
  },

  /** Whether the location has a lead beyond an id (findFirst: Prisma's count counts every match before its take). */
  async hasLead(db: Client, locationId: number, id: { lt: number } | { gt: number }): Promise<boolean> {
    return (await db.webChatLead.findFirst({ where: { locationId, id }, select: { id: true } })) !== null;
  },
};
