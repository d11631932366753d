import { CARD_DEFAULT_TEMPLATES, formatPhone, MSG, renderCardTemplate, toE164 } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { SmsSendError } from '../../providers/sms/index.js';
import { effectiveCard, vcardUrl } from '../card/index.js';

const COMM_TYPE = 'hs-contact-card-after-pcheck';

async function cardOf(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  const [location, card, own] = await Promise.all([
    ctx.db.location.findUniqueOrThrow({
      where: { id: locationId },
      select: { name: true, companyName: true, navLogoUrl: true, companyWebUrl: true, timeZone: true },
    }),
    ctx.db.contactCardSettings.findUnique({ where: { locationId } }),
    ctx.db.contactCardTemplate.findUnique({ where: { locationId_commType: { locationId, commType: COMM_TYPE } } }),
  ]);
  const template = own?.smsBody ?? CARD_DEFAULT_TEMPLATES.find((t) => t.commType === COMM_TYPE)!.smsBody;
  return { location, card, template };
}

const render = (ctx: LocationCtx, c: Awaited<ReturnType<typeof cardOf>>, name: string) => {
  const shown = effectiveCard(c.location, c.card!);
  return renderCardTemplate(c.template, {
    customer_name: name.trim().split(/\s+/)[0] || 'there',
    company_name: shown.companyName,
    card_link: vcardUrl(ctx, c.card!.cardKey),
    phone: shown.voicePhones[0] ? formatPhone(shown.voicePhones[0]) : '',
  });
};

export async function loadContactCard(ctx: LocationCtx) {
  const c = await cardOf(ctx);
  if (!c.card) return { ready: false, company_name: c.location.companyName || c.location.name, vcard_url: null, preview: null };
  return {
    ready: true,
    company_name: effectiveCard(c.location, c.card).companyName,
    vcard_url: vcardUrl(ctx, c.card.cardKey),
    preview: render(ctx, c, 'Alex'),
  };
}

/** Texts the card now (staff asked for it: no delay, no quiet hours), through the consent checks. */
export async function sendContactCard(ctx: LocationCtx, input: { isTest: boolean; name: string; phoneNumber: string }): Promise<string> {
  const c = await cardOf(ctx);
  if (!c.card) throw badRequest(MSG.contactCardNotSetUp);
  const to = toE164(input.phoneNumber)!;
  try {
    await ctx.providers.sms.send({ to, body: render(ctx, c, input.name), locationId: ctx.location.locationId, scope: 'dispatch', app: 'card' });
  } catch (err) {
    if (err instanceof SmsSendError && (err.reason === 'opted_out' || err.reason === 'unreachable')) throw badRequest(err.message);
    ctx.log.error({ err }, 'contact card send failed');
    throw new AppError(502, MSG.dispatchSmsFailed);
  }
  if (!input.isTest) {
    const now = new Date();
    await ctx.db.contactCardSend.create({
      data: { locationId: ctx.location.locationId, to, customerName: input.name, status: 'sent', sendAfter: now, sentAt: now, attempts: 1 },
    });
  }
  return `${MSG.contactCardSentTo} ${input.name || formatPhone(input.phoneNumber)}`;
}
