import type { FastifyInstance } from 'fastify';
import { MSG, operateApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { changeConsent } from './consent.js';
import { lookupPhone, lookupPhoneConsent, phoneNumberLookup } from './lookups.js';
import { senderOf, sendDispatch } from './service.js';
import { loadBoost, saveBoost } from './boost.js';
import { registerUnsubscribeRoutes } from './unsubscribe.js';
import { bulkView, latestBulk, startBulk } from './bulk.js';
import { loadContactCard, sendContactCard } from './contact-card.js';
import { readConsentSheet } from './consent-sheet.js';
import { readUploadedSheet } from './upload.js';
import { loadActivity } from './activity.js';

export function registerOperateRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.sendBio, ({ body }, ctx) => sendDispatch(ctx, senderOf(ctx), 'bio', body));
  route(app, deps, api.sendPulseCheck, ({ body }, ctx) => sendDispatch(ctx, senderOf(ctx), 'pcheck', body));
  route(app, deps, api.phoneNumberLookup, ({ body }, ctx) => phoneNumberLookup(ctx, body.phoneNumber));
  route(app, deps, api.lookupPhone, ({ body }, ctx) => lookupPhone(ctx, body.phone));
  route(app, deps, api.lookupPhoneConsent, ({ body }, ctx) => lookupPhoneConsent(ctx, body.phone, body.app_code));
  route(app, deps, api.optIn, async ({ body }, ctx) => new Answer(null, await changeConsent(ctx, body, 'opt_in')));
  route(app, deps, api.optOut, async ({ body }, ctx) => new Answer(null, await changeConsent(ctx, body, 'opt_out')));
  route(app, deps, api.loadBoost, (_input, ctx) => loadBoost(ctx));
  registerUnsubscribeRoutes(app, deps);
  route(app, deps, api.readConsentSheet, async (_input, ctx, _reply, request) => readConsentSheet(ctx, await readUploadedSheet(request)));
  route(app, deps, api.loadContactCard, (_input, ctx) => loadContactCard(ctx));
  route(app, deps, api.sendContactCard, async ({ body }, ctx) => new Answer(null, await sendContactCard(ctx, body)));
  route(app, deps, api.bulkUpload, async (_input, ctx, _reply, request) => startBulk(ctx, await readUploadedSheet(request)));
  route(app, deps, api.bulkLatest, (_input, ctx) => latestBulk(ctx));
  route(app, deps, api.bulkStatus, ({ params }, ctx) => bulkView(ctx, ctx.location.locationId, params.id));
  route(app, deps, api.loadActivity, (_input, ctx) => loadActivity(ctx));
  route(app, deps, api.saveBoost, async ({ body }, ctx) => new Answer(await saveBoost(ctx, body.enabled), MSG.boostSaved));
}
