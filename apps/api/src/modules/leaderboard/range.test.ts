import { describe, expect, it } from 'vitest';
import { leaderboardApi, MSG } from '@kudo/shared';
import { campaignPoints, sumStats } from './points.js';
import { leaderboardRange, periodOf } from './range.js';

const { parseHttpDate } = leaderboardApi;

describe('parseHttpDate', () => {
  it('reads the calendar day of an IMF-fixdate', () => {
    expect(parseHttpDate('Mon, 02 Nov 2026 00:00:00 GMT')).toBe('2026-11-02');
    expect(parseHttpDate('Sun, 29 Feb 2032 23:59:59 GMT')).toBe('2032-02-29');
    expect(parseHttpDate(new Date('2026-01-01T00:00:00Z').toUTCString())).toBe('2026-01-01');
  });

  it.each([
    '',
    '2026-11-02',
    '2026-11-02T00:00:00Z',
    'Monday, 02-Nov-26 00:00:00 GMT',
    'Mon Nov  2 00:00:00 2026',
    'Mon, 2 Nov 2026 00:00:00 GMT',
    'Tue, 02 Nov 2026 00:00:00 GMT',
    'Mon, 02 Nov 2026 00:00:00 UTC',
    'mon, 02 nov 2026 00:00:00 GMT',
    'Sat, 29 Feb 2026 00:00:00 GMT',
    'Mon, 02 Nov 2026 24:00:00 GMT',
    'Mon, 02 Nov 2026 00:60:00 GMT',
    ' Mon, 02 Nov 2026 00:00:00 GMT',
    'Thu, 01 Jan 1970 00:00:00 GMT trailing',
  ])('refuses %j', (value) => {
    expect(parseHttpDate(value)).toBeNull();
  });
});

describe('leaderboardRange', () => {
  const today = '2026-11-25';
  it('fills a missing end: to is today, from one month before to', () => {
    expect(leaderboardRange({}, today)).toEqual({ from: '2026-10-25', to: today });
    expect(leaderboardRange({ to: '2026-03-31' }, today)).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(leaderboardRange({ from: '2026-11-25', to: '2026-11-25' }, today)).toEqual({ from: today, to: today });
  });

  it('refuses from after to, naming the field', () => {
    expect(() => leaderboardRange({ from: '2026-11-02', to: '2026-11-01' }, today)).toThrow(MSG.reportDateOrder);
    const thrown = (() => {
      try {
        leaderboardRange({ from: '2026-11-02', to: '2026-11-01' }, today, { from: 'fromDate', to: 'toDate' });
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toMatchObject({ statusCode: 400, errors: { fromDate: MSG.reportDateOrder } });
  });

  it('reaches back to the first of the month 36 months ago, not a day more', () => {
    expect(leaderboardRange({ from: '2023-11-01' }, today).from).toBe('2023-11-01');
    expect(() => leaderboardRange({ from: '2023-10-31' }, today)).toThrow(MSG.reportRangeTooOld('2023-11-01'));
  });
});

describe('periodOf', () => {
  it('gives the Monday-to-Sunday week and the calendar month of a day', () => {
    expect(periodOf('WEEKLY', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('WEEKLY', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('WEEKLY', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('WEEKLY', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodOf('MONTHLY', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('MONTHLY', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('points', () => {
  const zero = { responses: 0, happy: 0, neutral: 0, unhappy: 0, kudoSum: 0, kudoCount: 0, reviewLeads: 0, pchecks: 0, bios: 0, credits: 0 };
  it('gives 1 per response, +1 when positive, +2 per review lead, +5 per social credit', () => {
    expect(campaignPoints({ ...zero, responses: 3, happy: 1, neutral: 1, unhappy: 1, reviewLeads: 2, credits: 1 })).toEqual({ pulseCheck: 4, leads: 4, social: 5, total: 13 });
    expect(campaignPoints({ ...zero, pchecks: 10, bios: 4 }).total).toBe(0);
  });

  it('sums campaigns into a department', () => {
    const total = sumStats([{ ...zero, responses: 2, kudoSum: 15, kudoCount: 2 }, { ...zero, responses: 1, credits: 2, kudoSum: 10, kudoCount: 1 }]);
    expect(total).toMatchObject({ responses: 3, credits: 2, kudoSum: 25, kudoCount: 3 });
    expect(campaignPoints(total).total).toBe(13);
  });
});
