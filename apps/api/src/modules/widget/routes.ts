import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MSG, widgetApi as api, type ErrorEnvelope } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { entityTag, notModified } from '../../http/conditional.js';
import { Answer, NOT_MODIFIED, rawRoute, route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { widgetDataForKey } from './data.js';
import * as service from './service.js';
import { ensureWidget } from './settings.js';
import { WORDPRESS_PLUGIN_SLUG, wordpressPluginZip } from './wordpress.js';

/** Where the web build leaves the bundled embed script (a dot folder: the SPA's file server skips it). */
export const widgetScriptFile = (webDist: string) => path.join(webDist, '.embed', 'kudo-widget.js');

/** How long browsers and shared caches keep the public widget data, and show it while checking it again. */
export const WIDGET_DATA_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The script, its data, and the demo pictures the demo widget shows on other sites. */
const isPublicWidgetUrl = (url: string) =>
  url.startsWith(api.WIDGET_SCRIPT_PATH) || /^\/api\/widget\/[^/]+\/data(?:\?|$)/.test(url) || url.startsWith('/demo/');

export function registerWidgetRoutes(app: FastifyInstance, deps: AppDeps) {
  // Websites on any origin load the script and read the data: open CORS, cross-origin resource policy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPublicWidgetUrl(request.url)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    return payload;
  });

  route(app, deps, api.loadWebWidget, (_input, ctx) => service.loadWebWidget(ctx));
  route(app, deps, api.refreshWidgetData, async (_input, ctx) => new Answer(await service.refresh(ctx), MSG.widgetsRefreshed));
  route(app, deps, api.getCodeSnippets, (_input, ctx) => service.getCodeSnippets(ctx));
  route(app, deps, api.emailWebmaster, async ({ body }, ctx) =>
    new Answer(await service.emailWebmaster(ctx, body.email), MSG.widgetEmailSent),
  );
  route(app, deps, api.shareReviewWidget, (_input, ctx) => service.share(ctx));
  route(app, deps, api.saveWidgetSettings, async ({ body }, ctx) => {
    const { settings, message } = await service.saveSettings(ctx, body.settings);
    return new Answer({ settings }, message);
  });
  route(app, deps, api.loadReviewWidget, (_input, ctx) => service.loadReviewWidget(ctx));
  route(app, deps, api.addFacebookTab, async (_input, ctx) => new Answer(await service.addFacebookTab(ctx), MSG.widgetInstalled));
  route(app, deps, api.enableChatWidget, async (_input, ctx) =>
    new Answer(await service.setChatEnabled(ctx, true), MSG.chatWidgetEnabled),
  );
  route(app, deps, api.disableChatWidget, async (_input, ctx) =>
    new Answer(await service.setChatEnabled(ctx, false), MSG.chatWidgetDisabled),
  );
  route(app, deps, api.saveChatWidget, async ({ body }, ctx) =>
    new Answer(await service.saveChat(ctx, body), MSG.widgetSettingsSaved),
  );

  // Every visitor of every customer's website reads it: browsers and shared caches keep it a minute, then
  // show what they have while they check it again; a check answers 304 unless the data changed.
  route(app, deps, api.publicWidgetData, async ({ params }, ctx, reply, request) => {
    const kept = await widgetDataForKey(ctx.db, params.key, ctx.config.publicUrl);
    if (!kept) throw notFound(MSG.widgetNotFound);
    reply.header('cache-control', WIDGET_DATA_CACHE_CONTROL).header('etag', kept.etag);
    return notModified(request.headers['if-none-match'], kept.etag) ? NOT_MODIFIED : kept.body;
  });

  // The WordPress plugin zip, made for the session's location.
  rawRoute(app, deps, api.wordpressPlugin, async (_input, ctx, reply) => {
    const { locationId } = ctx.location;
    const [widget, location] = await Promise.all([
      ensureWidget(deps.db, locationId),
      deps.db.location.findUniqueOrThrow({ where: { id: locationId } }),
    ]);
    const zip = wordpressPluginZip({
      businessName: location.name,
      scriptUrl: `${deps.config.publicUrl}${api.WIDGET_SCRIPT_PATH}`,
      widgetKey: widget.widgetKey,
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${WORDPRESS_PLUGIN_SLUG}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  // The embeddable script, read once from the web build and kept with its ETag.
  let script: { body: Buffer; etag: string } | null = null;
  rawRoute(app, deps, api.widgetScript, async (_input, _ctx, reply, request) => {
    if (!script) {
      const body = await fs.readFile(widgetScriptFile(deps.config.webDist)).catch(() => null);
      if (!body) return reply.code(404).send({ status: 0, message: MSG.notFound } satisfies ErrorEnvelope);
      script = { body, etag: entityTag(body) };
    }
    reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
    reply.header('etag', script.etag);
    if (notModified(request.headers['if-none-match'], script.etag)) return reply.code(304).send();
    return reply.type('application/javascript; charset=utf-8').send(script.body);
  });
}
