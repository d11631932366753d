import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FS_MSG, fieldServiceApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, rawRoute, route } from '../../http/route.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { housecallProJob, serviceTitanJob, verifyHousecallPro, verifyServiceTitan } from '../../providers/field-service/index.js';
import { SERVICETITAN_SIGNATURE_HEADER } from '../../providers/field-service/servicetitan.js';
import {
  connectionByKey,
  connectProvider,
  disconnectProvider,
  finishJobberConnect,
  loadFieldService,
  regenerateJobWebhook,
  startJobberConnect,
} from './connections.js';
import { receiveEvent } from './jobs.js';
import { loadJobs, loadRules, loadTechnicians, saveRules, saveTechnician, sendTestJob } from './settings.js';

const header = (request: FastifyRequest, name: string): string | null => {
  const v = request.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : null;
};

/** The raw body as JSON, or null (a signed body that is not JSON is acknowledged and left alone). */
const parse = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
};

/**
 * Settings › Integrations › Field service and › Automatic requests (the session's calls), and the webhooks of
 * Jobber, Housecall Pro, ServiceTitan and the generic job webhook. Each webhook answers at once: its event is
 * recorded once and handled on the worker.
 */
export function registerFieldServiceRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadFieldService, (_input, ctx) => loadFieldService(ctx));
  route(app, deps, api.connectFieldProvider, async ({ body }, ctx) => new Answer(await connectProvider(ctx, body), FS_MSG.connected));
  route(app, deps, api.startJobberConnect, (_input, ctx) => startJobberConnect(ctx));
  rawRoute(app, deps, api.jobberCallback, async ({ query }, ctx, reply) => {
    const back = '/settings/integrations/field-service';
    try {
      await finishJobberConnect(ctx, query);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return reply.redirect(`${back}?error=${encodeURIComponent(error.message)}`, 303);
      throw error;
    }
    return reply.redirect(`${back}?connected=jobber`, 303);
  });
  route(app, deps, api.disconnectFieldProvider, async ({ body }, ctx) => {
    await disconnectProvider(ctx, body.provider);
    return new Answer(null, FS_MSG.disconnected);
  });
  route(app, deps, api.regenerateJobWebhook, async (_input, ctx) => new Answer(await regenerateJobWebhook(ctx), FS_MSG.regenerated));
  route(app, deps, api.loadFieldRules, (_input, ctx) => loadRules(ctx));
  route(app, deps, api.saveFieldRules, async ({ body }, ctx) => new Answer(await saveRules(ctx, body), FS_MSG.rulesSaved));
  route(app, deps, api.loadFieldTechnicians, (_input, ctx) => loadTechnicians(ctx));
  route(app, deps, api.saveFieldTechnician, async ({ body }, ctx) => {
    await saveTechnician(ctx, body);
    return new Answer(null, FS_MSG.mappingSaved);
  });
  route(app, deps, api.loadFieldJobs, ({ body }, ctx) => loadJobs(ctx, body.page));
  route(app, deps, api.sendTestJob, async ({ body }, ctx) => new Answer(await sendTestJob(ctx, body), FS_MSG.testSent));

  // The generic job webhook: the secret address names the location; the body is validated field by field.
  rawRoute(app, deps, api.jobWebhook, async ({ params, body }, ctx, reply) => {
    const settings = await deps.db.fieldJobSettings.findUnique({ where: { genericTokenHash: hashToken(params.token) }, select: { locationId: true } });
    if (!settings) throw notFound(FS_MSG.unknownAddress);
    const { duplicate } = await receiveEvent({ ...deps, log: ctx.log }, { locationId: settings.locationId, provider: 'webhook', eventKey: body.job_id, payload: body });
    return reply.code(duplicate ? 200 : 202).send({ received: true, duplicate });
  });

  // The systems sign the exact bytes they sent: these routes keep their JSON bodies raw.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const rawOf = (request: FastifyRequest): Buffer => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

    rawRoute(scope, deps, api.jobberWebhook, async (_input, ctx, reply, request) => {
      const signature = header(request, 'x-jobber-hmac-sha256');
      const raw = rawOf(request);
      if (!signature || !deps.providers.fieldService.jobber.verifyWebhook(raw, signature)) {
        ctx.log.warn('Jobber webhook with a missing or wrong signature');
        throw unauthorized(FS_MSG.signature);
      }
      const body = parse(raw) as { data?: { webHookEvent?: { topic?: unknown; accountId?: unknown; itemId?: unknown; occurredAt?: unknown } } } | null;
      const e = body?.data?.webHookEvent;
      if (!e || typeof e.accountId !== 'string' || typeof e.itemId !== 'string' || typeof e.topic !== 'string') return reply.send({ received: false });
      const connection = await deps.db.fieldConnection.findFirst({ where: { provider: 'jobber', accountId: e.accountId, status: 'connected' }, select: { locationId: true } });
      // An account no location has connected (any more): acknowledged, so Jobber stops sending it.
      if (!connection) return reply.send({ received: false });
      const eventKey = `${e.topic}:${e.itemId}:${typeof e.occurredAt === 'string' ? e.occurredAt : ''}`;
      await receiveEvent({ ...deps, log: ctx.log }, { locationId: connection.locationId, provider: 'jobber', eventKey, payload: body });
      return reply.send({ received: true });
    });

    rawRoute(scope, deps, api.housecallProWebhook, async ({ params }, ctx, reply, request) => {
      const connection = await connectionByKey(deps, 'housecall_pro', params.key);
      if (!connection) throw notFound(FS_MSG.unknownAddress);
      const timestamp = header(request, 'api-timestamp');
      const signature = header(request, 'api-signature');
      const raw = rawOf(request);
      if (!timestamp || !signature || !verifyHousecallPro(raw, timestamp, signature, connection.secrets.signingSecret ?? '')) {
        ctx.log.warn('Housecall Pro webhook with a missing or wrong signature');
        throw unauthorized(FS_MSG.signature);
      }
      const body = parse(raw);
      const parsed = housecallProJob(body);
      // Another event than a job done: acknowledged, nothing to do.
      if (!parsed?.job) return reply.send({ received: parsed !== null });
      await receiveEvent({ ...deps, log: ctx.log }, { locationId: connection.locationId, provider: 'housecall_pro', eventKey: parsed.eventKey, payload: body });
      return reply.send({ received: true });
    });

    rawRoute(scope, deps, api.serviceTitanWebhook, async ({ params }, ctx, reply, request) => {
      const connection = await connectionByKey(deps, 'servicetitan', params.key);
      if (!connection) throw notFound(FS_MSG.unknownAddress);
      const signature = header(request, SERVICETITAN_SIGNATURE_HEADER);
      const raw = rawOf(request);
      if (!signature || !verifyServiceTitan(raw, signature, connection.secrets.hmacKey ?? '')) {
        ctx.log.warn('ServiceTitan webhook with a missing or wrong signature');
        throw unauthorized(FS_MSG.signature);
      }
      const body = parse(raw);
      const parsed = serviceTitanJob(body);
      if (!parsed?.job) return reply.send({ received: parsed !== null });
      await receiveEvent({ ...deps, log: ctx.log }, { locationId: connection.locationId, provider: 'servicetitan', eventKey: parsed.eventKey, payload: body });
      return reply.send({ received: true });
    });
  });
}
