import { describe, expect, it } from 'vitest';
import { analyticsApi } from '@kudo/shared';
import { summarise } from './dispatching.js';
import { emptyDay } from './dispatch-days.js';
import { gain, halvedStars, kudoIndex, percent, starsFromSentiment } from './scores.js';

describe('scores', () => {
  it('Kudo Index: the mean of the answers’ means, integer when whole, one decimal otherwise, none without answers', () => {
    expect(kudoIndex(27, 3)).toBe(9);
    expect(kudoIndex(25, 3)).toBe(8.3);
    expect(kudoIndex(0, 0)).toBeNull();
  });

  it('percent strings with 2 decimals; sliders halved to stars', () => {
    expect(percent(1, 3)).toBe('33.33%');
    expect(percent(2, 3)).toBe('66.67%');
    expect(percent(0, 0)).toBe('0.00%');
    expect(halvedStars(17, 2)).toBe(4.3);
    expect(halvedStars(0, 0)).toBeNull();
  });

  it('sentiment from stars and stars from sentiment', () => {
    expect([5, 4, 3, 2, 1].map(analyticsApi.sentimentFromStars)).toEqual(['positive', 'positive', 'neutral', 'negative', 'negative']);
    expect(starsFromSentiment('neutral')).toBe(3);
  });

  it('gains since joining', () => {
    expect(gain({ count: 120, ratings: 4.8 }, { count: 100, ratings: 4.5 })).toEqual({ count: 20, ratings: 0.3 });
    expect(gain({ count: 3, ratings: null }, { count: 1, ratings: 4 })).toEqual({ count: 2, ratings: null });
  });
});

describe('dispatching summary', () => {
  it('adds up the days, fills missing days with zero and keeps the trend in day order', () => {
    const d1 = { ...emptyDay('2026-11-01'), pcheckSms: 3, participants: 2, happy: 1, unhappy: 1, kudoIndexSum: 17, kudoIndexCount: 2, slider0Sum: 18, slider0Count: 2, reviewLeads: 1, contactCards: 2 };
    const d3 = { ...emptyDay('2026-11-03'), pcheckSms: 1, bioEmail: 2, participants: 1, neutral: 1, kudoIndexSum: 6, kudoIndexCount: 1, slider0Sum: 6, slider0Count: 1 };
    const { data, meta } = summarise({ from: '2026-11-01', to: '2026-11-03' }, [d1, d3], 5);
    expect(meta).toEqual({ from_date: '2026-11-01', to_date: '2026-11-03' });
    expect(data.pulse_checks_participant_count.value).toBe(3);
    expect(data.kudo_index.value).toBe(7.7);
    expect(data.sliders).toEqual([{ value: 4 }, { value: null }, { value: null }]);
    expect(data.happy_count).toEqual({ value: 1, percent: '33.33%' });
    expect(data.neutral_count).toEqual({ value: 1, percent: '33.33%' });
    expect(data.pulse_check_sms_count).toEqual({ value: 4, trend: { date_index: ['2026-11-01', '2026-11-02', '2026-11-03'], values: [3, 0, 1] } });
    expect(data.bio_email_count.trend.values).toEqual([0, 0, 2]);
    expect(data.review_leads.value).toBe(1);
    expect(data.contact_card_count.value).toBe(2);
    expect(data.qrcode_total_count.value).toBe(5);
  });
});
