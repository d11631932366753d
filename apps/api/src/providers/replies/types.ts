import type { ReplyTone } from '@kudo/shared';

/** What a reply is written from: the review as the business may speak of it, and the business's voice. */
export interface ReplyRequest {
  /** Seeds the local writer's choices: the same request gets the same words, another review other ones. */
  seed: string;
  /** 1 to 5 stars (a Facebook recommendation is 5, a non-recommendation 1). */
  rating: number;
  /** A Facebook recommendation rather than stars. */
  recommendation: boolean;
  /** The review's words (may be empty). */
  text: string;
  /** The reviewer's first name, when it reads as one; the only detail of the customer a reply may use. */
  firstName: string | null;
  /** The technician's first name, when the review is theirs. */
  technician: string | null;
  /** What the review is about, each with its polarity there (-1, 0, 1); empty until the text is classified. */
  topics: readonly { topic: string; polarity: number }[];
  tone: ReplyTone;
  /** The line the reply ends with. */
  signOff: string;
  business: string;
  /** Words the reply must not contain: the reviewer's names beyond the first. */
  withheld: readonly string[];
}

export type ReplyWriterKind = 'local' | 'anthropic' | 'openai';

export interface WrittenReply {
  text: string;
  by: ReplyWriterKind;
}

/** Writes review replies: the local phrase banks, or an AI service that falls back to them. */
export interface ReplyWriter {
  readonly kind: ReplyWriterKind;
  /** Never throws for a service failure or an answer that breaks the reply rules: the local writer answers instead. */
  write(request: ReplyRequest): Promise<WrittenReply>;
  /** The local writer's words, whatever the service (samples of a voice on the settings screen). */
  local(request: ReplyRequest): string;
}
