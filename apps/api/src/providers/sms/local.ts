import type { Db } from '../../lib/db.js';
import type { SmsMessage, SmsProvider } from './types.js';

/** Writes each SMS to the outbox table, where the Dev outbox page shows it. */
export function localSmsProvider(db: Db, from: string): SmsProvider {
  return {
    kind: 'local',
    async send(message: SmsMessage) {
      const body = message.mediaUrl ? `${message.body}\n[media] ${message.mediaUrl}` : message.body;
      const sender = message.from ?? from;
      const row = await db.outboxMessage.create({
        data: { channel: 'sms', locationId: message.locationId ?? null, to: message.to, from: sender, body },
      });
      return { id: `outbox-${row.id}`, from: sender };
    },
  };
}
