import { ACTIVITY_LIMIT, formatPhone, type ActivityItem } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';

/** Who sent a dispatch, as a person reads it. */
function sentBy(source: string, user: string | null, apiKey: string | null): string {
  if (source === 'api') return apiKey ? `API key “${apiKey}”` : 'API';
  if (source === 'integration') return 'Field-service job';
  if (source === 'boost') return 'Kudo Boost';
  if (source === 'bulk') return user ? `${user} (spreadsheet)` : 'Spreadsheet';
  if (source === 'sample') return 'Sample';
  // A send whose user is unknown (removed since, or data brought in from before) says where it came from.
  return user ?? (source === 'wizard' ? 'Trial wizard' : 'Dispatch');
}

/**
 * Operate › Activity: the location's latest sends of every kind — typed in Dispatch, from a spreadsheet,
 * Kudo Boost's follow-ups, the onboarding wizard, the public API — newest first.
 */
export async function loadActivity(ctx: LocationCtx): Promise<{ rows: ActivityItem[] }> {
  const dispatches = await ctx.db.dispatch.findMany({
    where: { locationId: ctx.location.locationId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: ACTIVITY_LIMIT,
    include: { campaign: { select: { name: true } }, apiRequest: { select: { apiKey: { select: { name: true } } } } },
  });
  const userIds = [...new Set(dispatches.flatMap((d) => (d.sentByUserId === null ? [] : [d.sentByUserId])))];
  const users = userIds.length
    ? await ctx.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true, email: true } })
    : [];
  const names = new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
  return {
    rows: dispatches.map((d) => ({
      id: d.id,
      sent_at: d.createdAt.toISOString(),
      kind: d.kind,
      campaign: d.campaign.name,
      customer: d.customerName,
      contact: [d.customerPhone ? formatPhone(d.customerPhone) : null, d.customerEmail].filter(Boolean).join(' · '),
      sms_status: d.smsStatus === null ? null : d.smsStatus === 1 ? 1 : 0,
      email_status: d.emailStatus === null ? null : d.emailStatus === 1 ? 1 : 0,
      problem: (d.smsStatus === 0 ? d.smsMessage : null) ?? (d.emailStatus === 0 ? d.emailMessage : null),
      source: d.source,
      sent_by: sentBy(d.source, d.sentByUserId === null ? null : (names.get(d.sentByUserId) ?? null), d.apiRequest?.apiKey?.name ?? null),
    })),
  };
}
