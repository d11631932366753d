import { formatPhone, PRODUCT, type Mood } from '@kudo/shared';
import type { AppDeps, RequestMeta } from '../../http/context.js';
import { actionEmail } from '../../lib/mail.js';

const MOOD_LABEL: Record<Mood, string> = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' };

/**
 * Tells the location's notification contacts for that mood (verified emails; the neutral and negative SMS
 * numbers) that a customer answered, with the mood in the subject. Staff messages: not subject to
 * customer unsubscribes, but an SMS number that replied STOP is still refused by the sending path.
 */
export async function sendResponseAlerts(deps: AppDeps & Pick<RequestMeta, 'log'>, input: { dispatchId: number; mood: Mood }) {
  const d = await deps.db.dispatch.findUniqueOrThrow({ where: { id: input.dispatchId }, include: { campaign: true, creditedCampaign: true, location: true } });
  const [emails, sms] = await Promise.all([
    deps.db.notificationEmail.findMany({ where: { locationId: d.locationId, sentiment: input.mood, verified: true } }),
    deps.db.notificationSms.findMany({ where: { locationId: d.locationId, sentiment: input.mood } }),
  ]);
  if (emails.length === 0 && sms.length === 0) return;
  const campaign = d.creditedCampaign ?? d.campaign;
  const mood = MOOD_LABEL[input.mood];
  const who = d.customerName || d.customerPhone || d.customerEmail || 'A customer';
  const contact = [d.customerPhone ? formatPhone(d.customerPhone) : null, d.customerEmail].filter(Boolean).join(' · ');
  const url = `${deps.config.publicUrl}/analyze/reviews`;
  const body = actionEmail({
    greeting: 'Hello,',
    intro: `${who}${contact ? ` (${contact})` : ''} answered a pulseCheck for ${campaign.name} at ${d.location.name}: ${mood}.`,
    action: 'See the response',
    url,
    outro: `You get this alert as a ${mood.toLowerCase()} notification contact of ${d.location.name}.`,
  });
  for (const e of emails) {
    await deps.providers.email
      .send({ to: e.email, subject: `${mood} pulseCheck: ${who} rated ${campaign.name}`, ...body, locationId: d.locationId, audience: 'staff', app: 'alerts', campaignId: campaign.id, template: `alert-${input.mood}` })
      .catch((err: unknown) => deps.log.warn({ err, to: e.id }, 'alert email failed'));
  }
  for (const s of sms) {
    await deps.providers.sms
      .send({ to: s.phoneNumber, body: `${PRODUCT.name}: ${mood} pulseCheck from ${who} for ${campaign.name}. ${url}`, locationId: d.locationId, app: 'alerts', campaignId: campaign.id })
      .catch((err: unknown) => deps.log.warn({ err, to: s.id }, 'alert SMS failed'));
  }
}
