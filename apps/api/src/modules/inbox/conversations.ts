import type { AppDeps } from '../../http/context.js';
import { conversationQueries, listQueries } from './queries/index.js';
import { recordChange } from './record.js';
import { defaultAssignee } from './views.js';

/**
 * The conversation of a customer number at a location: found, reopened when it was closed, or opened and
 * assigned by the default rule (`me`, the person starting it, else the first admin). Every assignment and
 * reopening is recorded.
 */
export async function openConversation(
  deps: Pick<AppDeps, 'db'>,
  c: { locationId: number; phone: string; name?: string; address?: string; source?: 'sms' | 'web-chat'; me?: number | null; assignTo?: number | null },
): Promise<{ id: number; created: boolean; reopened: boolean }> {
  const db = deps.db;
  const existing = await conversationQueries.byPhone(db, c.locationId, c.phone);
  if (existing) {
    if (c.name && !existing.name) await conversationQueries.rename(db, existing.id, c.name, c.address);
    if (existing.active) return { id: existing.id, created: false, reopened: false };
    const reopened = await conversationQueries.reopenIfClosed(db, existing.id);
    if (reopened) await recordChange(db, { locationId: c.locationId, conversationId: existing.id, kind: 'reopen', actorId: c.me ?? null });
    return { id: existing.id, created: false, reopened };
  }
  const assigneeId = c.assignTo !== undefined ? c.assignTo : defaultAssignee(await listQueries.assignees(db, c.locationId), c.me ?? null);
  const row = await conversationQueries.insert(db, { locationId: c.locationId, phone: c.phone, name: c.name ?? '', address: c.address ?? '', source: c.source ?? 'sms', assigneeId });
  if (row.created && assigneeId !== null) {
    await recordChange(db, { locationId: c.locationId, conversationId: row.id, kind: 'assign', actorId: c.me ?? null, toUserId: assigneeId });
  }
  return { id: row.id, created: row.created, reopened: false };
}
