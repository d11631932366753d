import type { FastifyInstance } from 'fastify';
import { generalApi as api, MSG } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import * as branding from './branding.js';
import * as reporting from './reporting.js';
import * as users from './users.js';

export function registerGeneralRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadBranding, (_input, ctx) => branding.loadBranding(ctx));
  route(app, deps, api.currentBranding, (_input, ctx) => branding.currentBranding(ctx));
  route(app, deps, api.saveBranding, async ({ body }, ctx) => new Answer(await branding.saveBranding(ctx, body), MSG.brandingSaved));
  route(app, deps, api.saveCompanyDetails, async ({ body }, ctx) =>
    new Answer(await branding.saveCompanyDetails(ctx, body), MSG.companySaved),
  );

  route(app, deps, api.listUsers, (_input, ctx) => users.listUsers(ctx));
  route(app, deps, api.addUser, async ({ body }, ctx) => {
    const added = await users.addUser(ctx, body);
    return new Answer(added, `${added.user.username} added!`);
  });
  route(app, deps, api.editUser, async ({ body }, ctx) => new Answer(await users.editUser(ctx, body), MSG.userSaved));
  route(app, deps, api.removeUser, async ({ body }, ctx) => {
    await users.removeUser(ctx, body.username);
    return new Answer(null, MSG.userRemoved);
  });

  route(app, deps, api.loadReporting, (_input, ctx) => reporting.loadReporting(ctx));
  route(app, deps, api.addReporting, async ({ body }, ctx) => new Answer(await reporting.addRecipient(ctx, body), MSG.emailSaved));
  route(app, deps, api.resendReporting, async ({ body }, ctx) =>
    new Answer(await reporting.resendVerification(ctx, body.email), MSG.verificationResent),
  );
  route(app, deps, api.editReporting, async ({ body }, ctx) => new Answer(await reporting.editRecipient(ctx, body), MSG.emailSaved));
  route(app, deps, api.deleteReporting, async ({ body }, ctx) => {
    await reporting.deleteRecipient(ctx, body.email);
    return new Answer(null, MSG.emailDeleted);
  });
  route(app, deps, api.deleteReportingVerification, async ({ body }, ctx) => {
    await reporting.deletePendingRecipient(ctx, body.email);
    return new Answer(null, MSG.emailDeleted);
  });
}
