import type { FastifyInstance } from 'fastify';
import { systemApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { notFound } from '../../lib/errors.js';
import { rawRoute, route } from '../../http/route.js';

/** The email's `cid:` images as data addresses, so the page shows them as a mail client would. */
function withInlineImages(html: string, attachments: { contentId: string | null; contentType: string; content: Uint8Array }[]): string {
  const inline = new Map(attachments.flatMap((a) => (a.contentId ? [[a.contentId, a] as const] : [])));
  if (!inline.size) return html;
  return html.replace(/cid:([^"'\s)]+)/g, (whole, id: string) => {
    const a = inline.get(id);
    return a ? `data:${a.contentType};base64,${Buffer.from(a.content).toString('base64')}` : whole;
  });
}

/** Registered only while a local provider is active: the outbox is what those providers "sent". */
export function registerDevOutboxRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, systemApi.devOutbox, async ({ query }) => {
    const rows = await deps.db.outboxMessage.findMany({
      where: query.channel ? { channel: query.channel } : {},
      orderBy: { id: 'desc' },
      take: query.limit,
      include: { attachments: { select: { id: true, filename: true, contentType: true, content: true, contentId: true } } },
    });
    return {
      messages: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        from: m.from,
        subject: m.subject,
        body: m.body,
        html: m.html === null ? null : withInlineImages(m.html, m.attachments),
        created_at: m.createdAt.toISOString(),
        attachments: m.attachments.map((a) => ({ id: a.id, filename: a.filename, content_type: a.contentType, size: a.content.length })),
      })),
    };
  });
  rawRoute(app, deps, systemApi.devOutboxAttachment, async ({ params }, _ctx, reply) => {
    const file = await deps.db.outboxAttachment.findUnique({ where: { id: params.id } });
    if (!file) throw notFound();
    const name = file.filename.replace(/[^\w. -]+/g, '_');
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Buffer.from(file.content));
  });
}
