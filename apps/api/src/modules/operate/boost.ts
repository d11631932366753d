import { MSG } from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { isInsideSendWindow } from '../../lib/quiet-hours.js';
import { sendDispatch } from './service.js';
import { forbidden } from '../../lib/errors.js';

/** The enabled feature that offers Kudo Boost to a location (3§2: the toggle shows only with it). */
export const BOOST_FEATURE = 'kudo boost';

async function available(ctx: LocationCtx): Promise<boolean> {
  const l = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { enabledFeatures: true } });
  return l.enabledFeatures.some((f) => f.toLowerCase() === BOOST_FEATURE);
}

export async function loadBoost(ctx: LocationCtx) {
  const row = await ctx.db.boostSettings.findUnique({ where: { locationId: ctx.location.locationId } });
  return { id: row?.id ?? null, enabled: row?.enabled ?? false, location_id: ctx.location.locationId, available: await available(ctx) };
}

export async function saveBoost(ctx: LocationCtx, enabled: boolean) {
  if (!(await available(ctx))) throw forbidden(MSG.boostUnavailable);
  const locationId = ctx.location.locationId;
  const row = await ctx.db.boostSettings.upsert({ where: { locationId }, create: { locationId, enabled }, update: { enabled } });
  return { id: row.id, enabled: row.enabled, location_id: locationId };
}

const HOUR = 3600_000;
/** A pulseCheck unanswered this long gets its one follow-up… */
export const BOOST_AFTER_HOURS = 48;
/** …unless it is older than this (turning Boost on does not follow up on old sends). */
export const BOOST_UNTIL_HOURS = 72;

/**
 * Kudo Boost: one follow-up pulseCheck for each real pulseCheck left unanswered for 48 hours, at
 * locations that turned it on, inside their sending window. A follow-up is never followed up, and the
 * unique link to its original makes a second one impossible even if two workers run at once.
 */
export async function sendBoostFollowUps(deps: AppDeps & { log: Log }, now = new Date()): Promise<number> {
  const due = await deps.db.dispatch.findMany({
    where: {
      kind: 'pcheck',
      isTest: false,
      source: { notIn: ['boost', 'sample'] },
      respondedAt: null,
      followUp: null,
      createdAt: { lte: new Date(now.getTime() - BOOST_AFTER_HOURS * HOUR), gt: new Date(now.getTime() - BOOST_UNTIL_HOURS * HOUR) },
      OR: [{ smsStatus: 1 }, { emailStatus: 1 }],
      location: { freeTrial: false, boostSettings: { enabled: true } },
    },
    include: { campaign: true, location: { select: { timeZone: true, enabledFeatures: true } } },
    orderBy: { id: 'asc' },
    take: 200,
  });
  let sent = 0;
  for (const d of due) {
    if (!d.location.enabledFeatures.some((f) => f.toLowerCase() === BOOST_FEATURE)) continue;
    if (!isInsideSendWindow(now, d.location.timeZone, deps.config.sendWindow)) continue;
    if (d.campaign.deletedAt) continue;
    try {
      const result = await sendDispatch(
        deps,
        { locationId: d.locationId, freeTrial: false, userId: d.sentByUserId },
        'pcheck',
        {
          campaign_uid: d.campaign.uid,
          customer_phone: d.customerPhone?.replace(/^\+1/, '') ?? '',
          customer_email: d.customerEmail ?? '',
          customer_name: d.customerName,
          customer_address: d.customerAddress,
          customer_place: null,
          is_test: false,
        },
        'boost',
        { followUpOfId: d.id },
      );
      if (result.status === 1) sent += 1;
    } catch (error) {
      // Another worker took this one first (the follow-up link is unique): nothing to do.
      if ((error as { code?: string }).code !== 'P2002') deps.log.error({ err: error, dispatchId: d.id }, 'boost follow-up failed');
    }
  }
  return sent;
}
