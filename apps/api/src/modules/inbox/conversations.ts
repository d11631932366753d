import type { AppDeps } from '../../http/context.js';
import type { Db } from '../../lib/db.js';
import { recordChange } from './record.js';
import { assigneesOf, defaultAssignee } from './views.js';

/**
 * The conversation of a customer number at a location: found, reopened when it was closed, or opened and
 * assigned by the default rule (`me`, the person starting it, else the first admin). Every assignment and
 * reopening is recorded.
 */
export async function openConversation(
  deps: Pick<AppDeps, 'db'>,
  c: { locationId: number; phone: string; name?: string; address?: string; source?: 'sms' | 'web-chat'; me?: number | null; assignTo?: number | null },
): Promise<{ id: number; created: boolean; reopened: boolean }> {
  const db: Db = deps.db;
  const existing = await db.conversation.findUnique({ where: { locationId_phone: { locationId: c.locationId, phone: c.phone } }, select: { id: true, active: true, name: true } });
  if (existing) {
    if (c.name && !existing.name) await db.conversation.update({ where: { id: existing.id }, data: { name: c.name, ...(c.address ? { address: c.address } : {}) } });
    if (existing.active) return { id: existing.id, created: false, reopened: false };
    const reopened = await db.conversation.updateMany({ where: { id: existing.id, active: false }, data: { active: true, closedAt: null } });
    if (reopened.count) await recordChange(db, { locationId: c.locationId, conversationId: existing.id, kind: 'reopen', actorId: c.me ?? null });
    return { id: existing.id, created: false, reopened: reopened.count > 0 };
  }
  const assigneeId = c.assignTo !== undefined ? c.assignTo : defaultAssignee(await assigneesOf(db, c.locationId), c.me ?? null);
  const rows = await db.$queryRaw<{ id: number; created: boolean }[]>`
    INSERT INTO conversations (location_id, phone, name, address, source, assignee_id)
    VALUES (${c.locationId}, ${c.phone}, ${c.name ?? ''}, ${c.address ?? ''}, ${c.source ?? 'sms'}, ${assigneeId})
    ON CONFLICT (location_id, phone) DO UPDATE SET location_id = EXCLUDED.location_id
    RETURNING id, (xmax = 0) AS created`;
  const row = rows[0]!;
  if (row.created && assigneeId !== null) {
    await recordChange(db, { locationId: c.locationId, conversationId: row.id, kind: 'assign', actorId: c.me ?? null, toUserId: assigneeId });
  }
  return { id: row.id, created: row.created, reopened: false };
}
