import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, RULES, cardApi as api, checkAccess } from '@kudo/shared';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { AppError, forbidden, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import * as service from './service.js';
import { vcardFileName } from './vcard.js';

const MINUTE = 60_000;

/** A quoted filename for Content-Disposition, with a UTF-8 variant for names beyond ASCII. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The session's location for the binary downloads, which are not JSON endpoints of the registry: the same
 * checks route() makes (session, chosen location, access rule) without the envelope.
 */
async function locationCtx(deps: AppDeps, request: FastifyRequest): Promise<LocationCtx> {
  const session = await request.loadSession();
  if (!session) throw unauthorized();
  if (!session.location) throw new AppError(409, MSG.chooseLocation);
  if (checkAccess(RULES.settingsContactCard, session.location) !== 'ok') throw forbidden();
  return { ...deps, ip: request.ip, userAgent: request.headers['user-agent'], log: request.log, session, location: session.location };
}

export function registerCardRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadSettings, (_input, ctx) => service.loadSettings(ctx));
  route(app, deps, api.saveSettings, async ({ body }, ctx) => new Answer(await service.saveSettings(ctx, body), MSG.cardSaved));
  route(app, deps, api.loadTemplates, (_input, ctx) => service.loadTemplates(ctx));
  route(app, deps, api.saveTemplates, async ({ body }, ctx) =>
    new Answer(await service.saveTemplates(ctx, body.categories), MSG.templatesUpdated),
  );
  route(app, deps, api.demoTemplate, async ({ body }, ctx) => {
    await service.sendDemo(ctx, body.commType, body.phoneNumber, body.smsBody);
    return new Answer(null, MSG.cardDemoSent);
  });
  route(app, deps, api.loadRewards, (_input, ctx) => service.loadRewards(ctx));
  route(app, deps, api.saveRewards, async ({ body }, ctx) =>
    new Answer(await service.saveRewards(ctx, body.employeeRewardsSettings), MSG.rewardsSaved),
  );

  // E095: the QR code of the card, as PNG or SVG, for the screen and its download buttons.
  for (const format of ['png', 'svg'] as const) {
    const schema = {
      operationId: `E095-${format}`,
      summary: `The QR code of the current location's contact card, as ${format.toUpperCase()} (a download).`,
      tags: ['product'],
    };
    app.get(service.QR_PATHS[format], { schema }, async (request, reply) => {
      const ctx = await locationCtx(deps, request);
      const { body, companyName } = await service.qrCode(ctx, format);
      const base = vcardFileName(companyName).replace(/\.vcf$/, '');
      return reply
        .header('content-type', format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8')
        .header('content-disposition', attachment(`${base} QR code.${format}`))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    });
  }

  // The public vCard the QR code and the texted link open: no login, rate limited like every public page.
  const vcardSchema = {
    operationId: 'card-vcard',
    summary: "A contact card as vCard 3.0, by its public key (`<cardKey>.vcf`); no login.",
    tags: ['product'],
  };
  app.get<{ Params: { file: string } }>(`${service.VCARD_PATH_PREFIX}:file`, { schema: vcardSchema }, async (request, reply) => {
    const { count } = await hit(deps.db, `public:ip:${request.ip}`, MINUTE);
    if (count > deps.config.rateLimits.public) throw tooManyRequests();
    const { file } = request.params;
    if (!file.endsWith('.vcf')) throw notFound();
    const { text, companyName } = await service.publicVCard(deps, file.slice(0, -'.vcf'.length));
    return reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', attachment(vcardFileName(companyName)))
      .header('cache-control', 'public, max-age=300')
      .send(text);
  });
}
