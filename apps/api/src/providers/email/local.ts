import type { Db } from '../../lib/db.js';
import type { EmailMessage, EmailProvider } from './types.js';

/** Writes each email to the outbox table, where the Dev outbox page shows it. */
export function localEmailProvider(db: Db, from: string): EmailProvider {
  return {
    kind: 'local',
    async send(message: EmailMessage) {
      const row = await db.outboxMessage.create({
        data: {
          channel: 'email',
          locationId: message.locationId ?? null,
          to: message.to,
          from,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          headers: message.headers ?? {},
        },
      });
      return { id: `outbox-${row.id}` };
    },
  };
}
