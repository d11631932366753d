/**
 * The local providers' review feeds: a deterministic stream of Google reviews and Facebook recommendations for
 * the demo Business Profile locations and pages, so that the review sync, credit and reports work offline.
 * Review n of a feed is posted at a fixed instant (its epoch plus n intervals), so its id, date and text never
 * change between syncs and a later sync only adds the reviews posted since.
 */

const DAY = 86_400_000;

export interface FeedReview {
  id: string;
  author: string;
  /** 1–5 stars; Facebook: 5 recommends, 1 does not. */
  stars: number;
  text: string;
  postedAt: Date;
}

export interface FeedProfile {
  rating: number;
  count: number;
}

interface Feed {
  prefix: string;
  epoch: number;
  intervalDays: number;
  authors: readonly string[];
  /** [stars, text]: texts name the location's technicians now and then. */
  lines: readonly (readonly [number, string])[];
  profile: FeedProfile;
}

const AUSTIN_AUTHORS = [
  'Jennifer Morales',
  'Robert Chen',
  'Emily Sanders',
  'David K.',
  'Maria Gonzalez',
  'Tom Becker',
  'Ashley Wright',
  'Chris Dalton',
  'Nina Patel',
  'Greg Summers',
  'Hannah Lowe',
  'Jorge Alvarez',
  'Karen Mitchell',
  'Ben T.',
  'Olivia Harper',
  'Sam Whitfield',
  'Rachel Kim',
] as const;

const AUSTIN_GOOGLE_LINES: readonly (readonly [number, string])[] = [
  [5, 'Mike Torres found a slab leak two other companies missed. Professional, on time and fairly priced.'],
  [5, 'Sarah was fantastic. She replaced our kitchen faucet and left the place spotless.'],
  [5, 'Fast response for a burst pipe on a Sunday. Highly recommend Demo Plumbing.'],
  [4, 'Good work on the water heater install. Arrived a bit late but called ahead.'],
  [5, 'Kevin cleared our main line in under an hour and showed us the camera footage. Great service!'],
  [5, 'James Carter explained every option for our repipe and never pushed the expensive one.'],
  [5, 'Friendly, clean and quick. The technician wore shoe covers and wiped everything down.'],
  [3, 'The repair was fine but scheduling took three calls.'],
  [5, 'Priya fixed a running toilet and a leaky shower valve in one visit. Thank you!'],
  [5, 'Tasha Williams was patient and thorough with our recurring drain clog. Finally fixed.'],
  [5, 'Best plumbing company in Austin. Upfront pricing and no surprises.'],
  [4, 'Luis did a solid job on the garbage disposal. Would use again.'],
  [5, 'Marcus was professional and kind, and got our sewer backup under control fast.'],
  [5, ''],
  [5, 'Mike was honest that we did not need a new water heater, just a new thermostat. Saved us a lot.'],
  [2, 'The price ended up higher than the estimate. The work itself was okay.'],
  [5, 'Sarah Nguyen installed our new vanity and it looks perfect.'],
  [5, 'Same-day service and a clear invoice. Exactly what you want from a plumber.'],
  [4, 'Quick drain cleaning. Kevin was polite and explained what caused it.'],
  [5, 'They handled our tankless install from permit to inspection. Great crew.'],
  [1, 'Nobody showed up for the first appointment. The second visit was fine.'],
  [5, 'Priya Patel tracked down a hidden leak behind the shower wall without tearing everything out.'],
  [5, 'On time, courteous and reasonably priced. Five stars.'],
] as const;

const AUSTIN_FACEBOOK_LINES: readonly (readonly [number, string])[] = [
  [5, 'Demo Plumbing saved our holiday dinner! Mike came out within two hours.'],
  [5, 'Highly recommend Sarah, she is the best.'],
  [5, 'Great communication from booking to finish.'],
  [1, 'Had to wait all day for a technician.'],
  [5, 'Tasha and Marcus cleared our sewer line fast and cleaned up after.'],
  [5, 'Honest pricing and friendly people.'],
  [5, 'James did an amazing repipe on our 1960s house.'],
] as const;

