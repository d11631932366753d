import { describe, expect, it } from 'vitest';
import { bioPath, CUSTOMER_PAGE_RE, flowPath, matchCustomerPath, pulseCheckPath, samplePath } from './customer-pages.js';

const token = 'Tok_en-1234';
const uid = 'camp1234';

describe('matchCustomerPath', () => {
  it.each([
    [`/pulsecheck/${token}`, { name: 'select-campaign', token }],
    [`/pulsecheck/${token}/`, { name: 'select-campaign', token }],
    [`/kudo/application/campaign/${token}/default`, { name: 'select-campaign', token }],
    [`/pulsecheck/${token}/${uid}`, { name: 'flow', token, campaignUid: uid, step: 'mood' }],
    [`/pulsecheck/${token}/${uid}/rating`, { name: 'flow', token, campaignUid: uid, step: 'rating' }],
    [`/pulsecheck/${token}/${uid}/thank-you`, { name: 'flow', token, campaignUid: uid, step: 'thank-you' }],
    [`/kudo/application/pulsecheck/${uid}/${token}`, { name: 'flow', token, campaignUid: uid, step: 'mood' }],
    [`/sample-pulsecheck/${uid}`, { name: 'sample', campaignUid: uid }],
    [`/view-bio/${uid}`, { name: 'bio', campaignUid: uid }],
    [`/kudo/application/bio/${uid}`, { name: 'bio', campaignUid: uid }],
    [`/public/bio/${uid}`, { name: 'bio', campaignUid: uid }],
    [`/pulsecheck/${token}/${uid}/other`, { name: 'not-found' }],
    ['/pulsecheck/abc', { name: 'not-found' }],
    [`/pulsecheck/${token}%3Cb%3E`, { name: 'not-found' }],
    ['/', { name: 'not-found' }],
  ])('%s', (path, route) => expect(matchCustomerPath(path)).toEqual(route));

  it('reads back every link it builds', () => {
    expect(matchCustomerPath(pulseCheckPath(token))).toEqual({ name: 'select-campaign', token });
    expect(matchCustomerPath(flowPath(token, uid, 'review'))).toEqual({ name: 'flow', token, campaignUid: uid, step: 'review' });
    expect(matchCustomerPath(samplePath(uid))).toEqual({ name: 'sample', campaignUid: uid });
    expect(matchCustomerPath(bioPath(uid))).toEqual({ name: 'bio', campaignUid: uid });
    for (const path of [pulseCheckPath(token), flowPath(token, uid, 'mood'), samplePath(uid), bioPath(uid), `/kudo/application/pulsecheck/${uid}/${token}`]) {
      expect(CUSTOMER_PAGE_RE.test(path)).toBe(true);
    }
    expect(CUSTOMER_PAGE_RE.test('/pulsecheck-wizard/preview-pulsecheck')).toBe(false);
  });
});
