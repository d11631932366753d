import { describe, expect, it } from 'vitest';
import { SOCIAL_TYPE_LABELS, SOCIAL_TYPES } from './endpoints/social.js';
import { PRODUCT } from './product.js';
import { siteLabel } from './sites.js';

describe('siteLabel', () => {
  it.each([
    ['kudo', PRODUCT.name],
    ['google', 'Google'],
    ['yp', 'Yellow Pages'],
    ['angieslist', 'Angi'],
    ['homestar', 'HomeStars'],
    ['yelp', 'Yelp'],
    ['trustpilot', 'Trustpilot'],
  ])('%s is shown as %s', (key, label) => expect(siteLabel(key)).toBe(label));

  it('names every social link type the same way', () => {
    for (const type of SOCIAL_TYPES) expect(SOCIAL_TYPE_LABELS[type]).toBe(siteLabel(type));
  });
});
