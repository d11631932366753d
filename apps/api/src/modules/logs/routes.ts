import type { FastifyInstance } from 'fastify';
import { logsApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { fetchApiTasks, fetchOptOuts, fetchOutbound, listApiTasks, listEmailJobs, listSmsJobs } from './service.js';

export function registerLogsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.fetchOutbound, ({ body }, ctx) => fetchOutbound(ctx, body));
  route(app, deps, api.fetchOptOuts, ({ body }, ctx) => fetchOptOuts(ctx, body));
  route(app, deps, api.fetchApiTasks, ({ body }, ctx) => fetchApiTasks(ctx, body));
  route(app, deps, api.listApiTasks, ({ body }, ctx) => listApiTasks(ctx, body));
  route(app, deps, api.listEmailJobs, ({ body }, ctx) => listEmailJobs(ctx, body));
  route(app, deps, api.listSmsJobs, ({ body }, ctx) => listSmsJobs(ctx, body));
}
