import Anthropic from '@anthropic-ai/sdk';
import { AI_ANSWER_SCHEMA, AI_INSTRUCTIONS, AiAnswerError, aiInput, readAiAnswer } from './ai.js';
import type { Classification } from './types.js';

export interface AiOptions {
  apiKey: string;
  model: string;
  baseUrl?: string | undefined;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
  maxRetries?: number;
}

const TOOL = 'record_review_classification';

/** Claude through the official SDK: the answer is a forced call of one tool whose input is the classification. */
export function anthropicClassifier(options: AiOptions): (text: string) => Promise<Classification> {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 2,
  });
  return async (text) => {
    const message = await client.messages.create({
      model: options.model,
      max_tokens: 400,
      system: AI_INSTRUCTIONS,
      messages: [{ role: 'user', content: aiInput(text) }],
      tools: [{ name: TOOL, description: "Records the review's sentiment and topics.", input_schema: AI_ANSWER_SCHEMA as unknown as Anthropic.Tool.InputSchema }],
      tool_choice: { type: 'tool', name: TOOL },
    });
    const call = message.content.find((block) => block.type === 'tool_use' && block.name === TOOL);
    if (!call || call.type !== 'tool_use') throw new AiAnswerError('The classifier answered without the classification.');
    return readAiAnswer(call.input);
  };
}
