import { REPLY_TONES, replyFirstName, replyProblems, withheldNames, type ReplyTone } from '@kudo/shared';
import { describe, expect, it } from 'vitest';
import { localFeed } from '../local-reviews.js';
import { composeReply } from './local.js';
import type { ReplyRequest } from './types.js';

const TOPICS = ['punctuality', 'price', 'professionalism', 'quality', 'cleanliness', 'communication', 'scheduling'];

function request(over: Partial<ReplyRequest> = {}): ReplyRequest {
  return {
    seed: 'review-1',
    rating: 5,
    recommendation: false,
    text: 'Great work, on time and tidy.',
    firstName: 'Jennifer',
    technician: 'Mike',
    topics: [],
    tone: 'friendly',
    signOff: 'The Demo Plumbing team',
    business: 'Demo Plumbing',
    withheld: ['Morales'],
    ...over,
  };
}

/** What no local reply may ever say, spelled out beside the shared rules. */
const FORBIDDEN = [
  /discount/i,
  /coupon/i,
  /refund/i,
  /\bfree\b/i,
  /gift/i,
  /% off/i,
  /change your (rating|review)/i,
  /update your (rating|review)/i,
  /\d{3}[\s.-]?\d{4}/,
  /@/,
  /https?:|www\./i,
  /guarantee/i,
  /never happen again/i,
  /our fault/i,
];

describe('the local reply writer', () => {
  it('writes the same reply for the same review every time', () => {
    expect(composeReply(request())).toBe(composeReply(request()));
    expect(composeReply(request({ seed: 'review-2' }))).not.toBe(composeReply(request()));
  });

  it('uses the first name, the technician, the topics and the sign-off', () => {
    const text = composeReply(request({ topics: [{ topic: 'punctuality', polarity: 1 }] }));
    expect(text).toContain('Jennifer');
    expect(text).toContain('Mike');
    expect(text).toMatch(/on time|when we say|timing/);
    expect(text.endsWith('\n\nThe Demo Plumbing team')).toBe(true);
  });

  it('answers a complaint with empathy and an invitation, never the technician', () => {
    const text = composeReply(request({ rating: 1, text: 'Nobody showed up.', topics: [{ topic: 'punctuality', polarity: -1 }] }));
    expect(text).toMatch(/sorry|frustrating/i);
    expect(text).toMatch(/our office directly/);
    expect(text).not.toContain('Mike');
  });

  it('writes different replies for the reviews of the demo feed', () => {
    const feed = localFeed('locations/5120000000000000101', new Date('2026-11-27T12:00:00Z'));
    const replies = feed.map((r) =>
      composeReply(
        request({
          seed: `review-${r.id}`,
          rating: r.stars,
          text: r.text,
          firstName: replyFirstName(r.author),
          withheld: withheldNames(r.author),
          technician: null,
          topics: [],
        }),
      ),
    );
    expect(feed.length).toBeGreaterThan(40);
    // Nearly every review gets words of its own; the module's draft store makes the last few distinct too.
    expect(new Set(replies).size).toBeGreaterThanOrEqual(feed.length - 3);
  });

  it('never offers anything, asks about the rating, gives contact details or names the reviewer beyond the first name', () => {
    const names = [
      ['Jennifer Morales', 'Mike'],
      ['David K.', null],
      ['A Google User', 'Priya'],
      ['Maria Gonzalez Ortega', 'Tasha'],
    ] as const;
    const topicSets = [[], ...TOPICS.map((t) => [t]), TOPICS.slice(0, 3), TOPICS.slice(3)];
    let checked = 0;
    for (const tone of REPLY_TONES as readonly ReplyTone[]) {
      for (const rating of [1, 2, 3, 4, 5]) {
        for (const [i, [author, tech]] of names.entries()) {
          for (const [j, set] of topicSets.entries()) {
            for (const polarity of [1, -1, 0]) {
              for (const text of ['', 'Some words about the visit.']) {
                const r = request({
                  seed: `review-${rating}-${i}-${j}-${polarity}-${text.length}`,
                  tone,
                  rating,
                  recommendation: rating === 5 && j === 0,
                  text,
                  firstName: replyFirstName(author),
                  technician: tech,
                  topics: set.map((topic) => ({ topic, polarity })),
                  withheld: withheldNames(author),
                });
                const reply = composeReply(r);
                expect(replyProblems(reply, r.withheld), reply).toEqual([]);
                for (const pattern of FORBIDDEN) expect(reply, `${pattern}`).not.toMatch(pattern);
                for (const last of withheldNames(author)) expect(reply).not.toContain(last);
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(3 * 5 * 4 * 10 * 3 * 2);
  });

  it('keeps the brief tone short', () => {
    const text = composeReply(request({ tone: 'brief', topics: [{ topic: 'quality', polarity: 1 }, { topic: 'price', polarity: 1 }] }));
    const body = text.split('\n\n')[0]!;
    expect(body.split(/(?<=[.!?])\s/).length).toBeLessThanOrEqual(2);
  });
});
