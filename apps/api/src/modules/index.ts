import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context.js';
import { registerAccountRoutes } from './account/routes.js';
import { registerCardRoutes } from './card/routes.js';
import { registerCampaignsRoutes } from './campaigns/routes.js';
import { registerGeneralRoutes } from './general/routes.js';
import { registerImageRoutes } from './images/routes.js';
import { registerNotifyRoutes } from './notify/routes.js';
import { registerOperateRoutes } from './operate/routes.js';
import { registerPulseCheckRoutes } from './pulsecheck/routes.js';
import { registerSessionRoutes } from './session/routes.js';
import { registerSmsRoutes } from './sms/routes.js';
import { registerSocialRoutes } from './social/routes.js';
import { registerSystemRoutes } from './system/routes.js';
import { registerWidgetRoutes } from './widget/routes.js';

/** Every product area's routes, registered in this order. An area adds its registrar here. */
export const areas: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  registerSystemRoutes,
  registerSessionRoutes,
  registerAccountRoutes,
  registerImageRoutes,
  registerSmsRoutes,
  registerOperateRoutes,
  registerPulseCheckRoutes,
  registerGeneralRoutes,
  registerCampaignsRoutes,
  registerWidgetRoutes,
  registerCardRoutes,
  registerNotifyRoutes,
  registerSocialRoutes,
];
