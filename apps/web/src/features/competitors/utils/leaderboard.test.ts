import type { CompetitorData } from '@kudo/shared';
import { describe, expect, it } from 'vitest';
import { formatAddress, leaderboardRows } from './leaderboard';

const address = (street: string) => ({ street, city: 'Austin', state: 'TX', country: 'US', zipcode: '78701' });
const competitor = (id: string, name: string, count: number | null, rating: number | null = 4.5) => ({
  name,
  count,
  rating,
  address: address(`${id} Main St`),
  competitor: { competitor_id: id },
  place_id: id,
});

const DATA: CompetitorData = {
  self: { name: 'Demo Plumbing Austin', place_id: 'self-place', rating: 4.8, count: 120, address: address('1 Congress Ave') },
  competitor_list: [competitor('a', 'Alpha Plumbing', 80), competitor('b', 'Beta Rooter', 300), competitor('c', 'Cedar Pipes', 80), competitor('d', 'Delta Drains', null, null)],
  max_competitor: 7,
};

describe('leaderboardRows', () => {
  it('ranks by review count, most first, with ties sharing a rank and unknown counts last', () => {
    const rows = leaderboardRows(DATA, { key: 'count', dir: 'desc' });
    expect(rows.map((r) => [r.rank, r.name, r.self])).toEqual([
      [1, 'Beta Rooter', false],
      [2, 'Demo Plumbing Austin', true],
      [3, 'Alpha Plumbing', false],
      [3, 'Cedar Pipes', false],
      [5, 'Delta Drains', false],
    ]);
  });

  it('sorted ascending, the ranks stay with their businesses', () => {
    const rows = leaderboardRows(DATA, { key: 'count', dir: 'asc' });
    expect(rows.map((r) => `${r.rank} ${r.name}`)).toEqual(['5 Delta Drains', '3 Cedar Pipes', '3 Alpha Plumbing', '2 Demo Plumbing Austin', '1 Beta Rooter']);
  });

  it('leaves the location out when it has no place and writes addresses from their parts', () => {
    expect(leaderboardRows({ ...DATA, self: null }, null).some((r) => r.self)).toBe(false);
    expect(formatAddress(address('1 Main St'))).toBe('1 Main St, Austin, TX 78701');
    expect(formatAddress({ street: '', city: 'Dallas', state: '', country: 'US', zipcode: '' })).toBe('Dallas');
  });
});
