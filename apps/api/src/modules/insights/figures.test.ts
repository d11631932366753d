import { describe, expect, it } from 'vitest';
import { excerptOf, rankTopics, shareOf, storeSpans, strongestAndWeakest } from './figures.js';

describe('shares', () => {
  it('are four decimals, and 0 of nothing', () => {
    expect(shareOf(1, 3)).toBe(0.3333);
    expect(shareOf(2, 3)).toBe(0.6667);
    expect(shareOf(0, 0)).toBe(0);
  });
});

describe('rankTopics', () => {
  it('ranks known topics by mentions, ties in the order of REVIEW_TOPICS, and drops the unmentioned and unknown', () => {
    const ranked = rankTopics([
      { topic: 'quality', mentions: 4, positive: 3, negative: 1 },
      { topic: 'punctuality', mentions: 4, positive: 0, negative: 4 },
      { topic: 'price', mentions: 9, positive: 3, negative: 3 },
      { topic: 'warranty', mentions: 50, positive: 50, negative: 0 },
      { topic: 'scheduling', mentions: 0, positive: 0, negative: 0 },
    ]);
    expect(ranked.map((r) => r.topic)).toEqual(['price', 'punctuality', 'quality']);
    expect(ranked[0]).toEqual({ topic: 'price', mentions: 9, positive: 3, negative: 3, positive_share: 0.3333, negative_share: 0.3333 });
  });
});

describe('strongestAndWeakest', () => {
  const c = (topic: string, mentions: number, positive: number, negative: number) => ({ topic, mentions, positive, negative });

  it('takes the highest and lowest net share among topics with enough mentions', () => {
    const { strongest, weakest } = strongestAndWeakest([c('price', 10, 9, 1), c('quality', 20, 10, 10), c('cleanliness', 4, 0, 4), c('punctuality', 5, 1, 3)], 5);
    expect(strongest).toEqual({ topic: 'price', mentions: 10, positive_share: 0.9, negative_share: 0.1, net_share: 0.8 });
    expect(weakest).toEqual({ topic: 'punctuality', mentions: 5, positive_share: 0.2, negative_share: 0.6, net_share: -0.4 });
  });

  it('breaks ties by mentions, then by the order of REVIEW_TOPICS', () => {
    const tied = strongestAndWeakest([c('quality', 5, 5, 0), c('price', 10, 10, 0), c('cleanliness', 10, 10, 0), c('scheduling', 5, 0, 5), c('punctuality', 10, 0, 10)], 5);
    expect([tied.strongest?.topic, tied.weakest?.topic]).toEqual(['price', 'punctuality']);
  });

  it('has no weakest with a single topic over the threshold or all of them level, and neither with none', () => {
    expect(strongestAndWeakest([c('professionalism', 7, 6, 1), c('quality', 7, 6, 1)], 5)).toMatchObject({ strongest: { topic: 'professionalism' }, weakest: null });
    expect(strongestAndWeakest([c('price', 5, 0, 5), c('quality', 4, 4, 0)], 5)).toMatchObject({ strongest: { topic: 'price' }, weakest: null });
    expect(strongestAndWeakest([c('price', 4, 0, 4)], 5)).toEqual({ strongest: null, weakest: null });
  });
});

describe('quotes', () => {
  it('keep a short text whole and cut a long one at a word', () => {
    expect(excerptOf('  On time,\n and tidy.  ')).toBe('On time, and tidy.');
    const long = `${'The plumber explained every step of the repair '.repeat(5)}and left.`;
    const cut = excerptOf(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1).endsWith(' ')).toBe(false);
  });
});

describe('storeSpans', () => {
  it('reads whole months from the monthly store and the days around them from the daily one', () => {
    expect(storeSpans({ from: '2025-11-27', to: '2026-11-27' })).toEqual({
      from: '2025-11-27', headTo: '2025-11-30', fullFrom: '2025-12-01', fullUntil: '2026-11-01', tailFrom: '2026-11-01', to: '2026-11-27',
    });
    // Whole months only: both daily parts are empty (their start after their end).
    expect(storeSpans({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01', headTo: '2025-12-31', fullFrom: '2026-01-01', fullUntil: '2026-04-01', tailFrom: '2026-04-01', to: '2026-03-31',
    });
  });

  it('reads a range without a whole month from the daily store alone', () => {
    for (const range of [{ from: '2026-03-05', to: '2026-03-20' }, { from: '2026-01-15', to: '2026-02-10' }]) {
      const spans = storeSpans(range);
      expect(spans).toMatchObject({ from: range.from, headTo: range.to });
      expect(spans.fullFrom).toBe(spans.fullUntil);
      expect(spans.tailFrom > spans.to).toBe(true);
    }
  });
});
