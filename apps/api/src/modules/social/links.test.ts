import { describe, expect, it } from 'vitest';
import { SOCIAL_SITE_TYPES } from '@kudo/shared';
import { isPermutation, looksLikeSite, nextOrder, orderedAccounts, reviewPageFor, type StoredRow } from './links.js';

const row = (over: Partial<StoredRow> & Pick<StoredRow, 'id' | 'type' | 'sortOrder'>): StoredRow => ({
  homepage: '',
  reviewPage: '',
  title: null,
  ...over,
});

describe('looksLikeSite', () => {
  it('accepts the site and its subdomains', () => {
    expect(looksLikeSite('houzz', 'https://www.houzz.com/pro/demo')).toBe(true);
    expect(looksLikeSite('yp', 'https://www.yellowpages.com/austin-tx/mip/demo')).toBe(true);
    expect(looksLikeSite('angieslist', 'https://www.angi.com/companylist/us/tx/austin/demo.htm')).toBe(true);
    expect(looksLikeSite('google', 'https://www.google.co.uk/maps/place/demo')).toBe(true);
    expect(looksLikeSite('google', 'https://g.page/r/demo/review')).toBe(true);
  });
  it('refuses other sites and look-alike hosts', () => {
    expect(looksLikeSite('houzz', 'https://www.yelp.com/biz/demo')).toBe(false);
    expect(looksLikeSite('facebook', 'https://facebook.com.evil.example/demo')).toBe(false);
    expect(looksLikeSite('bbb', 'https://notbbb.org/x')).toBe(false);
    expect(looksLikeSite('bbb', 'not a url')).toBe(false);
  });
});

describe('reviewPageFor', () => {
  it('adds /reviews to a Facebook page once', () => {
    expect(reviewPageFor('facebook', 'https://www.facebook.com/demoplumbing/')).toBe('https://www.facebook.com/demoplumbing/reviews');
    expect(reviewPageFor('facebook', 'https://www.facebook.com/demoplumbing/reviews')).toBe('https://www.facebook.com/demoplumbing/reviews');
  });
  it('uses the homepage for other sites', () => {
    expect(reviewPageFor('bbb', 'https://www.bbb.org/us/tx/austin/demo')).toBe('https://www.bbb.org/us/tx/austin/demo');
  });
});

describe('orderedAccounts', () => {
  it('lists every site in the default order when nothing is stored', () => {
    const list = orderedAccounts([]);
    expect(list.map((a) => a.key)).toEqual([...SOCIAL_SITE_TYPES]);
    expect(list.map((a) => a.order)).toEqual(SOCIAL_SITE_TYPES.map((_, i) => i));
    expect(list.every((a) => a.id === null && a.homepage === '')).toBe(true);
  });

  it('puts a stored site at its default place and custom links after the sites', () => {
    const list = orderedAccounts([
      row({ id: 7, type: 'custom', sortOrder: 10, title: 'Yelp', homepage: 'https://yelp.com/biz/x' }),
      row({ id: 3, type: 'houzz', sortOrder: 5, homepage: 'https://houzz.com/x' }),
    ]);
    expect(list.map((a) => a.key).slice(5, 7)).toEqual(['houzz', 'nextdoor']);
    expect(list.at(-1)).toMatchObject({ key: 'custom:7', title: 'Yelp', order: 10 });
  });

  it('follows a saved order', () => {
    const saved = ['porch', 'custom:2', ...SOCIAL_SITE_TYPES.filter((t) => t !== 'porch')];
    const rows = saved.map((key, i) =>
      key === 'custom:2' ? row({ id: 2, type: 'custom', sortOrder: i, title: 'T' }) : row({ id: 100 + i, type: key, sortOrder: i }),
    );
    expect(orderedAccounts(rows).map((a) => a.key)).toEqual(saved);
    expect(nextOrder(rows)).toBe(saved.length);
  });
});

describe('isPermutation', () => {
  it('needs every key exactly once', () => {
    expect(isPermutation(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isPermutation(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
