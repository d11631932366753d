import { describe, expect, it } from 'vitest';
import { rankBusinesses } from './competitors';

const entry = (name: string, count: number | null, rating: number | null = 4) => ({ name, place_id: `p-${name}`, rating, count });

describe('rankBusinesses', () => {
  it('ranks the location among its competitors by review count, ties sharing a rank', () => {
    const ranked = rankBusinesses({
      self: entry('Us', 40),
      competitor_list: [entry('A', 120), entry('B', 40), entry('C', null), entry('D', 12)],
    });
    expect(ranked.map((b) => [b.rank, b.name, b.self])).toEqual([
      [1, 'A', false],
      [2, 'Us', true],
      [2, 'B', false],
      [4, 'D', false],
      [5, 'C', false],
    ]);
  });

  it('lists the competitors alone when the location has no profile figures', () => {
    expect(rankBusinesses({ self: null, competitor_list: [entry('A', 3)] }).map((b) => b.name)).toEqual(['A']);
  });
});