const DALLAS_AUTHORS = ['Laura Benson', 'Mark Ellis', 'Denise Ford', 'Paul Ortega', 'Sofia Ramos'] as const;
const DALLAS_GOOGLE_LINES: readonly (readonly [number, string])[] = [
  [5, 'Ben Foster replaced our water heater the same day. Great job.'],
  [4, 'Ana cleared the kitchen drain quickly.'],
  [5, 'Reliable, fair and friendly.'],
] as const;

/** The feeds by Business Profile location (locations/{id}) and Facebook page id. */
const FEEDS: Record<string, Feed> = {
  'locations/5120000000000000101': {
    prefix: 'demo-austin-g',
    epoch: Date.UTC(2024, 5, 3, 15),
    intervalDays: 6,
    authors: AUSTIN_AUTHORS,
    lines: AUSTIN_GOOGLE_LINES,
    profile: { rating: 4.8, count: 312 },
  },
  'locations/5120000000000000102': {
    prefix: 'demo-dallas-g',
    epoch: Date.UTC(2024, 8, 10, 17),
    intervalDays: 21,
    authors: DALLAS_AUTHORS,
    lines: DALLAS_GOOGLE_LINES,
    profile: { rating: 4.6, count: 87 },
  },
  '104000000000001': {
    prefix: 'demo-austin-fb',
    epoch: Date.UTC(2024, 6, 11, 18),
    intervalDays: 17,
    authors: [...AUSTIN_AUTHORS].reverse(),
    lines: AUSTIN_FACEBOOK_LINES,
    profile: { rating: 4.7, count: 58 },
  },
  '104000000000002': {
    prefix: 'demo-dallas-fb',
    epoch: Date.UTC(2024, 9, 2, 16),
    intervalDays: 40,
    authors: DALLAS_AUTHORS,
    lines: DALLAS_GOOGLE_LINES,
    profile: { rating: 4.5, count: 12 },
  },
};

/** When the feed's `n`th review was posted (ms); minutes vary so that two reviews never share an instant. */
const postedAtOf = (feed: (typeof FEEDS)[string], n: number) => feed.epoch + n * feed.intervalDays * DAY + ((n * 37) % 300) * 60_000;

/** How far back a local feed reaches. */
export const LOCAL_FEED_DAYS = 400;

/** The feed's reviews posted in (now − LOCAL_FEED_DAYS, now], newest first; empty for an unknown key. */
export function localFeed(key: string, now: Date = new Date()): FeedReview[] {
  const feed = FEEDS[key];
  if (!feed) return [];
  const step = feed.intervalDays * DAY;
  const last = Math.floor((now.getTime() - feed.epoch) / step);
  const first = Math.max(0, Math.ceil((now.getTime() - LOCAL_FEED_DAYS * DAY - feed.epoch) / step));
  const out: FeedReview[] = [];
  for (let n = last; n >= first; n--) {
    const [stars, text] = feed.lines[n % feed.lines.length]!;
    const postedAt = new Date(postedAtOf(feed, n));
    if (postedAt > now) continue;
    out.push({ id: `${feed.prefix}-${n}`, author: feed.authors[(n * 5) % feed.authors.length]!, stars, text, postedAt });
  }
  return out;
}

/**
 * Whether the feed ever posted this review, however long ago: a profile keeps its reviews after they leave the
 * window `localFeed` lists (a review imported then may still be answered).
 */
export function localFeedHas(key: string, reviewId: string, now: Date = new Date()): boolean {
  const feed = FEEDS[key];
  const n = feed && reviewId.startsWith(`${feed.prefix}-`) ? reviewId.slice(feed.prefix.length + 1) : null;
  if (!feed || n === null || !/^(0|[1-9]\d{0,8})$/.test(n)) return false;
  return postedAtOf(feed, Number(n)) <= now.getTime();
}

/** The profile's own figures (average rating and review count) of a feed, or null for an unknown key. */
export function localFeedProfile(key: string): FeedProfile | null {
  return FEEDS[key]?.profile ?? null;
}
