import type { FastifyInstance } from 'fastify';
import { MSG, onboardingApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { readUploadedSheet } from '../operate/index.js';
import * as carrier from './carrier.js';
import * as signup from './signup.js';
import * as steps from './steps.js';

/** An answer with a message when the service gave one. */
const answer = <T>(r: { data: T; message: string | null }) => (r.message ? new Answer(r.data, r.message) : r.data);

export function registerOnboardingRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.validateEmail, async ({ body }, ctx) => answer(await signup.validateEmail(ctx, body.email)));
  route(app, deps, api.googleAuthUrl, async (_input, ctx) => signup.googleAuthUrl(ctx));
  route(app, deps, api.validateAuth, async ({ body }, ctx) => answer(await signup.validateAuth(ctx, body.code)));
  route(app, deps, api.placesSearch, ({ query }, ctx) => signup.searchPlaces(ctx, query.q));
  route(app, deps, api.placesDetails, ({ params }, ctx) => signup.getPlace(ctx, params.placeId));
  route(app, deps, api.signup, async ({ body }, ctx, reply, request) => {
    const created = await signup.signup(ctx, body, (session) => request.server.sessions.start(request, reply, session));
    return new Answer(created, MSG.signupCreated);
  });

  route(app, deps, api.load, (_input, ctx) => steps.load(ctx));
  route(app, deps, api.readContacts, async (_input, ctx, _reply, request) => {
    let upload;
    try {
      upload = await readUploadedSheet(request);
    } catch (error) {
      // Onboarding accepts CSV as well as Excel, and says so.
      if (error instanceof AppError && error.message === MSG.bulkExcelOnly) throw badRequest(MSG.contactsFileType, { file: MSG.contactsFileType });
      throw error;
    }
    return steps.readContacts(ctx, upload);
  });
  route(app, deps, api.sendContacts, ({ body }, ctx) => steps.sendContacts(ctx, body.rows));
  route(app, deps, api.saveLogo, async ({ body }, ctx) => new Answer(await steps.saveLogo(ctx, body.logo), MSG.onboardingLogoSaved));

  route(app, deps, api.loadCarrierRegistration, (_input, ctx) => carrier.loadRegistration(ctx));
  route(app, deps, api.saveCarrierRegistration, async ({ body }, ctx) => new Answer(await carrier.saveRegistration(ctx, body), MSG.carrierSaved));
}
