import Anthropic from '@anthropic-ai/sdk';
import { readAiReply, replyInput, replyInstructions } from './ai.js';
import type { ReplyRequest } from './types.js';

export interface ReplyAiOptions {
  apiKey: string;
  model: string;
  baseUrl?: string | undefined;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
  maxRetries?: number;
}

/** Claude through the official SDK: the rules as the system prompt, the review as the user's message. */
export function anthropicReplyWriter(options: ReplyAiOptions): (request: ReplyRequest) => Promise<string> {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 2,
  });
  return async (request) => {
    const message = await client.messages.create({
      model: options.model,
      max_tokens: 600,
      system: replyInstructions(request),
      messages: [{ role: 'user', content: replyInput(request) }],
    });
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
    return readAiReply(text, request);
  };
}
