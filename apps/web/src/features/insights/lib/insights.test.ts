import { describe, expect, it } from 'vitest';
import { formatNet, formatShare, insightsPresets, quotesByTopic, topicBars, topicReviewsLink, trendPoints, type Insights } from './insights';

const zero = { punctuality: 0, price: 0, professionalism: 0, quality: 0, cleanliness: 0, communication: 0, scheduling: 0 };
const data: Insights = {
  topics: [
    { topic: 'price', mentions: 6, positive: 5, negative: 1, positive_share: 0.8333, negative_share: 0.1667 },
    { topic: 'punctuality', mentions: 5, positive: 1, negative: 3, positive_share: 0.2, negative_share: 0.6 },
  ],
  months: [
    { month: '2026-01', label: 'Jan 2026', mentions: { ...zero, price: 2, punctuality: 1 } },
    { month: '2026-02', label: 'Feb 2026', mentions: { ...zero, price: 4, punctuality: 4 } },
  ],
  quotes: [
    { topic: 'punctuality', polarity: 'negative', transaction_id: 3, source: 'google', excerpt: 'Late.', author: 'A', captured_on: '2026-02-01T10:00:00.000Z' },
    { topic: 'price', polarity: 'positive', transaction_id: 1, source: 'kudo', excerpt: 'Fair.', author: 'B', captured_on: '2026-02-01T10:00:00.000Z' },
  ],
  technicians: [],
  min_mentions: 5,
  meta: { from_date: '2026-01-01', to_date: '2026-02-28' },
};

describe('insights figures', () => {
  it('stack each topic as praised, mixed and blamed mentions', () => {
    expect(topicBars(data.topics)).toEqual([
      { topic: 'price', label: 'Price', Praised: 5, Mixed: 0, Blamed: 1 },
      { topic: 'punctuality', label: 'Punctuality', Praised: 1, Mixed: 1, Blamed: 3 },
    ]);
  });

  it('chart each mentioned topic per month', () => {
    expect(trendPoints(data)).toEqual([
      { month: 'Jan 2026', Price: 2, Punctuality: 1 },
      { month: 'Feb 2026', Price: 4, Punctuality: 4 },
    ]);
  });

  it('pair each topic with its praised and blamed quote', () => {
    expect(quotesByTopic(data).map((q) => [q.topic, q.positive?.transaction_id ?? null, q.negative?.transaction_id ?? null])).toEqual([
      ['price', 1, null],
      ['punctuality', null, 3],
    ]);
  });

  it('write shares as percentages and net shares with their sign', () => {
    expect([formatShare(0.8333), formatShare(0), formatNet(0.6667), formatNet(-0.4), formatNet(0)]).toEqual(['83%', '0%', '+67', '−40', '0']);
  });
});

describe('topicReviewsLink', () => {
  it("opens the reviews screen on the topic, the range and the technician", () => {
    expect(topicReviewsLink('price', { from: '2026-01-01', to: '2026-02-28' }, '')).toBe('/analyze/reviews/customer-reviews?from=2026-01-01&to=2026-02-28&topic=price');
    expect(topicReviewsLink('quality', { from: null, to: null }, 'abc123')).toBe('/analyze/reviews/customer-reviews?campaign=abc123&topic=quality');
  });
});

describe('insightsPresets', () => {
  it('end today and open on the last 12 months', () => {
    const presets = insightsPresets(new Date(2026, 2, 15));
    expect(presets.map((p) => [p.label, p.from, p.to])).toEqual([
      ['Last 30 days', '2026-02-14', '2026-03-15'],
      ['Last 3 months', '2025-12-15', '2026-03-15'],
      ['Last 6 months', '2025-09-15', '2026-03-15'],
      ['Last 12 months', '2025-03-15', '2026-03-15'],
    ]);
  });
});
