import { describe, expect, it } from 'vitest';
import { absoluteUrl, averageRating, googleReviewsUrl } from './data.js';

describe('widget data helpers', () => {
  it('averages to one decimal, 0 without reviews', () => {
    expect(averageRating(176, 40)).toBe(4.4);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBe(0);
  });
  it('resolves app paths against the public URL and keeps absolute ones', () => {
    expect(absoluteUrl('/demo/campaigns/mike.svg', 'https://app.kudo.example')).toBe('https://app.kudo.example/demo/campaigns/mike.svg');
    expect(absoluteUrl('https://res.cloudinary.com/x.jpg', 'https://app.kudo.example')).toBe('https://res.cloudinary.com/x.jpg');
    expect(absoluteUrl('', 'https://app.kudo.example')).toBe('');
  });
  it('links a place id to its Google reviews', () => {
    expect(googleReviewsUrl('ChIJ a&b')).toBe('https://search.google.com/local/reviews?placeid=ChIJ%20a%26b');
  });
});
