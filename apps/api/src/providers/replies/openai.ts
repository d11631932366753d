import OpenAI from 'openai';
import { readAiReply, replyInput, replyInstructions } from './ai.js';
import type { ReplyAiOptions } from './anthropic.js';
import type { ReplyRequest } from './types.js';

/** OpenAI's chat completions through the official SDK: the rules as the system message, the review as the user's. */
export function openaiReplyWriter(options: ReplyAiOptions): (request: ReplyRequest) => Promise<string> {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 2,
  });
  return async (request) => {
    const completion = await client.chat.completions.create({
      model: options.model,
      temperature: 0.7,
      max_tokens: 600,
      messages: [
        { role: 'system', content: replyInstructions(request) },
        { role: 'user', content: replyInput(request) },
      ],
    });
    return readAiReply(completion.choices[0]?.message.content, request);
  };
}
