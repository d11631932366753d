import { describe, expect, it } from 'vitest';
import { answerWait, MAX_WAIT_SECONDS } from './review-requests.js';

describe('answerWait (Prefer: respond-async, wait=N)', () => {
  it('waits for the send by default, as version 1 always did', () => {
    for (const header of [undefined, '', 'return=minimal', 'wait', 'wait=soon', 'wait=-1', 'await=5']) {
      expect(answerWait(header)).toEqual({ seconds: MAX_WAIT_SECONDS, applied: null });
    }
  });

  it('reads a wait among other preferences, capped at the default', () => {
    expect(answerWait('wait=5')).toEqual({ seconds: 5, applied: 'wait=5' });
    expect(answerWait('respond-async, wait=3')).toEqual({ seconds: 3, applied: 'wait=3' });
    expect(answerWait('return=minimal; WAIT = "7"')).toEqual({ seconds: 7, applied: 'wait=7' });
    expect(answerWait('wait=600')).toEqual({ seconds: MAX_WAIT_SECONDS, applied: `wait=${MAX_WAIT_SECONDS}` });
    expect(answerWait(['handling=lenient', 'wait=2'])).toEqual({ seconds: 2, applied: 'wait=2' });
  });

  it('answers at once with respond-async, or wait=0', () => {
    expect(answerWait('respond-async')).toEqual({ seconds: null, applied: 'respond-async' });
    expect(answerWait('Respond-Async; handling=strict')).toEqual({ seconds: null, applied: 'respond-async' });
    expect(answerWait('wait=0')).toEqual({ seconds: null, applied: 'wait=0' });
  });
});
