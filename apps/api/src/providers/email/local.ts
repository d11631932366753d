import type { Db } from '../../lib/db.js';
import type { EmailMessage, EmailProvider } from './types.js';

/** Writes each email to the outbox table (its attachments too), where the Dev outbox page shows it. */
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
          ...(message.attachments?.length
            ? {
                attachments: {
                  create: message.attachments.map((a) => ({
                    filename: a.filename,
                    contentType: a.contentType,
                    content: new Uint8Array(a.content),
                    contentId: a.contentId ?? null,
                  })),
                },
              }
            : {}),
        },
      });
      return { id: `outbox-${row.id}` };
    },
  };
}
