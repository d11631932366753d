import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { dispatchingErrorMessage, dispatchingPresets, ratingsInOrder, usageSeries } from './dispatching';

describe('dispatching', () => {
  it("says the server's message, or to try again later when there is none to say", () => {
    const tooLong = 'The date range may be at most 6 months. Please choose a shorter range.';
    expect(dispatchingErrorMessage(new ApiError(400, tooLong))).toBe(tooLong);
    expect(dispatchingErrorMessage(new ApiError(0, 'Could not reach the server.'))).toBe('Please try again later');
    expect(dispatchingErrorMessage(new ApiError(500, 'Something went wrong'))).toBe('Please try again later');
    expect(dispatchingErrorMessage(new Error('boom'))).toBe('Please try again later');
  });

  it('offers ranges that end today and reach back at most 6 months', () => {
    const presets = dispatchingPresets(new Date(2026, 10, 25));
    expect(presets.map((p) => [p.label, p.from, p.to])).toEqual([
      ['Last 7 days', '2026-11-19', '2026-11-25'],
      ['Last 30 days', '2026-10-27', '2026-11-25'],
      ['Last 3 months', '2026-08-26', '2026-11-25'],
      ['Last 6 months', '2026-05-26', '2026-11-25'],
    ]);
  });

  it('puts emails and SMS side by side per day', () => {
    const emails = { value: 3, trend: { date_index: ['2026-11-01', '2026-11-02'], values: [1, 2] } };
    const sms = { value: 4, trend: { date_index: ['2026-11-02', '2026-11-03'], values: [3, 1] } };
    expect(usageSeries(emails, sms)).toEqual([
      { day: '2026-11-01', Emails: 1, SMS: 0 },
      { day: '2026-11-02', Emails: 2, SMS: 3 },
      { day: '2026-11-03', Emails: 0, SMS: 1 },
    ]);
  });

  it('orders the ratings as the screen lists them', () => {
    expect(ratingsInOrder([{ value: 4.5 }, { value: 4 }, { value: null }])).toEqual([
      { label: 'Professionalism', value: 4 },
      { label: 'How likely are you to recommend us?', value: 4.5 },
      { label: 'Quality of Service', value: null },
    ]);
  });
});
