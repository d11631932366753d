import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { replyProblems } from '@kudo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { REPLY_AI_RULES, ReplyRuleError } from './ai.js';
import { createReplyWriter } from './index.js';
import { composeReply } from './local.js';
import type { ReplyRequest } from './types.js';

/** Anthropic's Messages API and OpenAI's chat completions on 127.0.0.1: records what the official SDKs send. */
let server: http.Server;
let base: string;
let captured: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, any> }[] = [];
let answer = '';
let status = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      captured.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(body || '{}') });
      const send = (code: number, value: unknown) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (status !== 200) return send(status, { type: 'error', error: { type: 'api_error', message: 'overloaded' } });
      if (req.url === '/v1/messages') {
        return send(200, {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-haiku-4-5',
          content: [{ type: 'text', text: answer }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 20 },
        });
      }
      if (req.url === '/v1/chat/completions') {
        return send(200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
        });
      }
      return send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  captured = [];
  status = 200;
  answer = "Thank you so much, Jennifer! We're glad Mike arrived right on time and left everything tidy.";
});

const request: ReplyRequest = {
  seed: 'review-42',
  rating: 5,
  recommendation: false,
  text: 'Mike Torres was on time and tidy. Call me at 512-555-0100!',
  firstName: 'Jennifer',
  technician: 'Mike',
  topics: [
    { topic: 'punctuality', polarity: 1 },
    { topic: 'cleanliness', polarity: 1 },
  ],
  tone: 'professional',
  signOff: 'Dana and the Demo Plumbing team',
  business: 'Demo Plumbing',
  withheld: ['Morales'],
};

const anthropic = (failures: unknown[] = []) =>
  createReplyWriter(loadConfig({ REPLY_AI: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: base }), { maxRetries: 0, onFailure: (e) => failures.push(e) });
const openai = (failures: unknown[] = []) =>
  createReplyWriter(loadConfig({ REPLY_AI: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${base}/v1` }), { maxRetries: 0, onFailure: (e) => failures.push(e) });

describe('AI reply writers', () => {
  it('are chosen by REPLY_AI with their key, else the local writer', () => {
    expect(createReplyWriter(loadConfig({})).kind).toBe('local');
    expect(createReplyWriter(loadConfig({ REPLY_AI: 'anthropic' })).kind).toBe('local');
    expect(anthropic().kind).toBe('anthropic');
    expect(openai().kind).toBe('openai');
    expect(() => loadConfig({ REPLY_AI: 'gemini' })).toThrow(/REPLY_AI/);
  });

  it('Claude is given the written rules, the voice and the review with first names only', async () => {
    const reply = await anthropic().write(request);
    expect(reply.by).toBe('anthropic');
    expect(reply.text).toBe(`${answer}\n\nDana and the Demo Plumbing team`);
    const [call] = captured;
    expect(call?.path).toBe('/v1/messages');
    // The key travels in x-api-key or as a bearer token, as the SDK version sends it.
    expect([call?.headers['x-api-key'], call?.headers.authorization]).toContainEqual(expect.stringContaining('sk-ant-test'));
    expect(call?.body.model).toBe('claude-haiku-4-5');
    const system = call?.body.system as string;
    for (const rule of REPLY_AI_RULES) expect(system).toContain(rule);
    expect(system).toMatch(/16 CFR Part 465/);
    expect(system).toMatch(/Never offer/);
    expect(system).toMatch(/change, update, remove, raise or reconsider their rating/);
    expect(system).toMatch(/Never admit fault/);
    expect(system).toMatch(/Never promise/);
    expect(system).toContain('Voice: professional');
    expect(system).toContain('exactly this sign-off: Dana and the Demo Plumbing team');
    const input = JSON.parse(call?.body.messages[0].content as string);
    expect(input).toMatchObject({ reviewer_first_name: 'Jennifer', technician_first_name: 'Mike', rating: '5 of 5 stars' });
    expect(input.topics).toEqual([
      { topic: 'punctuality', feeling: 'praised' },
      { topic: 'cleanliness', feeling: 'praised' },
    ]);
    expect(JSON.stringify(input)).not.toContain('Morales');
  });

  it('OpenAI gets the same rules as its system message', async () => {
    const reply = await openai().write(request);
    expect(reply).toEqual({ text: `${answer}\n\nDana and the Demo Plumbing team`, by: 'openai' });
    const [call] = captured;
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer sk-test');
    expect(call?.body.model).toBe('gpt-4o-mini');
    const [system, user] = call?.body.messages as { role: string; content: string }[];
    expect(system?.role).toBe('system');
    for (const rule of REPLY_AI_RULES) expect(system?.content).toContain(rule);
    expect(user?.role).toBe('user');
    expect(JSON.parse(user!.content).reviewer_first_name).toBe('Jennifer');
  });

  it('falls back to the local writer when the reply breaks a rule', async () => {
    const failures: unknown[] = [];
    for (const bad of [
      'Thank you, Jennifer! Enjoy 15% off your next visit.',
      'Jennifer, would you consider updating your review to five stars?',
      'Thanks Jennifer Morales, see you soon.',
      'Sorry! Call us at 512-555-0100 and we will make it right.',
      'It was our fault, and this will never happen again.',
    ]) {
      answer = bad;
      const reply = await anthropic(failures).write(request);
      expect(reply).toEqual({ text: composeReply(request), by: 'local' });
      expect(replyProblems(reply.text, request.withheld)).toEqual([]);
    }
    expect(failures).toHaveLength(5);
    expect(failures.every((f) => f instanceof ReplyRuleError)).toBe(true);
  });

  it('falls back to the local writer when the service fails', async () => {
    status = 529;
    const failures: unknown[] = [];
    expect(await anthropic(failures).write(request)).toEqual({ text: composeReply(request), by: 'local' });
    status = 500;
    expect(await openai(failures).write(request)).toEqual({ text: composeReply(request), by: 'local' });
    expect(failures).toHaveLength(2);
  });
});
