import { describe, expect, it } from 'vitest';
import { localFeed, localFeedProfile } from '../../providers/local-reviews.js';
import { addressParts } from '../../providers/places/address.js';
import { mentionedCampaigns, namesMatch } from './credit.js';
import { backoffMs } from './sync.js';

const campaigns = [
  { id: 1, name: 'Mike Torres' },
  { id: 2, name: 'Sarah Nguyen' },
  { id: 3, name: "Kevin O'Brien" },
  { id: 4, name: 'Mike Adams' },
  { id: 5, name: 'Al Green' },
];

describe('credit suggestions', () => {
  it('finds technicians named in a review, by full name or an unambiguous first name', () => {
    expect(mentionedCampaigns('Sarah was fantastic!', campaigns)).toEqual([2]);
    expect(mentionedCampaigns('SARAH NGUYEN and kevin o’brien came out', campaigns)).toEqual([2, 3]);
    // Two Mikes: only the full name says which.
    expect(mentionedCampaigns('Mike was great', campaigns)).toEqual([]);
    expect(mentionedCampaigns('Mike Torres was great', campaigns)).toEqual([1]);
    // Short first names and parts of words are no mention.
    expect(mentionedCampaigns('All good, alright', campaigns)).toEqual([]);
    expect(mentionedCampaigns('Sarahs', campaigns)).toEqual([]);
    expect(mentionedCampaigns('', campaigns)).toEqual([]);
  });

  it('matches a reviewer to a customer by first and last name or last initial', () => {
    expect(namesMatch('Jennifer Morales', 'jennifer  morales')).toBe(true);
    expect(namesMatch('Jennifer M.', 'Jennifer Morales')).toBe(true);
    expect(namesMatch('José García', 'Jose Garcia')).toBe(true);
    expect(namesMatch('Jennifer', 'Jennifer Morales')).toBe(false);
    expect(namesMatch('Jennifer K.', 'Jennifer Morales')).toBe(false);
    expect(namesMatch('Jenny Morales', 'Jennifer Morales')).toBe(false);
  });

  it('backs off after failures', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([15 * 60_000, 30 * 60_000, 60 * 60_000, 24 * 3600_000]);
  });
});

describe('the local review feed', () => {
  it('is the same for the same moment, newest first, and only grows as time passes', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const a = localFeed('locations/5120000000000000101', now);
    expect(localFeed('locations/5120000000000000101', now)).toEqual(a);
    expect(a.length).toBeGreaterThan(50);
    expect(a.every((r, i) => i === 0 || r.postedAt < a[i - 1]!.postedAt)).toBe(true);
    expect(a.every((r) => r.postedAt <= now)).toBe(true);
    const later = localFeed('locations/5120000000000000101', new Date(now.getTime() + 30 * 86_400_000));
    expect(later.filter((r) => r.postedAt <= now).slice(0, 10)).toEqual(a.slice(0, 10));
    expect(localFeed('unknown', now)).toEqual([]);
    expect(localFeedProfile('locations/5120000000000000101')).toEqual({ rating: 4.8, count: 312 });
  });
});

describe('address parts', () => {
  it('splits a formatted US address', () => {
    expect(addressParts('1200 S Lamar Blvd, Austin, TX 78704, USA')).toEqual({ street: '1200 S Lamar Blvd', city: 'Austin', state: 'TX', country: 'USA', zipcode: '78704' });
    expect(addressParts('Suite 4, 500 Congress Ave, Austin, TX 78701')).toEqual({ street: 'Suite 4, 500 Congress Ave', city: 'Austin', state: 'TX', country: '', zipcode: '78701' });
    expect(addressParts('')).toEqual({ street: '', city: '', state: '', country: '', zipcode: '' });
    expect(addressParts('10 Downing St, London, UK')).toEqual({ street: '10 Downing St', city: 'London', state: '', country: 'UK', zipcode: '' });
  });
});
