import type { FastifyInstance, FastifyReply } from 'fastify';
import { operateApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { rawRoute } from '../../http/route.js';
import { recordConsent } from '../../lib/consent.js';
import { readUnsubscribe } from '../../lib/unsubscribe.js';
import { escapeHtml } from '../../lib/escape.js';
import { simplePage } from '../../lib/html-page.js';

export const UNSUBSCRIBE_PATH = `/api${operateApi.unsubscribe.path}`;

type UnsubscribeQuery = { l?: string; e?: string; s?: string };



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
    reply.code(404).type('text/html; charset=utf-8').send(simplePage('Link not valid', '<p>This unsubscribe link is not valid. Please use the link from the email itself.</p>'));

  rawRoute(app, deps, operateApi.unsubscribePage, async ({ query }, _ctx, reply, request) => {
    const t = await target(query);
    if (!t) return invalid(reply);
    const action = escapeHtml(request.url);
    return reply.type('text/html; charset=utf-8').send(
      simplePage(
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
      .send(simplePage('You are unsubscribed', `<p>${escapeHtml(t.email)} will get no more emails from ${escapeHtml(t.business)}.</p>`));
  });
}
