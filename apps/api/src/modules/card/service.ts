import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import {
  CARD_DEFAULT_DELAY,
  CARD_DEFAULT_TEMPLATES,
  CARD_LIMITS,
  MSG,
  REWARD_SOURCES,
  cardApi,
  formatPhone,
  renderCardTemplate,
  type CardCommType,
  type CardSettingsData,
  type RewardSource,
  type RewardsSettings,
} from '@kudo/shared';
import type { z } from 'zod';
import type { AppDeps, LocationCtx, RequestMeta } from '../../http/context.js';
import { ENTITLEMENT_SELECT, entitlementsOf } from '../../lib/entitlements.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import { SmsSendError } from '../../providers/sms/index.js';
import type { ContactCardSettings, Location } from '../../generated/prisma/client.js';
import { buildVCard } from './vcard.js';

const MINUTE = 60_000;

/** Where the QR images of the session's location are served (E095). */
export const QR_PATHS = { png: `/api${cardApi.qrCodePng.path}`, svg: `/api${cardApi.qrCodeSvg.path}` } as const;
export const VCARD_PATH_PREFIX = `/api${cardApi.publicVCard.path.replace(':file', '')}`;

/** A public card key: 16 random bytes, URL-safe (22 characters). */
export const newCardKey = (): string => randomBytes(16).toString('base64url');
export const CARD_KEY_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const vcardUrl = (deps: Pick<AppDeps, 'config'>, cardKey: string): string =>
  `${deps.config.publicUrl}${VCARD_PATH_PREFIX}${cardKey}.vcf`;

/** The QR code opens the card's address with `?via=qr`, so its opens can be counted apart from texted links. */
export const QR_VIA = 'qr';
export const qrUrl = (deps: Pick<AppDeps, 'config'>, cardKey: string): string => `${vcardUrl(deps, cardKey)}?via=${QR_VIA}`;

type CardLocation = Pick<Location, 'name' | 'companyName' | 'navLogoUrl' | 'companyWebUrl' | 'timeZone'>;

const locationSelect = { name: true, companyName: true, navLogoUrl: true, companyWebUrl: true, timeZone: true } as const;

/** The name and logo a card shows when it does not override them. */
export function cardDefaults(location: CardLocation) {
  return { companyName: location.companyName.trim() || location.name, companyLogo: location.navLogoUrl ?? null };
}

/** What the card shows: its overrides, else the location's company name and logo. */
export function effectiveCard(location: CardLocation, card: ContactCardSettings) {
  const defaults = cardDefaults(location);
  return {
    companyName: card.companyName ?? defaults.companyName,
    companyLogo: card.companyLogo ?? defaults.companyLogo,
    voicePhones: [card.primaryPhoneNumber, ...card.phoneNumbers].filter(Boolean),
    textPhones: [card.smsPhoneNumber].filter(Boolean),
  };
}

function toData(deps: AppDeps, location: CardLocation, card: ContactCardSettings | null): CardSettingsData {
  const defaults = cardDefaults(location);
  return {
    qrcodeJpg: null,
    qrcodePng: card ? QR_PATHS.png : null,
    qrcodeSvg: card ? QR_PATHS.svg : null,
    vcardUrl: card ? vcardUrl(deps, card.cardKey) : null,
    enabled: card?.enabled ?? false,
    delayTime: card?.delayTime ?? CARD_DEFAULT_DELAY,
    defaults,
    vcfDetails: {
      overrides: { companyName: card?.companyName ?? null, companyLogo: card?.companyLogo ?? null },
      voicePhones: card ? [card.primaryPhoneNumber, ...card.phoneNumbers].filter(Boolean) : [],
      textPhones: card ? [card.smsPhoneNumber].filter(Boolean) : [],
      emails: card?.emails ?? [],
      searchTerms: card?.searchTerms ?? [],
      note: card?.note ?? '',
    },
  };
}

async function currentLocation(ctx: LocationCtx): Promise<CardLocation> {
  return ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: locationSelect });
}

export async function loadSettings(ctx: LocationCtx): Promise<CardSettingsData> {
  const [location, card] = await Promise.all([
    currentLocation(ctx),
    ctx.db.contactCardSettings.findUnique({ where: { locationId: ctx.location.locationId } }),
  ]);
  return toData(ctx, location, card);
}

export type SaveSettingsInput = z.output<typeof cardApi.saveSettingsBody>;

