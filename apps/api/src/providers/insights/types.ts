import type { ReviewTopic, TopicPolarity } from '@kudo/shared';

/** What a review's text says: its sentiment and the topics it speaks of, each with its polarity there. */
export interface Classification {
  /** -1 (negative) to 1 (positive); null for a text without words. */
  score: number | null;
  /** The topics mentioned (keys of REVIEW_TOPICS) and each one's polarity: -1, 0 (mixed or neutral) or 1. */
  topics: Partial<Record<ReviewTopic, TopicPolarity>>;
}

/** A classification and who made it: the local classifier, or the AI service (local when the service failed). */
export interface ClassifiedText extends Classification {
  by: InsightsKind;
}

export type InsightsKind = 'local' | 'anthropic' | 'openai';

/** Reads review texts: the local NLP classifier, or an AI service that falls back to it. */
export interface InsightsProvider {
  readonly kind: InsightsKind;
  /** Never throws for a service failure: the local classifier answers instead (`by` says which did). */
  classify(text: string): Promise<ClassifiedText>;
}
