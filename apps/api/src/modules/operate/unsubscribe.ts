import type { FastifyInstance, FastifyReply } from 'fastify';
import { operateApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { rawRoute } from '../../http/route.js';
import { recordConsent } from '../../lib/consent.js';
import { readUnsubscribe } from '../../lib/unsubscribe.js';
import { escapeHtml } from '../../lib/escape.js';

export const UNSUBSCRIBE_PATH = `/api${operateApi.unsubscribe.path}`;

type UnsubscribeQuery = { l?: string; e?: string; s?: string };

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px">
<main style="max-width:440px;margin:auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}</main></body></html>`;

/**
 * The unsubscribe link of customer emails: GET asks to confirm (mail scanners follow links, so a GET
 * changes nothing), POST records the opt-out, and mail clients' one-click POST (RFC 8058) does the same.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, deps: AppDeps) {
  const target = async (query: UnsubscribeQuery) => {
    const parsed = readUnsubscribe(deps.config, query);
    if (!parsed) return null;
    const location = await deps.db.location.findUnique({ where: { id: parsed.locationId }, select: { name: true, companyName: true } });
    return location ? { ...parsed, business: location.companyName || location.name } : null;
  };
  const invalid = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send(page('Link not valid', '<p>This unsubscribe link is not valid. Please use the link from the email itself.</p>'));

  rawRoute(app, deps, operateApi.unsubscribePage, async ({ query }, _ctx, reply, request) => {
    const t = await target(query);
    if (!t) return invalid(reply);
    const action = escapeHtml(request.url);
    return reply.type('text/html; charset=utf-8').send(
      page(
        `Unsubscribe from ${t.business}`,
        `<p>Stop emails from <strong>${escapeHtml(t.business)}</strong> to <strong>${escapeHtml(t.email)}</strong>?</p>
<form method="post" action="${action}"><button type="submit" style="background:#2563eb;color:#fff;border:none;border-radius:8px;padding:10px 18px;font-size:15px;cursor:pointer">Unsubscribe</button></form>`,
      ),
    );
  });

  rawRoute(app, deps, operateApi.unsubscribe, async ({ query, body }, _ctx, reply) => {
    const t = await target(query);
    if (!t) return invalid(reply);
    await recordConsent(deps.db, {
      locationId: t.locationId,
      channel: 'email',
      address: t.email,
      scope: 'all',
      action: 'opt_out',
      source: 'unsubscribe_link',
      detail: body?.['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'page',
    });
    return reply
      .type('text/html; charset=utf-8')
      .send(page('You are unsubscribed', `<p>${escapeHtml(t.email)} will get no more emails from ${escapeHtml(t.business)}.</p>`));
  });
}
