import { DEFAULT_SLIDER_TITLES } from '@kudo/shared';
import { hashToken } from '../../lib/tokens.js';
import { answerReviewFields } from '../../modules/pulsecheck/answer-review.js';
import { newDispatchToken } from '../../modules/operate/index.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { localDate, startOfLocalDay } from '../../lib/quiet-hours.js';
import type { AreaSeeder } from './types.js';

const DAY = 24 * 60 * 60 * 1000;

/** A small seeded generator (mulberry32): the same demo on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Avery', 'Jordan', 'Casey', 'Morgan', 'Riley', 'Taylor', 'Jamie', 'Quinn', 'Drew', 'Reese', 'Parker', 'Rowan', 'Skyler', 'Emerson', 'Hayden', 'Kendall'];
const LAST = ['Hughes', 'Bennett', 'Foster', 'Howard', 'Price', 'Sanders', 'Long', 'Ross', 'Jenkins', 'Perry', 'Powell', 'Ward', 'Coleman', 'Bryant', 'Flores', 'Griffin'];
const STREETS = ['Oak Hollow Dr', 'Barton Springs Rd', 'Congress Ave', 'Red River St', 'Burnet Rd', 'Lamar Blvd', 'Manor Rd', 'Riverside Dr'];

const ANSWER_TEXTS: Record<'positive' | 'neutral' | 'negative', string[]> = {
  positive: [
    'On time, polite and the leak is gone. Thank you!',
    'Explained everything before starting and cleaned up after. Great service.',
    'Quick fix on a Saturday morning. Will call again.',
    'Very professional and the price matched the quote.',
    'Our new water heater works great. Friendly technician.',
  ],
  neutral: ['Job got done, but the arrival window was long.', 'Fine work, a bit pricier than expected.'],
  negative: [
    'Had to reschedule twice before anyone showed up.',
    'The drain clogged again two days later.',
    'The tech was rude and left without explaining anything.',
  ],
};
const SITES = ['google', 'google', 'facebook', 'yelp'];

interface Plan {
  locationId: number;
  count: number;
  spanDays: number;
  phonePrefix: string;
  city: string;
  seed: number;
  /** How many of the sends go out today so far (between the location's midnight and now), answered before now. */
  today: number;
}

/**
 * pulseChecks and bios sent by SMS and email from every campaign over the last 13 months (Dallas: a few in
 * the last weeks), most pulseChecks answered: moods, sliders, review leads, some written reviews and two
 * recorded ones; each answer is its review (as the public flow makes it), and a contact card followed the
 * answers that gave a phone number. The last few sends go out today so far, so that the current week and month
 * have figures at any hour; nothing happens after `now`.
 */
