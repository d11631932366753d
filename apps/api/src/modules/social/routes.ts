import type { FastifyInstance } from 'fastify';
import { MSG, socialApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { requestReviewSync } from '../social-reviews/index.js';
import { registerOAuthPages } from './oauth-pages.js';
import * as service from './service.js';

/** An answer with a message when the service gave one. */
const answer = <T>(r: { data: T; message: string | null }) => (r.message ? new Answer(r.data, r.message) : r.data);

export function registerSocialRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.load, (_input, ctx) => service.load(ctx));
  // A connection made, renewed or pointed at another listing or page: its reviews are synced right away.
  route(app, deps, api.googleConnect, async ({ body }, ctx) => {
    const result = await service.connectGoogle(ctx, body.code);
    await requestReviewSync(ctx, ctx.location.locationId, 'google');
    return answer(result);
  });
  route(app, deps, api.googleSaveLocation, async ({ body }, ctx) => {
    const saved = await service.saveGoogleLocation(ctx, body.location_id);
    await requestReviewSync(ctx, ctx.location.locationId, 'google');
    return new Answer(saved, MSG.googleLocationSaved);
  });
  route(app, deps, api.googleSignOut, async (_input, ctx) => {
    await service.signOutGoogle(ctx);
    return new Answer(null, MSG.googleSignedOut);
  });
  route(app, deps, api.facebookConnect, async ({ body }, ctx) => {
    const result = await service.connectFacebook(ctx, body.code);
    await requestReviewSync(ctx, ctx.location.locationId, 'facebook');
    return answer(result);
  });
  route(app, deps, api.facebookPageSelect, async ({ body }, ctx) => {
    const saved = await service.selectFacebookPage(ctx, body.page_id);
    await requestReviewSync(ctx, ctx.location.locationId, 'facebook');
    return new Answer(saved, MSG.facebookPageSaved);
  });
  route(app, deps, api.facebookSignOut, async (_input, ctx) => {
    await service.signOutFacebook(ctx);
    return new Answer(null, MSG.facebookSignedOut);
  });
  route(app, deps, api.placeSelect, async ({ body }, ctx) => new Answer(await service.selectPlace(ctx, body.place_id), MSG.placeSaved));
  route(app, deps, api.clearAccount, async ({ body }, ctx) => {
    await service.clear(ctx, body.social_media);
    return new Answer(null, MSG.socialCleared);
  });
  route(app, deps, api.saveHomepage, async ({ body }, ctx) => answer(await service.saveHomepage(ctx, body)));
  route(app, deps, api.saveAccount, async ({ body }, ctx) => answer(await service.saveAccount(ctx, body)));
  route(app, deps, api.updateOrder, ({ body }, ctx) => service.updateOrder(ctx, body));
  route(app, deps, api.googleAuthUrl, (_input, ctx) => service.authUrl(ctx, 'google'));
  route(app, deps, api.facebookAuthUrl, (_input, ctx) => service.authUrl(ctx, 'facebook'));
  route(app, deps, api.placesSearch, ({ query }, ctx) => service.searchPlaces(ctx, query.q));
  route(app, deps, api.placesDetails, ({ params }, ctx) => service.getPlace(ctx, params.placeId));
  registerOAuthPages(app, deps);
}
