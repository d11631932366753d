import type { FastifyInstance } from 'fastify';
import { MSG, reportsApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, rawRoute, route } from '../../http/route.js';
import { XLSX_TYPE } from '../../lib/spreadsheet/write.js';
import { distributionReport, loadDistributions, setDistributionStatus } from './rewards.js';
import { sendSampleReport } from './service.js';
import { registerReportUnsubscribeRoutes } from './unsubscribe.js';

export function registerReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.sendSampleReport, async ({ body }, ctx) => {
    const sent = await sendSampleReport(ctx, body.frequency);
    return new Answer(sent, MSG.reportSampleSent(sent.email));
  });
  registerReportUnsubscribeRoutes(app, deps);
  route(app, deps, api.loadRewardDistributions, (_input, ctx) => loadDistributions(ctx));
  route(app, deps, api.setRewardDistributionStatus, ({ params, body }, ctx) => setDistributionStatus(ctx, params.id, body.status));
  rawRoute(app, deps, api.rewardDistributionReport, async ({ params }, ctx, reply) => {
    const { file, filename } = await distributionReport(ctx, params.id);
    return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(file);
  });
}
