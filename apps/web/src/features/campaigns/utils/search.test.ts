import { describe, expect, it } from 'vitest';
import { filterCampaigns } from './search';

const list = [
  { name: 'Mike Torres', department: 'Plumbing' },
  { name: 'José Ramírez', department: 'Drains' },
  { name: "Kevin O'Brien", department: 'Drains' },
];

describe('filterCampaigns', () => {
  it('keeps everything for a blank query', () => {
    expect(filterCampaigns(list, '  ')).toEqual(list);
  });

  it('matches the name or the department, ignoring case and accents', () => {
    expect(filterCampaigns(list, 'drains').map((c) => c.name)).toEqual(['José Ramírez', "Kevin O'Brien"]);
    expect(filterCampaigns(list, 'jose').map((c) => c.name)).toEqual(['José Ramírez']);
    expect(filterCampaigns(list, 'MIKE').map((c) => c.name)).toEqual(['Mike Torres']);
  });

  it('needs every word to match', () => {
    expect(filterCampaigns(list, 'kevin drains').map((c) => c.name)).toEqual(["Kevin O'Brien"]);
    expect(filterCampaigns(list, 'kevin plumbing')).toEqual([]);
  });
});
