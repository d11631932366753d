import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context.js';
import { registerAccountRoutes } from './account/routes.js';
import { registerSessionRoutes } from './session/routes.js';
import { registerSystemRoutes } from './system/routes.js';

/** Every product area's routes, registered in this order. An area adds its registrar here. */
export const areas: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  registerSystemRoutes,
  registerSessionRoutes,
  registerAccountRoutes,
];
