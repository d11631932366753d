import OpenAI from 'openai';
import { AI_ANSWER_SCHEMA, AI_INSTRUCTIONS, AiAnswerError, aiInput, readAiAnswer } from './ai.js';
import type { AiOptions } from './anthropic.js';
import type { Classification } from './types.js';

/** OpenAI's chat completions through the official SDK, answering in the classification's JSON schema (strict). */
export function openaiClassifier(options: AiOptions): (text: string) => Promise<Classification> {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.maxRetries ?? 2,
  });
  return async (text) => {
    const completion = await client.chat.completions.create({
      model: options.model,
      temperature: 0,
      messages: [
        { role: 'system', content: AI_INSTRUCTIONS },
        { role: 'user', content: aiInput(text) },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'review_classification', strict: true, schema: AI_ANSWER_SCHEMA as unknown as Record<string, unknown> },
      },
    });
    const content = completion.choices[0]?.message.content;
    if (!content) throw new AiAnswerError('The classifier answered without the classification.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new AiAnswerError('The classifier answered with something other than JSON.');
    }
    return readAiAnswer(parsed);
  };
}
