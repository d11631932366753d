import type { Config } from '../../config.js';
import { anthropicReplyWriter, type ReplyAiOptions } from './anthropic.js';
import { composeReply, localReplyWriter } from './local.js';
import { openaiReplyWriter } from './openai.js';
import type { ReplyRequest, ReplyWriter, ReplyWriterKind } from './types.js';

export type { ReplyRequest, ReplyWriter, ReplyWriterKind, WrittenReply } from './types.js';

export interface ReplyFallbackOptions {
  /** Told of each failure (the worker and the API log it). */
  onFailure?: (error: unknown) => void;
}

/**
 * An AI writer that never fails the caller: when the service errs (down, refused, timed out) or its reply breaks a
 * rule of replies, the local writer answers and the draft records `local` as its writer.
 */
export function withLocalReplyFallback(kind: Exclude<ReplyWriterKind, 'local'>, ai: (request: ReplyRequest) => Promise<string>, options: ReplyFallbackOptions = {}): ReplyWriter {
  return {
    kind,
    local: composeReply,
    async write(request) {
      try {
        return { text: await ai(request), by: kind };
      } catch (error) {
        options.onFailure?.(error);
        return { text: composeReply(request), by: 'local' };
      }
    },
  };
}

/** The AI service named by REPLY_AI when its key is set (falling back to the local writer), else the local writer. */
export function createReplyWriter(config: Config, options: ReplyFallbackOptions & Partial<Pick<ReplyAiOptions, 'timeoutMs' | 'maxRetries'>> = {}): ReplyWriter {
  const ai = config.replies.ai;
  if (!ai) return localReplyWriter();
  const aiOptions: ReplyAiOptions = {
    apiKey: ai.apiKey,
    model: ai.model,
    baseUrl: ai.baseUrl,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  };
  const write = ai.vendor === 'anthropic' ? anthropicReplyWriter(aiOptions) : openaiReplyWriter(aiOptions);
  return withLocalReplyFallback(ai.vendor, write, options);
}
