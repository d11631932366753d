import type { competitorsApi, EndpointData } from '@kudo/shared';

type PanelData = EndpointData<typeof competitorsApi.dashboard>;
type Entry = NonNullable<PanelData['self']>;

export interface RankedBusiness extends Entry {
  rank: number;
  self: boolean;
}

/**
 * The location among its competitors, ranked by review count (most first; unknown counts last, a tie keeps
 * the server's order with the location first). Ranks are shared by equal counts (1st, 1st, 3rd).
 */
export function rankBusinesses(data: PanelData): RankedBusiness[] {
  const all = [
    ...(data.self ? [{ ...data.self, self: true }] : []),
    ...data.competitor_list.map((c) => ({ ...c, self: false })),
  ];
  const sorted = all
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (y.b.count ?? -1) - (x.b.count ?? -1) || x.i - y.i)
    .map(({ b }) => b);
  return sorted.map((b, i) => {
    const first = sorted.findIndex((o) => (o.count ?? -1) === (b.count ?? -1));
    return { ...b, rank: (first === -1 ? i : first) + 1 };
  });
}