export async function saveSettings(ctx: LocationCtx, input: SaveSettingsInput): Promise<CardSettingsData> {
  let primary = input.primaryPhoneNumber;
  let outbound = input.phoneNumbers.filter((p) => p !== primary);
  // A card with outbound numbers and no primary one calls the first outbound number first.
  if (!primary && outbound.length) [primary, ...outbound] = outbound as [string, ...string[]];
  const data = {
    enabled: input.enabled,
    delayTime: input.delayTime,
    companyName: input.companyName,
    companyLogo: input.companyLogo,
    primaryPhoneNumber: primary,
    smsPhoneNumber: input.smsPhoneNumber,
    phoneNumbers: outbound,
    emails: input.emails,
    searchTerms: input.searchTerms,
    note: input.note,
  };
  const locationId = ctx.location.locationId;
  const card = await ctx.db.contactCardSettings.upsert({
    where: { locationId },
    create: { locationId, cardKey: newCardKey(), ...data },
    update: data,
  });
  return toData(ctx, await currentLocation(ctx), card);
}

/** The QR code of the session location's card, pointing at its public vCard address. */
export async function qrCode(ctx: LocationCtx, format: 'png' | 'svg'): Promise<{ body: Buffer | string; companyName: string }> {
  const card = await ctx.db.contactCardSettings.findUnique({ where: { locationId: ctx.location.locationId } });
  if (!card) throw notFound(MSG.cardQrMissing);
  const location = await currentLocation(ctx);
  const text = qrUrl(ctx, card.cardKey);
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const body =
    format === 'png'
      ? await QRCode.toBuffer(text, { ...options, type: 'png', width: 512 })
      : await QRCode.toString(text, { ...options, type: 'svg', width: 512 });
  return { body, companyName: effectiveCard(location, card).companyName };
}

/**
 * The public vCard of a card key. A card is served while its location has the contact-card add-on; the
 * 'Send Contact Card after pulseCheck' switch only governs the automatic text, so printed QR codes keep working.
 */
export async function publicVCard(
  ctx: AppDeps & Pick<RequestMeta, 'log'>,
  cardKey: string,
  { scanned }: { scanned: boolean },
): Promise<{ text: string; companyName: string }> {
  if (!CARD_KEY_RE.test(cardKey)) throw notFound();
  const card = await ctx.db.contactCardSettings.findUnique({
    where: { cardKey },
    include: {
      location: {
        select: {
          ...locationSelect,
          ...ENTITLEMENT_SELECT,
        },
      },
    },
  });
  if (!card || !entitlementsOf(card.location, card.location.subscription).addons.includes('contact-card')) throw notFound();
  if (scanned) await recordScan(ctx, card.locationId);
  const shown = effectiveCard(card.location, card);
  const text = buildVCard({
    companyName: shown.companyName,
    voicePhones: shown.voicePhones,
    textPhones: shown.textPhones,
    emails: card.emails,
    url: card.location.companyWebUrl || null,
    note: card.note,
    searchTerms: card.searchTerms,
    logoUrl: shown.companyLogo,
  });
  return { text, companyName: shown.companyName };
}

/**
 * Counts one open of the QR code on the location's local day. Nothing about the visitor is kept; a failure
 * to count is logged and the card is served all the same.
 */
async function recordScan(ctx: AppDeps & Pick<RequestMeta, 'log'>, locationId: number) {
  try {
    await ctx.db.$executeRaw`
      INSERT INTO contact_card_scan_days (location_id, day, count)
      SELECT id, (now() AT TIME ZONE time_zone)::date, 1 FROM locations WHERE id = ${locationId}
      ON CONFLICT (location_id, day) DO UPDATE SET count = contact_card_scan_days.count + 1`;
  } catch (error) {
    ctx.log.warn({ err: error }, 'contact card scan not counted');
  }
}

// Templates ------------------------------------------------------------------------------------------

export async function loadTemplates(ctx: LocationCtx) {
  const rows = await ctx.db.contactCardTemplate.findMany({ where: { locationId: ctx.location.locationId } });
  const own = new Map(rows.map((r) => [r.commType, r]));
  const categories: { name: string; templates: { commType: string; templateName: string; smsBody: string }[] }[] = [];
  for (const d of CARD_DEFAULT_TEMPLATES) {
    let category = categories.find((c) => c.name === d.category);
    if (!category) categories.push((category = { name: d.category, templates: [] }));
    const row = own.get(d.commType);
    category.templates.push({ commType: d.commType, templateName: d.templateName, smsBody: row?.smsBody ?? d.smsBody });
  }
  return { categories };
}

