import type { FastifyInstance } from 'fastify';
import { onboardingApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { registrationStatus, submitRegistration } from './service.js';

export function registerCarrierRegistrationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.carrierRegistrationStatus, (_input, ctx) => registrationStatus(ctx));
  route(app, deps, api.submitCarrierRegistration, async ({ body }, ctx) => {
    const submitted = await submitRegistration(ctx, body);
    return new Answer(submitted.data, submitted.message);
  });
}
