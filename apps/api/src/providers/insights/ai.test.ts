import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { anthropicClassifier } from './anthropic.js';
import { createInsightsProvider, withLocalFallback } from './index.js';
import { classifyText } from './local.js';
import { openaiClassifier } from './openai.js';

interface Captured {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** Stand-ins for Anthropic's Messages API and OpenAI's Chat Completions on 127.0.0.1. */
let server: http.Server;
let base: string;
let captured: Captured[] = [];
/** What the next answers are: a classification, an HTTP error, or an answer off the schema. */
let mode: 'ok' | 'error' | 'garbage' = 'ok';

const classification = { sentiment_score: -0.62, topics: [{ topic: 'punctuality', polarity: -1 }, { topic: 'price', polarity: 0 }, { topic: 'weather', polarity: 1 }] };

const send = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      captured.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : null });
      if (mode === 'error') return send(res, 500, { type: 'error', error: { type: 'api_error', message: 'Overloaded' } });
      if (req.url === '/v1/messages') {
        return send(res, 200, {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-test',
          content: mode === 'garbage' ? [{ type: 'text', text: 'I think it is negative.' }] : [{ type: 'tool_use', id: 'toolu_1', name: 'record_review_classification', input: classification }],
          stop_reason: mode === 'garbage' ? 'end_turn' : 'tool_use',
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 10 },
        });
      }
      if (req.url === '/v1/chat/completions') {
        return send(res, 200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-test',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: mode === 'garbage' ? '{"sentiment_score": "very bad"}' : JSON.stringify(classification) } }],
        });
      }
      return send(res, 404, { error: { message: 'not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  captured = [];
  mode = 'ok';
});

const TEXT = 'They were two hours late. The price was okay, I guess.';

describe('the Anthropic classifier (official SDK)', () => {
  it('asks Claude with the key, the model, the instructions and a forced tool call, and reads the tool input', async () => {
    const classify = anthropicClassifier({ apiKey: 'sk-ant-test', model: 'claude-test', baseUrl: base, maxRetries: 0 });
    expect(await classify(TEXT)).toEqual({ score: -0.62, topics: { punctuality: -1, price: 0 } });
    expect(captured).toHaveLength(1);
    const [call] = captured;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v1/messages');
    // This SDK version sends the key as a bearer token (older ones used x-api-key).
    expect(call!.headers.authorization ?? `Bearer ${call!.headers['x-api-key']}`).toBe('Bearer sk-ant-test');
    expect(call!.headers['anthropic-version']).toBeTruthy();
    expect(call!.body.model).toBe('claude-test');
    expect(call!.body.messages).toEqual([{ role: 'user', content: TEXT }]);
    expect(call!.body.system).toContain('punctuality: arriving when promised');
    expect(call!.body.tool_choice).toEqual({ type: 'tool', name: 'record_review_classification' });
    expect(call!.body.tools[0].input_schema.properties.topics.items.properties.topic.enum).toEqual(['punctuality', 'price', 'professionalism', 'quality', 'cleanliness', 'communication', 'scheduling']);
  });

  it('fails on an error answer and on an answer without the tool call', async () => {
    const classify = anthropicClassifier({ apiKey: 'k', model: 'm', baseUrl: base, maxRetries: 0 });
    mode = 'error';
    await expect(classify(TEXT)).rejects.toThrow();
    mode = 'garbage';
    await expect(classify(TEXT)).rejects.toThrow('without the classification');
  });
});

describe('the OpenAI classifier (official SDK)', () => {
  it('asks with the key, the model and a strict JSON schema, and reads the JSON answer', async () => {
    const classify = openaiClassifier({ apiKey: 'sk-test', model: 'gpt-test', baseUrl: `${base}/v1`, maxRetries: 0 });
    expect(await classify(TEXT)).toEqual({ score: -0.62, topics: { punctuality: -1, price: 0 } });
    const [call] = captured;
    expect(call!.path).toBe('/v1/chat/completions');
    expect(call!.headers.authorization).toBe('Bearer sk-test');
    expect(call!.body.model).toBe('gpt-test');
    expect(call!.body.messages).toEqual([
      { role: 'system', content: expect.stringContaining('scheduling: getting an appointment') },
      { role: 'user', content: TEXT },
    ]);
    expect(call!.body.response_format.type).toBe('json_schema');
    expect(call!.body.response_format.json_schema.strict).toBe(true);
  });

  it('fails on an answer off the schema', async () => {
    mode = 'garbage';
    await expect(openaiClassifier({ apiKey: 'k', model: 'm', baseUrl: `${base}/v1`, maxRetries: 0 })(TEXT)).rejects.toThrow('did not fit the schema');
  });
});

describe('the configured provider', () => {
  it('is the local classifier without INSIGHTS_AI, or without the key it names', async () => {
    for (const env of [{}, { INSIGHTS_AI: 'anthropic' }, { INSIGHTS_AI: 'openai', ANTHROPIC_API_KEY: 'k' }]) {
      const provider = createInsightsProvider(loadConfig(env));
      expect(provider.kind).toBe('local');
      expect(await provider.classify(TEXT)).toEqual({ ...classifyText(TEXT), by: 'local' });
    }
    expect(captured).toHaveLength(0);
  });

  it.each([
    ['anthropic', { INSIGHTS_AI: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant', INSIGHTS_AI_MODEL: 'claude-x' }, '/v1/messages', ''],
    ['openai', { INSIGHTS_AI: 'openai', OPENAI_API_KEY: 'sk-oa' }, '/v1/chat/completions', '/v1'],
  ] as const)('uses %s with its key, and falls back to the local classifier when the service fails', async (kind, env, path, suffix) => {
    const failures: unknown[] = [];
    const baseKey = kind === 'anthropic' ? 'ANTHROPIC_BASE_URL' : 'OPENAI_BASE_URL';
    const provider = createInsightsProvider(loadConfig({ ...env, [baseKey]: `${base}${suffix}` }), { maxRetries: 0, onFailure: (e) => failures.push(e) });
    expect(provider.kind).toBe(kind);
    expect(await provider.classify(TEXT)).toEqual({ score: -0.62, topics: { punctuality: -1, price: 0 }, by: kind });
    expect(captured.map((c) => c.path)).toEqual([path]);
    if (kind === 'anthropic') expect(captured[0]!.body.model).toBe('claude-x');
    else expect(captured[0]!.body.model).toBe('gpt-4o-mini');

    mode = 'error';
    expect(await provider.classify(TEXT)).toEqual({ ...classifyText(TEXT), by: 'local' });
    mode = 'garbage';
    expect(await provider.classify(TEXT)).toEqual({ ...classifyText(TEXT), by: 'local' });
    expect(failures).toHaveLength(2);
    // A text without words is not sent.
    captured = [];
    expect(await provider.classify(' … ')).toEqual({ score: null, topics: {}, by: 'local' });
    expect(captured).toHaveLength(0);
  });

  it('falls back when the service cannot be reached, and leaves it alone for a minute after three failures in a row', async () => {
    let now = 1_000_000;
    let calls = 0;
    const provider = withLocalFallback(
      'openai',
      async (text) => {
        calls += 1;
        return openaiClassifier({ apiKey: 'k', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0, timeoutMs: 2000 })(text);
      },
      { now: () => now },
    );
    for (let i = 0; i < 3; i++) expect((await provider.classify(TEXT)).by).toBe('local');
    expect(calls).toBe(3);
    expect(await provider.classify(TEXT)).toEqual({ ...classifyText(TEXT), by: 'local' });
    expect(calls).toBe(3);
    now += 61_000;
    await provider.classify(TEXT);
    expect(calls).toBe(4);
  });
});