async function seedLocation(tx: Prisma.TransactionClient, now: Date, plan: Plan, audioUrls: string[]) {
  const rand = generator(plan.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const campaigns = await tx.campaign.findMany({ where: { locationId: plan.locationId, deletedAt: null }, orderBy: { id: 'asc' } });
  if (campaigns.length === 0) return;
  const customers = await Promise.all(
    Array.from({ length: Math.min(plan.count, 60) }, (_, i) => {
      const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 5 + 3) % LAST.length]}`;
      return tx.customer.create({
        data: {
          locationId: plan.locationId,
          name,
          phone: `+1${plan.phonePrefix}${String(3000 + i).padStart(4, '0')}`,
          email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
          addressLine: `${100 + i * 7} ${STREETS[i % STREETS.length]}`,
          city: plan.city,
          state: 'TX',
        },
      });
    }),
  );

  const { timeZone } = await tx.location.findUniqueOrThrow({ where: { id: plan.locationId }, select: { timeZone: true } });
  const midnight = startOfLocalDay(localDate(now, timeZone), timeZone).getTime();
  const latest = now.getTime() - 60_000;
  let audioLeft = [...audioUrls];
  for (let i = 0; i < plan.count; i++) {
    // More recent months are busier: the square root spreads sends towards today.
    const ageDays = Math.floor(Math.sqrt(rand()) * plan.spanDays * 1000) / 1000;
    const todayIndex = i - (plan.count - plan.today);
    const createdAt =
      todayIndex >= 0
        ? new Date(midnight + (Math.max(midnight, latest) - midnight) * ((todayIndex + 0.25) / plan.today))
        : new Date(now.getTime() - (plan.spanDays - ageDays) * DAY - 2 * 3_600_000);
    const customer = pick(customers);
    const campaign = campaigns[i % campaigns.length]!;
    const kind = rand() < 0.22 ? 'bio' : 'pcheck';
    const channel = rand();
    const bySms = channel < 0.8;
    const byEmail = channel > 0.55;
    const d = await tx.dispatch.create({
      data: {
        locationId: plan.locationId,
        campaignId: campaign.id,
        customerId: customer.id,
        kind,
        source: rand() < 0.85 ? 'dashboard' : 'bulk',
        tokenHash: hashToken(newDispatchToken()),
        customerPhone: bySms ? customer.phone : null,
        customerEmail: byEmail || !bySms ? customer.email : null,
        customerName: customer.name,
        customerAddress: `${customer.addressLine}, ${plan.city}, TX`,
        smsStatus: bySms ? 1 : null,
        smsMessage: bySms ? 'SMS Sent Successfully' : null,
        emailStatus: byEmail || !bySms ? 1 : null,
        emailMessage: byEmail || !bySms ? 'Email Sent Successfully' : null,
        expiresAt: new Date(createdAt.getTime() + 30 * DAY),
        createdAt,
      },
    });
    if (kind !== 'pcheck' || rand() > 0.62) continue;

    const delay = (20 + Math.floor(rand() * 600)) * 60_000;
    // Answered after its send and before now (today's sends half way to now).
    const respondedAt = new Date(todayIndex >= 0 ? (createdAt.getTime() + latest) / 2 : Math.min(createdAt.getTime() + delay, latest));
    const moodRoll = rand();
    const mood = moodRoll < 0.74 ? 'positive' : moodRoll < 0.9 ? 'neutral' : 'negative';
    const base = mood === 'positive' ? 8 : mood === 'neutral' ? 6 : 3;
    const submissions: { type: string; data: Prisma.InputJsonValue }[] = [{ type: 'mood', data: { mood } }];
    if (rand() < 0.8) {
      submissions.push({
        type: 'ratings',
        data: DEFAULT_SLIDER_TITLES.map((name) => ({ name, value: Math.min(10, Math.max(0, base + Math.floor(rand() * 3))) })),
      });
    }
    if (rand() < 0.7) {
      const lead = mood !== 'negative' && rand() < 0.65;
      submissions.push({ type: 'social-media', data: lead ? { selection: pick(SITES), url: null, left_review: rand() < 0.6 } : { selection: 'none' } });
    }
    const textRoll = rand();
    if (audioLeft.length > 0 && mood === 'positive' && textRoll < 0.05) {
      submissions.push({ type: 'review', data: { method: 'audio', value: customer.phone ?? '', audio_url: audioLeft[0]! } });
      audioLeft = audioLeft.slice(1);
    } else if (textRoll < 0.35) {
      submissions.push({ type: 'review', data: { method: 'text', value: pick(ANSWER_TEXTS[mood]) } });
    }
    const sliderMean = (() => {
      const r = submissions.find((s) => s.type === 'ratings')?.data as { value: number }[] | undefined;
      return r ? r.reduce((s, x) => s + x.value, 0) / r.length : null;
    })();
    await tx.pulseCheckSubmission.createMany({
      data: submissions.map((s, k) => ({ dispatchId: d.id, type: s.type, data: s.data, ipAddress: '203.0.113.10', createdAt: new Date(Math.min(respondedAt.getTime() + k * 40_000, now.getTime())) })),
    });
    await tx.dispatch.update({ where: { id: d.id }, data: { mood, sliderMean, respondedAt, creditedCampaignId: campaign.id } });
    const fields = answerReviewFields({ customerName: customer.name, mood, creditedCampaignId: campaign.id, campaignId: campaign.id }, submissions);
    await tx.review.create({
      data: {
        locationId: plan.locationId,
        source: 'kudo',
        externalId: `dispatch-${d.id}`,
        dispatchId: d.id,
        postedAt: respondedAt,
        ...fields,
        // The owner picked a good share of the happy written reviews for the website.
        approvedForWidget: fields.sentiment === 'positive' && (fields.text !== '' || fields.audioUrl !== null) && rand() < 0.7,
        customerName: customer.name,
        customerPhone: d.customerPhone ?? '',
        customerEmail: d.customerEmail ?? '',
        customerAddress: d.customerAddress,
        customerCity: plan.city,
        customerState: 'TX',
      },
    });
    if (d.customerPhone && rand() < 0.7) {
      const sentAt = new Date(Math.min(respondedAt.getTime() + 30 * 60_000, now.getTime()));
      await tx.contactCardSend.create({
        data: { locationId: plan.locationId, to: d.customerPhone, customerName: customer.name, status: 'sent', sendAfter: sentAt, sentAt, attempts: 1, createdAt: respondedAt },
      });
    }
  }
}

export const seedAnalytics: AreaSeeder = async (tx, { austinId, dallasId, now }) => {
  const audio = ['/demo/audio/review-1.wav', '/demo/audio/review-2.wav'];
  await seedLocation(tx, now, { locationId: austinId, count: 320, spanDays: 395, phonePrefix: '512555', city: 'Austin', seed: 20_251_125, today: 6 }, audio);
  await seedLocation(tx, now, { locationId: dallasId, count: 8, spanDays: 20, phonePrefix: '214555', city: 'Dallas', seed: 77, today: 0 }, []);
};
