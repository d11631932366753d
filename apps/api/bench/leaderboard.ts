// The leaderboard's calls for bench:analytics, on the same location and seed: the summary, the departments
// and campaigns reports (the screens' default month) and the shop display, for this month.
import { leaderboardApi } from '@kudo/shared';
import type { LoadTarget } from './load.js';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export function leaderboardCalls(post: (path: string, body: unknown) => LoadTarget): [string, LoadTarget][] {
  const month = { from_date: daysAgo(30), to_date: daysAgo(0) };
  return [
    [`E132 ${leaderboardApi.loadLeaderboard.path} (this month)`, post(leaderboardApi.loadLeaderboard.path, { date_range: 'MONTHLY' })],
    [`E133 ${leaderboardApi.fetchDepartments.path} (a month)`, post(leaderboardApi.fetchDepartments.path, month)],
    [`E134 ${leaderboardApi.fetchCampaigns.path} (a month)`, post(leaderboardApi.fetchCampaigns.path, month)],
    [`E137 ${leaderboardApi.reloadProjection.path} (this month)`, post(leaderboardApi.reloadProjection.path, { date_range: 'MONTHLY' })],
  ];
}