export async function saveTemplates(ctx: LocationCtx, categories: { templates: { commType: CardCommType; smsBody: string }[] }[]) {
  const locationId = ctx.location.locationId;
  const bodies = new Map<CardCommType, string>();
  for (const c of categories) for (const t of c.templates) bodies.set(t.commType, t.smsBody);
  // The category and name of a template are the product's; a location changes only the text.
  await ctx.db.$transaction(
    [...bodies].map(([commType, smsBody]) => {
      const d = CARD_DEFAULT_TEMPLATES.find((t) => t.commType === commType)!;
      return ctx.db.contactCardTemplate.upsert({
        where: { locationId_commType: { locationId, commType } },
        create: { locationId, commType, category: d.category, templateName: d.templateName, smsBody },
        update: { smsBody, category: d.category, templateName: d.templateName },
      });
    }),
  );
  return loadTemplates(ctx);
}

/** An appointment a day ahead at 10:00 in the location's time zone, for a test message. */
export function sampleAppointment(timeZone: string, now = new Date()) {
  const tomorrow = new Date(now.getTime() + 24 * 60 * MINUTE);
  let date: string;
  try {
    date = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(tomorrow);
  } catch {
    date = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(tomorrow);
  }
  return { appointment_date: date, appointment_time: '10:00 AM' };
}

/** Texts a template to a test number: `smsBody` (the text being edited) when given, else the saved template. */
export async function sendDemo(ctx: LocationCtx, commType: CardCommType, phoneNumber: string, smsBody?: string): Promise<void> {
  const locationId = ctx.location.locationId;
  const card = await ctx.db.contactCardSettings.findUnique({ where: { locationId } });
  if (!card) throw badRequest(MSG.cardNotConfigured);
  const { count } = await hit(ctx.db, `card-demo:loc:${locationId}`, MINUTE);
  if (count > CARD_LIMITS.demoSendsPerMinute) throw tooManyRequests();
  const [location, own] = await Promise.all([
    currentLocation(ctx),
    ctx.db.contactCardTemplate.findUnique({ where: { locationId_commType: { locationId, commType } } }),
  ]);
  const template = smsBody ?? own?.smsBody ?? CARD_DEFAULT_TEMPLATES.find((t) => t.commType === commType)!.smsBody;
  const shown = effectiveCard(location, card);
  const body = renderCardTemplate(template, {
    customer_name: 'Alex',
    company_name: shown.companyName,
    card_link: vcardUrl(ctx, card.cardKey),
    phone: shown.voicePhones[0] ? formatPhone(shown.voicePhones[0]) : '',
    ...sampleAppointment(location.timeZone),
  });
  try {
    await ctx.providers.sms.send({ to: phoneNumber, body, locationId, scope: 'dispatch', app: 'card' });
  } catch (err) {
    // A number that opted out or cannot take texts is the user's to fix; anything else is ours.
    if (err instanceof SmsSendError && (err.reason === 'opted_out' || err.reason === 'unreachable')) throw badRequest(err.message);
    ctx.log.error({ err }, 'contact card test SMS failed');
    throw new AppError(502, MSG.cardDemoFailed);
  }
}

// Employee rewards -----------------------------------------------------------------------------------

const REWARDS_DEFAULTS: RewardsSettings = { startMonth: 1, perReviewBudget: 0, reportRecipients: [], sources: [...REWARD_SOURCES] };

export async function loadRewards(ctx: LocationCtx): Promise<RewardsSettings> {
  const row = await ctx.db.employeeRewardsSettings.findUnique({ where: { locationId: ctx.location.locationId } });
  if (!row) return REWARDS_DEFAULTS;
  return {
    startMonth: row.startMonth,
    perReviewBudget: row.perReviewBudget,
    reportRecipients: row.reportRecipients.map((email) => ({ email })),
    sources: REWARD_SOURCES.filter((s) => row.sources.includes(s)),
  };
}

export async function saveRewards(
  ctx: LocationCtx,
  input: { startMonth: number; perReviewBudget?: number; reportRecipients: { email: string }[]; sources: RewardSource[] },
): Promise<RewardsSettings> {
  const current = await loadRewards(ctx);
  if (input.perReviewBudget !== undefined && input.perReviewBudget !== current.perReviewBudget) {
    throw badRequest(MSG.rewardsBudgetLocked, { 'employeeRewardsSettings.perReviewBudget': MSG.rewardsBudgetLocked });
  }
  const locationId = ctx.location.locationId;
  const data = {
    startMonth: input.startMonth,
    reportRecipients: input.reportRecipients.map((r) => r.email),
    sources: input.sources,
  };
  await ctx.db.employeeRewardsSettings.upsert({
    where: { locationId },
    create: { locationId, perReviewBudget: current.perReviewBudget, ...data },
    update: data,
  });
  return loadRewards(ctx);
}
