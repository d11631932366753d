// The location's default message templates, and the plan that limits its campaigns.
import { GLOBAL_TEMPLATES, type AccountTemplates, type EndpointRequest, type campaignsApi } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { ENTITLEMENT_SELECT, entitlementsOf } from '../../lib/entitlements.js';
import { live, type Tx } from './lookup.js';
import { PLANS, implicitPlanCode } from './plans.js';

export async function accountTemplatesOf(db: Tx, locationId: number): Promise<AccountTemplates> {
  const row = await db.accountTemplates.findUnique({ where: { locationId } });
  return {
    bioEmailTemplate: row?.bioEmailTemplate ?? GLOBAL_TEMPLATES.bioEmailTemplate,
    bioSmsTemplate: row?.bioSmsTemplate ?? GLOBAL_TEMPLATES.bioSmsTemplate,
    pcheckEmailTemplate: row?.pcheckEmailTemplate ?? GLOBAL_TEMPLATES.pcheckEmailTemplate,
    pcheckSmsTemplate: row?.pcheckSmsTemplate ?? GLOBAL_TEMPLATES.pcheckSmsTemplate,
  };
}

export async function editDefaultTemplates(ctx: LocationCtx, body: EndpointRequest<typeof campaignsApi.editDefaultTemplates>['body']) {
  const { locationId } = ctx.location;
  const data = {
    bioEmailTemplate: body.bioEmailTemplate,
    bioSmsTemplate: body.bioSmsTemplate,
    pcheckEmailTemplate: body.pcheckEmailTemplate,
    pcheckSmsTemplate: body.pcheckSmsTemplate,
  };
  await ctx.db.accountTemplates.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
  return { accountTemplates: await accountTemplatesOf(ctx.db, locationId) };
}

// ---------------------------------------------------------------------------------------------------------
// Plan

/** The plan whose limits apply: the subscription's (else the location's own, else the implicit one). */
export async function planOf(db: Tx, locationId: number) {
  const location = await db.location.findUniqueOrThrow({ where: { id: locationId }, select: ENTITLEMENT_SELECT });
  const entitled = entitlementsOf(location, location.subscription);
  const code = entitled.planCode ?? implicitPlanCode(entitled.trialing);
  return (await db.plan.findUnique({ where: { code } })) ?? PLANS.find((p) => p.code === code) ?? PLANS.find((p) => p.code === implicitPlanCode(entitled.trialing))!;
}

export async function loadPlan(ctx: LocationCtx) {
  const [plan, count] = await Promise.all([planOf(ctx.db, ctx.location.locationId), ctx.db.campaign.count({ where: live(ctx) })]);
  return { plan: { code: plan.code, name: plan.name, max_campaign: plan.maxCampaign }, campaign_count: count };
}
