import type { CompetitorData } from '@kudo/shared';
import type { TableSort } from '../../../components/tableState';

export interface LeaderboardRow {
  key: string;
  /** 1 for the most reviews; businesses with the same count share a rank (1, 2, 2, 4). */
  rank: number;
  name: string;
  address: string;
  count: number | null;
  rating: number | null;
  self: boolean;
}

type Address = CompetitorData['competitor_list'][number]['address'];

/** "1 Main St, Austin, TX 78701": the parts that are there, in the usual order. */
export function formatAddress(a: Address): string {
  const region = [a.state, a.zipcode].filter(Boolean).join(' ');
  return [a.street, a.city, region].filter(Boolean).join(', ');
}

/**
 * The location and its competitors ranked by review count, most first (unknown counts last, sharing the
 * last rank), then put in the order the table asks for; ranks stay with their businesses.
 */
export function leaderboardRows(data: CompetitorData, sort: TableSort | null): LeaderboardRow[] {
  const rows: Omit<LeaderboardRow, 'rank'>[] = data.competitor_list.map((c) => ({
    key: c.competitor.competitor_id,
    name: c.name || c.place_id,
    address: formatAddress(c.address),
    count: c.count,
    rating: c.rating,
    self: false,
  }));
  if (data.self) {
    rows.push({ key: 'self', name: data.self.name, address: formatAddress(data.self.address), count: data.self.count, rating: data.self.rating, self: true });
  }
  const byCount = (a: { count: number | null }, b: { count: number | null }) => (b.count ?? -1) - (a.count ?? -1);
  const ranked = [...rows].sort((a, b) => byCount(a, b) || Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
  const withRank: LeaderboardRow[] = [];
  ranked.forEach((row, i) => {
    const previous = withRank[i - 1];
    withRank.push({ ...row, rank: previous && previous.count === row.count ? previous.rank : i + 1 });
  });
  if (sort?.key === 'count' && sort.dir === 'asc') return withRank.reverse();
  return withRank;
}
