import { describe, expect, it } from 'vitest';
import { polarityOfScore, type ReviewTopic, type TopicPolarity } from '@kudo/shared';
import { classifyText } from './local.js';

type Case = [text: string, polarity: 'positive' | 'neutral' | 'negative', topics: Partial<Record<ReviewTopic, TopicPolarity>>];

/** Each case: the text, its overall polarity, and exactly the topics it names with their polarity. */
const CASES: Case[] = [
  // Plain judgements.
  ['They were on time and the price was fair.', 'positive', { punctuality: 1, price: 1 }],
  ['Left a mess in my kitchen.', 'negative', { cleanliness: -1 }],
  ['Rude on the phone and way too expensive.', 'negative', { professionalism: -1, price: -1, communication: -1 }],
  ['Got us in the same day.', 'positive', { scheduling: 1 }],
  ['The leak came back two days later.', 'negative', { quality: -1 }],
  // Negation turns a cue round, within its reach.
  ['They were not on time.', 'negative', { punctuality: -1 }],
  ['Never late, always courteous.', 'positive', { punctuality: 1, professionalism: 1 }],
  ['They did not leave a mess.', 'positive', { cleanliness: 1 }],
  ['Nobody called me back.', 'negative', { communication: -1 }],
  ['They never showed up.', 'negative', { punctuality: -1 }],
  ["Didn't explain anything.", 'negative', { communication: -1 }],
  ['Not what I would call professional.', 'negative', { professionalism: -1 }],
  // A negation held by a longer phrase reaches no further ("could not be happier" … "the work").
  ["Couldn't be happier with the work.", 'positive', {}],
  // "Not only": no negation.
  ["He didn't just fix the problem, he explained how to prevent it.", 'positive', { quality: 1, communication: 1 }],
  // Contrast: praise after "but" outweighs, a complaint after praise makes it mixed.
  ['Pricey but worth it.', 'positive', { price: 0 }],
  ['Late, but did a great job.', 'positive', { punctuality: -1, quality: 1 }],
  ['Good work, but the price went up once they opened the wall.', 'neutral', { quality: 1, price: -1 }],
  ['Everything was great except the price.', 'neutral', { price: -1 }],
  ['The repair did not hold, although they were on time.', 'negative', { quality: -1, punctuality: 1 }],
  // A failed repair outweighs politeness.
  ["Friendly enough. Didn't fix the problem.", 'negative', { professionalism: 1, quality: -1 }],
  // Misspellings and run-together words.
  ['tecnician was ontime and profesional, definately recomend', 'positive', { punctuality: 1, professionalism: 1 }],
  ['showed up late, didnt call, left a mess', 'negative', { punctuality: -1, communication: -1, cleanliness: -1 }],
  // Generic praise or blame names no topic; the trouble called about is not the business's doing.
  ['Highly recommend!', 'positive', {}],
  ['Worst company in town.', 'negative', {}],
  ['Our pipe burst on a freezing Sunday and they fixed it by noon.', 'positive', { quality: 1 }],
  ['Fine.', 'neutral', {}],
  // The service called for is not tidiness; the trouble found is not a failure of the work.
  ['Quick drain cleaning, and Kevin explained what caused it.', 'positive', { communication: 1 }],
  ['She tracked down a hidden leak without tearing the wall out.', 'positive', { quality: 1 }],
];

describe('the local classifier', () => {
  it.each(CASES)('%s', (text, polarity, topics) => {
    const result = classifyText(text);
    expect(result.topics).toEqual(topics);
    expect(polarityOfScore(result.score!)).toBe(polarity);
    expect(result.score).toBeGreaterThanOrEqual(-1);
    expect(result.score).toBeLessThanOrEqual(1);
  });

  it('answers null and no topics for a text without words, and the same result every time', () => {
    expect(classifyText('')).toEqual({ score: null, topics: {} });
    expect(classifyText('  !!! … ')).toEqual({ score: null, topics: {} });
    const text = 'The crew was on time, tidy and fairly priced, but the new faucet drips.';
    expect(classifyText(text)).toEqual(classifyText(text));
  });

  it('reads a long review in a few milliseconds', () => {
    const long = 'The technician arrived on time, explained the repair and cleaned up after himself. '.repeat(40);
    classifyText(long);
    const started = performance.now();
    const result = classifyText(long);
    expect(performance.now() - started).toBeLessThan(250);
    expect(result.topics).toEqual({ punctuality: 1, communication: 1, cleanliness: 1 });
  });
});
