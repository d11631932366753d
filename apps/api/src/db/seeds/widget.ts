import { newWidgetKey } from '../../modules/widget/settings.js';
import type { AreaSeeder } from './types.js';

const DAY = 24 * 60 * 60 * 1000;

const AUTHORS = [
  'Maria Gonzalez', 'James Carter', 'Priya Patel', 'Tom Becker', 'Aisha Johnson', 'Kevin Nguyen', 'Laura Smith',
  'Daniel Kim', 'Rachel Adams', 'Chris Morales', 'Hannah Lee', 'Marcus Brown', 'Olga Petrova', 'Ben Walker',
  'Sofia Rossi', 'Jake Turner', 'Emily Davis', 'Ahmed Hassan', 'Grace Wilson', 'Luis Ramirez',
];

const TEXTS: Record<number, string[]> = {
  5: [
    'Showed up within the hour for a burst pipe and had it fixed before lunch. Friendly and spotless.',
    'Our water heater is finally working again. Clear quote, no surprises on the bill.',
    'Great communication from booking to finish. The technician explained every step.',
    'Fixed a leak two other companies could not find. Highly recommend!',
    'Fast, fair and professional. They even put shoe covers on without being asked.',
    'Replaced our kitchen faucet and garbage disposal in one visit. Excellent work.',
    'Emergency call on a Sunday and they still came out. Lifesavers.',
    'Very knowledgeable tech, took the time to show me how to avoid clogs in the future.',
  ],
  4: [
    'Good work on the sewer line camera inspection. Arrived a little late but kept me posted.',
    'Solid repair and reasonable price. Scheduling took a couple of days.',
    'Friendly crew and tidy work. Would use again.',
    'Fixed the running toilet quickly. Slightly pricey but worth it.',
  ],
  3: [
    'The repair works, but I had to call twice to get an arrival time.',
    'Decent job, though the estimate changed once they opened the wall.',
    'Good repair, but they left drywall dust all over the hallway.',
  ],
  2: [
    'The leak came back after a week; they did return to fix it, but it took several calls.',
    'The technician was rude and pushed an expensive upgrade we did not need.',
  ],
  1: ['Missed the first appointment window and nobody called to say so.'],
};

const SOURCES = ['google', 'google', 'kudo', 'facebook', 'google', 'kudo', 'yelp'];

/** Ratings for Austin's 40 reviews: mostly happy customers, a few middling and unhappy ones. */
const AUSTIN_RATINGS = [
  5, 5, 4, 5, 5, 3, 5, 4, 5, 5, 2, 5, 4, 5, 5, 5, 1, 4, 5, 5, 3, 5, 5, 4, 5, 5, 5, 4, 5, 2, 5, 5, 4, 5, 5, 3, 5, 5, 4, 5,
];

function reviewRows(locationId: number, now: Date, ratings: number[], spanDays: number, prefix: string, campaignIds: number[]) {
  const picked: Record<number, number> = {};
  return ratings.map((rating, i) => {
    const n = (picked[rating] = (picked[rating] ?? -1) + 1);
    const texts = TEXTS[rating]!;
    const source = SOURCES[i % SOURCES.length]!;
    // Spread evenly from about `spanDays` ago to yesterday, at varied times of day.
    const postedAt = new Date(now.getTime() - Math.round(((ratings.length - i) * spanDays) / ratings.length) * DAY + (i % 9) * 3_600_000);
    return {
      locationId,
      source,
      externalId: source === 'kudo' ? null : `${prefix}-${source}-${i + 1}`,
      authorName: AUTHORS[(i * 7) % AUTHORS.length]!,
      rating,
      sentiment: rating >= 4 ? 'positive' : rating === 3 ? 'neutral' : 'negative',
      text: texts[n % texts.length]!,
      postedAt,
      // The owner picked most happy reviews for the website; unhappy ones stay in the full list.
      approvedForWidget: rating >= 4 && i % 5 !== 3,
      url: '',
      campaignId: campaignIds.length ? campaignIds[i % campaignIds.length]! : null,
    };
  });
}

export const seedWidget: AreaSeeder = async (tx, { austinId, dallasId, now }) => {
  const campaignsOf = async (locationId: number) =>
    (await tx.campaign.findMany({ where: { locationId, deletedAt: null }, orderBy: { id: 'asc' }, select: { id: true } })).map((c) => c.id);
  await tx.review.createMany({ data: reviewRows(austinId, now, AUSTIN_RATINGS, 395, 'aus', await campaignsOf(austinId)) });
  await tx.review.createMany({ data: reviewRows(dallasId, now, [5, 4, 5, 3, 5], 60, 'dal', await campaignsOf(dallasId)) });
  await tx.widgetSetting.createMany({
    data: [
      {
        locationId: austinId,
        widgetKey: newWidgetKey(),
        showActivityAlert: true,
        showImages: true,
        showRatingsAlways: true,
        showAudio: false,
        phoneNumber: '+15125550100',
        showPullout: true,
        color: '#1F4E79',
        fontColor: '#FFFFFF',
        orientation: 'right',
        theme: 2,
        positionFixed: false,
      },
      { locationId: dallasId, widgetKey: newWidgetKey(), showPullout: true, theme: 1 },
    ],
  });
};
