import type { FastifyInstance } from 'fastify';
import { MSG, sessionApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import * as service from './service.js';

/**
 * What one kind of emailed verification link confirms, by the `{type}` segment of
 * /verification/{type}/email/{accountId}/{token}. It answers false when the link is unknown, expired, or not
 * of that account. The areas whose emails need confirming hand theirs in (modules/index.ts).
 */
export type EmailVerifier = (deps: AppDeps, accountId: number, token: string) => Promise<boolean>;

export function registerSessionRoutes(app: FastifyInstance, deps: AppDeps, emailVerifiers: Record<string, EmailVerifier>) {
  route(app, deps, api.login, ({ body }, ctx, reply, request) =>
    service.login(ctx, body, (session) => request.server.sessions.start(request, reply, session)),
  );

  route(app, deps, api.logout, async (_input, _ctx, reply, request) => {
    await request.server.sessions.end(request, reply);
    return null;
  });

  route(app, deps, api.sendRecovery, async ({ body }) => {
    await service.sendRecovery(deps, body.email);
    return new Answer(null, MSG.recoverySent);
  });

  route(app, deps, api.checkResetToken, ({ query }) => service.checkResetToken(deps, query.im));

  route(app, deps, api.updateRecoveredPassword, async ({ query, body }, ctx) => {
    await service.resetPassword(deps, query.im, body.password, ctx.ip);
    return new Answer(null, MSG.passwordUpdated);
  });

  route(app, deps, api.magicLogin, ({ params }, ctx, reply, request) =>
    service.magicLogin(ctx, params.accountId, (session) => request.server.sessions.start(request, reply, session)),
  );

  route(app, deps, api.verifyEmail, async ({ params }) => {
    const verify = Object.hasOwn(emailVerifiers, params.type) ? emailVerifiers[params.type] : undefined;
    if (!verify || !(await verify(deps, params.accountId, params.transactionId))) throw notFound(MSG.verificationInvalid);
    return new Answer({ verified: true as const }, MSG.emailVerified);
  });
}
