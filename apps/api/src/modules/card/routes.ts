import type { FastifyInstance } from 'fastify';
import { MSG, cardApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, rawRoute, route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import * as service from './service.js';
import { QR_VIA } from './service.js';
import { vcardFileName } from './vcard.js';

/** A quoted filename for Content-Disposition, with a UTF-8 variant for names beyond ASCII. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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
  for (const [format, endpoint] of [['png', api.qrCodePng], ['svg', api.qrCodeSvg]] as const) {
    rawRoute(app, deps, endpoint, async (_input, ctx, reply) => {
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

  rawRoute(app, deps, api.publicVCard, async ({ params, query }, ctx, reply) => {
    if (!params.file.endsWith('.vcf')) throw notFound();
    const scanned = query.via === QR_VIA;
    const { text, companyName } = await service.publicVCard(ctx, params.file.slice(0, -'.vcf'.length), { scanned });
    return reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', attachment(vcardFileName(companyName)))
      // A scan's answer is not kept by caches on the way, so that every scan reaches the count.
      .header('cache-control', scanned ? 'no-store' : 'public, max-age=300')
      .send(text);
  });
}
