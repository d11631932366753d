import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { polarityOfScore, REVIEW_TOPICS, type ReviewTopic, type TopicPolarity } from '@kudo/shared';
import { classifyText } from './local.js';

interface Labelled {
  text: string;
  polarity: 'positive' | 'neutral' | 'negative';
  topics: Partial<Record<ReviewTopic, TopicPolarity>>;
}

const set: Labelled[] = JSON.parse(fs.readFileSync(new URL('./fixtures/labelled-reviews.json', import.meta.url), 'utf8')).reviews;

/** The least the local classifier must reach on the labelled set. */
const MIN_TOPIC_MACRO_F1 = 0.75;
const MIN_POLARITY_ACCURACY = 0.85;

describe('the local classifier on the labelled reviews', () => {
  it('holds a varied set of at least 300 labelled texts, every label a known topic or polarity', () => {
    expect(set.length).toBeGreaterThanOrEqual(300);
    expect(new Set(set.map((r) => r.text)).size).toBe(set.length);
    for (const r of set) {
      expect(['positive', 'neutral', 'negative']).toContain(r.polarity);
      for (const [topic, polarity] of Object.entries(r.topics)) {
        expect(REVIEW_TOPICS).toContain(topic);
        expect([-1, 0, 1]).toContain(polarity);
      }
    }
    // Every topic and every polarity is well represented.
    for (const topic of REVIEW_TOPICS) expect(set.filter((r) => topic in r.topics).length, topic).toBeGreaterThanOrEqual(30);
    for (const polarity of ['positive', 'neutral', 'negative']) expect(set.filter((r) => r.polarity === polarity).length, polarity).toBeGreaterThanOrEqual(30);
  });

  it(`finds the topics (macro F1 ≥ ${MIN_TOPIC_MACRO_F1}) and the polarity (accuracy ≥ ${MIN_POLARITY_ACCURACY})`, () => {
    const counts = Object.fromEntries(REVIEW_TOPICS.map((t) => [t, { tp: 0, fp: 0, fn: 0, agree: 0 }]));
    let polarityRight = 0;
    for (const review of set) {
      const result = classifyText(review.text);
      if (polarityOfScore(result.score ?? 0) === review.polarity) polarityRight += 1;
      for (const topic of REVIEW_TOPICS) {
        const c = counts[topic]!;
        const labelled = review.topics[topic];
        const found = result.topics[topic];
        if (labelled !== undefined && found !== undefined) {
          c.tp += 1;
          if (labelled === found) c.agree += 1;
        } else if (found !== undefined) c.fp += 1;
        else if (labelled !== undefined) c.fn += 1;
      }
    }
    const lines = ['topic            precision  recall  F1     polarity agreed'];
    let f1Sum = 0;
    for (const topic of REVIEW_TOPICS) {
      const { tp, fp, fn, agree } = counts[topic]!;
      const precision = tp / (tp + fp || 1);
      const recall = tp / (tp + fn || 1);
      const f1 = (2 * precision * recall) / (precision + recall || 1);
      f1Sum += f1;
      lines.push(`${topic.padEnd(16)} ${precision.toFixed(3).padStart(9)} ${recall.toFixed(3).padStart(7)} ${f1.toFixed(3).padStart(6)}  ${(agree / (tp || 1)).toFixed(3)}`);
    }
    const macroF1 = f1Sum / REVIEW_TOPICS.length;
    const accuracy = polarityRight / set.length;
    lines.push(`topics macro F1 ${macroF1.toFixed(3)}; polarity accuracy ${accuracy.toFixed(3)} (${polarityRight} of ${set.length})`);
    console.log(lines.join('\n'));
    expect(macroF1).toBeGreaterThanOrEqual(MIN_TOPIC_MACRO_F1);
    expect(accuracy).toBeGreaterThanOrEqual(MIN_POLARITY_ACCURACY);
  });
});
