import type { Config } from '../../config.js';
import { anthropicClassifier, type AiOptions } from './anthropic.js';
import { classifyText, hasWords, localInsightsProvider } from './local.js';
import { openaiClassifier } from './openai.js';
import type { Classification, InsightsKind, InsightsProvider } from './types.js';

export type { Classification, ClassifiedText, InsightsKind, InsightsProvider } from './types.js';

/** After this many failures in a row the service is left alone for a while: the local classifier answers meanwhile. */
const FAILURES_BEFORE_PAUSE = 3;
const PAUSE_MS = 60_000;

export interface FallbackOptions {
  /** Told of each failure (the worker logs it). */
  onFailure?: (error: unknown) => void;
  now?: () => number;
}

/**
 * An AI classifier that never fails the caller: when the service errs (down, refused, timed out, an answer off the
 * schema) the local classifier answers, and the review records `local` as its classifier. Three failures in a row
 * pause the service for a minute, so a backfill does not wait on a dead service for every review.
 */
export function withLocalFallback(kind: Exclude<InsightsKind, 'local'>, ai: (text: string) => Promise<Classification>, options: FallbackOptions = {}): InsightsProvider {
  const now = options.now ?? Date.now;
  let failures = 0;
  let pausedUntil = 0;
  return {
    kind,
    async classify(text) {
      // A text without words has nothing to ask about.
      if (!hasWords(text) || now() < pausedUntil) return { ...classifyText(text), by: 'local' };
      try {
        const result = await ai(text);
        failures = 0;
        return { ...result, by: kind };
      } catch (error) {
        failures += 1;
        if (failures >= FAILURES_BEFORE_PAUSE) {
          pausedUntil = now() + PAUSE_MS;
          failures = 0;
        }
        options.onFailure?.(error);
        return { ...classifyText(text), by: 'local' };
      }
    },
  };
}

/** The AI service named by INSIGHTS_AI when its key is set (falling back to the local one), else the local classifier. */
export function createInsightsProvider(config: Config, options: FallbackOptions & Partial<Pick<AiOptions, 'timeoutMs' | 'maxRetries'>> = {}): InsightsProvider {
  const ai = config.insights.ai;
  if (!ai) return localInsightsProvider();
  const aiOptions: AiOptions = { apiKey: ai.apiKey, model: ai.model, baseUrl: ai.baseUrl, ...pick(options) };
  const classify = ai.vendor === 'anthropic' ? anthropicClassifier(aiOptions) : openaiClassifier(aiOptions);
  return withLocalFallback(ai.vendor, classify, options);
}

const pick = (o: Partial<Pick<AiOptions, 'timeoutMs' | 'maxRetries'>>) => ({
  ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
  ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
});
