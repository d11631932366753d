import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { recordConsent } from '../../lib/consent.js';
import { hit } from '../../lib/rate-limit.js';
import { readUnsubscribe } from '../../lib/unsubscribe.js';
import { escapeHtml } from '../../lib/escape.js';

export const UNSUBSCRIBE_PATH = '/api/public/unsubscribe';

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
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const { count } = await hit(deps.db, `public:ip:${request.ip}`, 60_000);
    if (count > deps.config.rateLimits.public) {
      void reply.code(429).type('text/html; charset=utf-8').send(page('Too many requests', `<p>${MSG.tooManyRequests}</p>`));
      return true;
    }
    return false;
  };
  const target = async (request: FastifyRequest) => {
    const parsed = readUnsubscribe(deps.config, request.query as Record<string, string>);
    if (!parsed) return null;
    const location = await deps.db.location.findUnique({ where: { id: parsed.locationId }, select: { name: true, companyName: true } });
    return location ? { ...parsed, business: location.companyName || location.name } : null;
  };
  const invalid = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send(page('Link not valid', '<p>This unsubscribe link is not valid. Please use the link from the email itself.</p>'));

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const t = await target(request);
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

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const t = await target(request);
    if (!t) return invalid(reply);
    await recordConsent(deps.db, {
      locationId: t.locationId,
      channel: 'email',
      address: t.email,
      scope: 'all',
      action: 'opt_out',
      source: 'unsubscribe_link',
      detail: (request.body as Record<string, string> | undefined)?.['List-Unsubscribe'] === 'One-Click' ? 'one-click' : 'page',
    });
    return reply
      .type('text/html; charset=utf-8')
      .send(page('You are unsubscribed', `<p>${escapeHtml(t.email)} will get no more emails from ${escapeHtml(t.business)}.</p>`));
  });
}
