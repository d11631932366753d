import type { CampaignItem } from '@kudo/shared';

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Campaigns whose name or department contains every word of the query (case and accents ignored). */
export function filterCampaigns<C extends Pick<CampaignItem, 'name' | 'department'>>(campaigns: readonly C[], query: string): C[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...campaigns];
  return campaigns.filter((c) => {
    const text = fold(`${c.name} ${c.department}`);
    return words.every((w) => text.includes(w));
  });
}
