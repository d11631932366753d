import type { FastifyInstance } from 'fastify';
import { billingApi, MSG } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, rawRoute, route } from '../../http/route.js';
import { badRequest } from '../../lib/errors.js';
import { BillingProviderError } from '../../providers/billing/index.js';
import * as service from './service.js';
import { handleStripeEvent, recordStripeEvent, stripeEventJob } from './stripe-events.js';

export function registerBillingRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, billingApi.loadSubscription, (_input, ctx) => service.loadSubscription(ctx));
  route(app, deps, billingApi.loadPlans, (_input, ctx) => service.loadPlans(ctx));
  route(app, deps, billingApi.manageSubscription, (_input, ctx) => service.manageSubscription(ctx));
  route(app, deps, billingApi.paymentLink, ({ body }, ctx) => service.paymentLink(ctx, body));
  route(app, deps, billingApi.requestUpgrade, async ({ body }, ctx) => new Answer(await service.requestUpgrade(ctx, body.type), MSG.upgradeRequested));
  rawRoute(app, deps, billingApi.paymentMethod, async (_input, ctx, reply) => reply.redirect(await service.paymentMethodUrl(ctx), 303));
  route(app, deps, billingApi.loadCheckout, ({ params }, ctx) => service.loadCheckout(ctx, params.id));
  route(app, deps, billingApi.confirmCheckout, async ({ params }, ctx) => new Answer(await service.confirmCheckout(ctx, params.id), MSG.billingCheckoutConfirmed));
  route(app, deps, billingApi.cancelSubscription, async (_input, ctx) => new Answer(await service.cancelSubscription(ctx), MSG.billingCanceled));

  if (deps.providers.billing.kind === 'stripe') {
    // Stripe signs the exact bytes it sent: this route alone keeps its JSON body raw.
    void app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      rawRoute(scope, deps, billingApi.stripeWebhook, async (_input, ctx, reply, request) => {
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw badRequest(MSG.webhookSignature);
        let event;
        try {
          event = deps.providers.billing.verifyEvent(raw, signature);
        } catch (error) {
          if (error instanceof BillingProviderError) {
            request.log.warn('Stripe webhook with a missing or wrong signature');
            throw badRequest(MSG.webhookSignature);
          }
          throw error;
        }
        if (await recordStripeEvent(deps, event)) {
          // The worker re-reads the subscription from Stripe; an API without a worker does it before answering.
          if (deps.jobs) await deps.jobs.send(stripeEventJob, { eventId: event.id }, { singletonKey: event.id });
          else await handleStripeEvent({ ...deps, log: ctx.log }, event.id);
        }
        return reply.send({ received: true });
      });
    });
  }
}
