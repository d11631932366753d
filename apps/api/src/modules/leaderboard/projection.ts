import { leaderboardApi as api, readableTextOn, type EndpointData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { kudoIndex, locationClock, percent } from '../analytics/index.js';
import { campaignPoints, sumStats } from './points.js';
import { periodOf } from './range.js';
import { bounds, byDepartment, byPoints, campaignStats } from './service.js';

/** How many campaigns 'The Best of the Best' shows at most: the top of the period, points above zero. */
export const BEST_OF_THE_BEST = 10;

/**
 * The latest approved comments (text only, archived ones left out) with their campaign, up to the period's end:
 * the period's own first, then earlier ones, so that the display has its fans' words on a period's first morning
 * too. Read newest first on the index of approved reviews.
 */
async function approvedComments(ctx: LocationCtx, hi: Date): Promise<api.ProjectionComment[]> {
  const { rows } = await poolOf(ctx.db).query<{ text: string; campaign_image: string | null; campaign_name: string | null }>({
    name: 'projection-comments',
    text: `SELECT r.text, c.image AS campaign_image, c.name AS campaign_name
             FROM reviews r LEFT JOIN campaigns c ON c.id = r.campaign_id AND c.location_id = r.location_id
            WHERE r.location_id = $1 AND r.approved_for_widget AND NOT r.archived AND r.posted_at < $2 AND btrim(r.text) <> ''
            ORDER BY r.posted_at DESC, r.id DESC
            LIMIT $3`,
    values: [ctx.location.locationId, hi, api.PROJECTION_COMMENTS_MAX],
  });
  return rows.map((r) => ({ text: r.text.trim(), campaign_image: r.campaign_image ?? '', campaign_name: r.campaign_name ?? '' }));
}

export async function reloadProjection(ctx: LocationCtx, body: { date_range: api.LeaderboardDateRange }): Promise<EndpointData<typeof api.reloadProjection>> {
  const locationId = ctx.location.locationId;
  const [clock, location] = await Promise.all([
    locationClock(ctx.db, locationId),
    ctx.db.location.findUnique({ where: { id: locationId }, select: { navBkgColor: true, navLogoUrl: true } }),
  ]);
  if (!location) throw notFound();
  const range = periodOf(body.date_range, clock.today);
  const { hi } = await bounds(ctx.db, range, clock.timeZone);
  const [stats, comments] = await Promise.all([campaignStats(ctx.db, locationId, range, clock.timeZone), approvedComments(ctx, hi)]);

  const total = sumStats(stats);
  const moods = total.happy + total.neutral + total.unhappy;
  const share = (n: number) => ({ value: n, percent: percent(n, moods) });
  const ranked = (list: typeof stats) => list.map((c) => ({ c, name: c.name, points: campaignPoints(c).total })).sort(byPoints);

  const departments = byDepartment(stats)
    .map(([name, list]) => ({ name, list, points: campaignPoints(sumStats(list)).total }))
    .sort(byPoints)
    .map(({ name, list, points }, i): api.ProjectionDepartment => {
      const sum = sumStats(list);
      return {
        department_name: name,
        rank: i + 1,
        department_data: { kudo_index: kudoIndex(sum.kudoSum, sum.kudoCount), points, review_leads: sum.reviewLeads },
        campaigns: ranked(list).map(({ c, points }) => ({ campaign: { name: c.name, image: c.image }, points, summary: { review_leads: c.reviewLeads } })),
      };
    });
  const campaigns = ranked(stats)
    .filter((r) => r.points > 0)
    .slice(0, BEST_OF_THE_BEST)
    .map(({ c, points }, i) => ({ rank: i + 1, points, campaign: { name: c.name, image: c.image } }));

  return {
    date_range: body.date_range,
    date_options: api.PROJECTION_DATE_OPTIONS.map((o) => ({ ...o })),
    page_data: {
      meta: { account_color: location.navBkgColor, font_color: readableTextOn(location.navBkgColor), navlogourl: location.navLogoUrl },
      projection_data: {
        account: {
          totals: {
            pulse_checks_participant_count: { value: total.responses },
            bio_count: { value: total.bios },
            pulse_checks_count: { value: total.pchecks },
            happy_count: share(total.happy),
            neutral_count: share(total.neutral),
            unhappy_count: share(total.unhappy),
          },
        },
        departments,
        campaigns,
        comments,
      },
    },
  };
}
