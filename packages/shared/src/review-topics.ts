/**
 * What a review's text is about: one list of home-services topics, the same for the classifier, the reviews table's
 * filter, the export and the public API. A review's topics are stored as these keys (`reviews.topics`), each with its
 * polarity in the review (`reviews.topic_sentiments`: -1 negative, 0 mixed or neutral, 1 positive).
 */
export const REVIEW_TOPICS = ['punctuality', 'price', 'professionalism', 'quality', 'cleanliness', 'communication', 'scheduling'] as const;
export type ReviewTopic = (typeof REVIEW_TOPICS)[number];

export const REVIEW_TOPIC_LABELS: Record<ReviewTopic, string> = {
  punctuality: 'Punctuality',
  price: 'Price',
  professionalism: 'Professionalism',
  quality: 'Quality',
  cleanliness: 'Cleanliness',
  communication: 'Communication',
  scheduling: 'Scheduling',
};

/** What each topic covers, as the classifiers (local lexicon and AI prompt) and the labelled set read it. */
export const REVIEW_TOPIC_MEANINGS: Record<ReviewTopic, string> = {
  punctuality: 'arriving when promised: on time, late, early, no-show, waiting for the technician on the day',
  price: 'cost, quotes and estimates, fees, the bill, value for money',
  professionalism: "the crew's conduct and expertise: courtesy, honesty, respect, knowledge, pressure to upsell",
  quality: 'the workmanship and its result: fixed or not, done right, lasting, thorough',
  cleanliness: 'tidiness during and after the job: mess, cleanup, shoe covers, debris',
  communication: 'explanations, updates, calls and texts, answering questions, being kept informed',
  scheduling: 'getting an appointment: availability, booking, same-day service, rescheduling, cancellations',
};

export const isReviewTopic = (value: unknown): value is ReviewTopic => typeof value === 'string' && (REVIEW_TOPICS as readonly string[]).includes(value);

/** A topic's polarity in one review: negative, mixed or neutral, positive. */
export type TopicPolarity = -1 | 0 | 1;

/**
 * A text sentiment score (-1 to 1) read as a polarity: at least this far from 0 is positive or negative, nearer is
 * neutral (or mixed).
 */
export const SENTIMENT_SCORE_THRESHOLD = 0.2;

export function polarityOfScore(score: number): 'positive' | 'neutral' | 'negative' {
  if (score >= SENTIMENT_SCORE_THRESHOLD) return 'positive';
  return score <= -SENTIMENT_SCORE_THRESHOLD ? 'negative' : 'neutral';
}
