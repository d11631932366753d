import { z } from 'zod';
import { defineJob } from './define.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Removes what has stopped mattering: expired sessions, spent or stale links, old rate-limit windows, old previews, old
 * webhook events, old field-service job events.
 */
export const cleanupJob = defineJob({
  name: 'maintenance.cleanup',
  payload: z.object({}).passthrough(),
  cron: '17 * * * *',
  retryLimit: 2,
  async handler(_payload, { db }) {
    const now = new Date();
    await db.session.deleteMany({ where: { expiresAt: { lt: now } } });
    await db.oneTimeToken.deleteMany({
      where: { OR: [{ expiresAt: { lt: new Date(now.getTime() - DAY) } }, { usedAt: { lt: new Date(now.getTime() - DAY) } }] },
    });
    await db.rateLimitHit.deleteMany({ where: { resetAt: { lt: now } } });
    // Preview links (sample pulseChecks) are anyone's to open: they are kept a day, not forever.
    await db.dispatch.deleteMany({ where: { source: 'sample', createdAt: { lt: new Date(now.getTime() - DAY) } } });
    // Webhook events are kept 30 days with their deliveries (Settings lists them), never while one is still to go;
    // an event whose webhooks were all removed goes at once.
    await db.$executeRaw`
      DELETE FROM webhook_events e
       WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND (d.status IN ('pending', 'delivering') OR e.created_at >= ${new Date(now.getTime() - 30 * DAY)}))`;
    // Field-service job events (the systems' bodies, with customers' contacts) are kept 30 days once handled; the job
    // each made stays (field_jobs), and it alone keeps a late retry from sending again.
    await db.fieldJobEvent.deleteMany({ where: { status: 'done', receivedAt: { lt: new Date(now.getTime() - 30 * DAY) } } });
  },
});
