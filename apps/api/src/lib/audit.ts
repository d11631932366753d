import type { Db } from './db.js';
import type { Prisma } from '../generated/prisma/client.js';

export interface AuditEntry {
  action: string;
  actorUserId?: number | null;
  accountId?: number | null;
  locationId?: number | null;
  ip?: string | null;
  details?: Prisma.InputJsonObject;
}

export async function audit(db: Db | Prisma.TransactionClient, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      action: entry.action,
      actorUserId: entry.actorUserId ?? null,
      accountId: entry.accountId ?? null,
      locationId: entry.locationId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ?? {},
    },
  });
}
