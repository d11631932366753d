import { z } from 'zod';
import { REVIEW_TOPIC_MEANINGS, REVIEW_TOPICS, type ReviewTopic, type TopicPolarity } from '@kudo/shared';
import type { Classification } from './types.js';

/*
 * What the AI classifiers ask and how their answer is read, the same for every vendor: an instruction, the review as
 * the user's message, and an answer in one JSON shape (a forced tool call, or a JSON-schema response format).
 */

export const AI_INSTRUCTIONS = [
  'You read one customer review of a home-services business (plumbers, HVAC, roofers, electricians and the like).',
  'Answer with sentiment_score, from -1 (very negative) to 1 (very positive), 0 for neutral or evenly mixed, and with',
  'the topics the review speaks of, each with its polarity in the review: 1 positive, -1 negative, 0 mixed or neutral.',
  'Mind negation and contrast: "not on time" is punctuality -1; "pricey but worth it" is price 0.',
  'Name a topic only when the text says something about it; generic praise ("great service") names none. The topics:',
  ...REVIEW_TOPICS.map((t) => `- ${t}: ${REVIEW_TOPIC_MEANINGS[t]}`),
].join('\n');

/** The answer's JSON schema (strict: every property required, no others). */
export const AI_ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    sentiment_score: { type: 'number', description: '-1 to 1' },
    topics: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          topic: { type: 'string', enum: [...REVIEW_TOPICS] },
          polarity: { type: 'integer', enum: [-1, 0, 1] },
        },
        required: ['topic', 'polarity'],
        additionalProperties: false,
      },
    },
  },
  required: ['sentiment_score', 'topics'],
  additionalProperties: false,
} as const;

const answer = z.object({
  sentiment_score: z.number().finite(),
  topics: z.array(z.object({ topic: z.string(), polarity: z.number() })),
});

export class AiAnswerError extends Error {}

/** The service's answer as a classification; anything off the schema is an error (and the local classifier answers). */
export function readAiAnswer(value: unknown): Classification {
  const parsed = answer.safeParse(value);
  if (!parsed.success) throw new AiAnswerError(`The classifier's answer did not fit the schema: ${parsed.error.issues[0]?.message ?? ''}`);
  const topics: Partial<Record<ReviewTopic, TopicPolarity>> = {};
  for (const { topic, polarity } of parsed.data.topics) {
    if (!(REVIEW_TOPICS as readonly string[]).includes(topic)) continue;
    topics[topic as ReviewTopic] = (Math.sign(Math.round(polarity)) || 0) as TopicPolarity;
  }
  const score = Math.round(Math.max(-1, Math.min(1, parsed.data.sentiment_score)) * 1000) / 1000;
  return { score, topics: Object.fromEntries(REVIEW_TOPICS.filter((t) => t in topics).map((t) => [t, topics[t]])) };
}

/** A review's text as sent: its length bounded (a review is at most 5,000 characters where typed in the product). */
export const aiInput = (text: string) => text.slice(0, 8000);
