import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { reportsApi } from '@kudo/shared';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../http/context.js';
import { rawRoute } from '../../http/route.js';
import { encryptionKey } from '../../lib/crypto.js';
import { escapeHtml } from '../../lib/escape.js';
import { simplePage } from '../../lib/html-page.js';
import { safeEqual } from '../../lib/tokens.js';
import type { ReportFrequency } from './schedule.js';

type KeyConfig = Pick<Config, 'encryptionKey' | 'dataDir'>;

const signature = (config: KeyConfig, recipientId: number, frequency: ReportFrequency) =>
  createHmac('sha256', encryptionKey(config)).update(`report-unsubscribe:${recipientId}:${frequency}`).digest('base64url').slice(0, 32);

/** The signed link that stops one report (weekly or monthly) for one recipient; it needs no table. */
export function reportUnsubscribeUrl(config: KeyConfig & Pick<Config, 'publicUrl'>, recipientId: number, frequency: ReportFrequency): string {
  return `${config.publicUrl}/api${reportsApi.reportUnsubscribe.path}?r=${recipientId}&f=${frequency}&s=${signature(config, recipientId, frequency)}`;
}

/** The recipient and frequency of a signed link, or null when it was altered. */
export function readReportUnsubscribe(config: KeyConfig, query: { r?: string; f?: string; s?: string }): { recipientId: number; frequency: ReportFrequency } | null {
  const recipientId = Number(query.r);
  const frequency = query.f;
  if (!Number.isInteger(recipientId) || recipientId <= 0 || recipientId > 2_147_483_647 || (frequency !== 'weekly' && frequency !== 'monthly') || !query.s) return null;
  return safeEqual(query.s, signature(config, recipientId, frequency)) ? { recipientId, frequency } : null;
}



/**
 * A report's unsubscribe link: GET asks to confirm (mail scanners follow links), POST turns that report off for
 * the recipient (the same switch as in settings › reporting), and mail clients' one-click POST does the same.
 */
export function registerReportUnsubscribeRoutes(app: FastifyInstance, deps: AppDeps) {
  const target = async (query: { r?: string; f?: string; s?: string }) => {
    const parsed = readReportUnsubscribe(deps.config, query);
    if (!parsed) return null;
    const row = await deps.db.reportingRecipient.findUnique({
      where: { id: parsed.recipientId },
      select: { id: true, email: true, location: { select: { name: true, companyName: true } } },
    });
    return row ? { ...parsed, email: row.email, business: row.location.companyName || row.location.name } : null;
  };
  const invalid = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send(simplePage('Link not valid', '<p>This unsubscribe link is not valid. Please use the link from the email itself.</p>'));

  rawRoute(app, deps, reportsApi.reportUnsubscribePage, async ({ query }, _ctx, reply, request) => {
    const t = await target(query);
    if (!t) return invalid(reply);
    return reply.type('text/html; charset=utf-8').send(
      simplePage(
        `Unsubscribe from the ${t.frequency} report`,
        `<p>Stop the ${t.frequency} report of <strong>${escapeHtml(t.business)}</strong> to <strong>${escapeHtml(t.email)}</strong>?</p>
<form method="post" action="${escapeHtml(request.url)}"><button type="submit" style="background:#2563eb;color:#fff;border:none;border-radius:8px;padding:10px 18px;font-size:15px;cursor:pointer">Unsubscribe</button></form>`,
      ),
    );
  });

  rawRoute(app, deps, reportsApi.reportUnsubscribe, async ({ query }, _ctx, reply) => {
    const t = await target(query);
    if (!t) return invalid(reply);
    await deps.db.reportingRecipient.update({ where: { id: t.recipientId }, data: t.frequency === 'weekly' ? { weekly: false } : { monthly: false } });
    return reply
      .type('text/html; charset=utf-8')
      .send(simplePage('You are unsubscribed', `<p>${escapeHtml(t.email)} will get no more ${t.frequency} reports from ${escapeHtml(t.business)}.</p>`));
  });
}
