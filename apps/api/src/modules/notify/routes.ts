import type { FastifyInstance } from 'fastify';
import { MSG, notifyApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import * as messaging from './messaging.js';
import * as service from './service.js';

export function registerNotifyRoutes(app: FastifyInstance, deps: AppDeps) {
  // Dispatch notifications.
  route(app, deps, api.loadNotifications, (_input, ctx) => service.loadNotifications(ctx));
  route(app, deps, api.removeNotificationEmail, async ({ body }, ctx) => {
    await service.removeEmail(ctx, body);
    return new Answer(null, MSG.emailDeleted);
  });
  route(app, deps, api.deleteNotificationVerification, async ({ body }, ctx) => {
    await service.deleteVerification(ctx, body);
    return new Answer(null, MSG.emailDeleted);
  });
  route(app, deps, api.addNotificationEmail, async ({ body }, ctx) => new Answer(await service.addEmail(ctx, body), MSG.emailSaved));
  route(app, deps, api.resendNotificationVerification, async ({ body }, ctx) => {
    await service.resendVerification(ctx, body);
    return new Answer(null, MSG.verificationResent);
  });
  route(app, deps, api.updateNotificationSms, async ({ body }, ctx) => {
    const sms = await service.updateSms(ctx, body);
    return new Answer(sms, sms ? MSG.notifySmsSaved : MSG.notifySmsCleared);
  });

  // Phone verification.
  route(app, deps, api.sendPhoneCode, async ({ body }, ctx) => new Answer(await service.sendPhoneCode(ctx, body.phone_number), MSG.phoneCodeSent));
  route(app, deps, api.checkPhoneCode, async ({ params, body }, ctx) =>
    new Answer(await service.checkPhoneCode(ctx, params.key, body), MSG.phoneVerified),
  );

  // Messaging settings.
  route(app, deps, api.fetchEscalation, (_input, ctx) => messaging.fetchContacts(ctx));
  route(app, deps, api.addEscalation, async ({ body }, ctx) => new Answer(await messaging.addContact(ctx, body), MSG.escalationAdded));
  route(app, deps, api.updateEscalation, async ({ body }, ctx) => new Answer(await messaging.updateContact(ctx, body), MSG.escalationSaved));
  route(app, deps, api.deleteEscalation, async ({ body }, ctx) => {
    await messaging.deleteContact(ctx, body.contact_id);
    return new Answer(null, MSG.escalationDeleted);
  });
  route(app, deps, api.loadAutoReply, (_input, ctx) => messaging.loadAutoReply(ctx));
  route(app, deps, api.saveAutoReply, async ({ body }, ctx) => new Answer(await messaging.saveAutoReply(ctx, body), MSG.autoReplySaved));
}
