import type { FastifyInstance } from 'fastify';
import { systemApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';

/** Registered only while a local provider is active: the outbox is what those providers "sent". */
export function registerDevOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, systemApi.devOutbox, async ({ query }) => {
    const rows = await deps.db.outboxMessage.findMany({
      where: query.channel ? { channel: query.channel } : {},
      orderBy: { id: 'desc' },
      take: query.limit,
    });
    return {
      messages: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        from: m.from,
        subject: m.subject,
        body: m.body,
        html: m.html,
        created_at: m.createdAt.toISOString(),
      })),
    };
  });
}
