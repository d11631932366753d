import { describe, expect, it } from 'vitest';
import { MAX_WAIT_SECONDS, preferredWait } from './review-requests.js';

describe('preferredWait (Prefer: wait=N)', () => {
  it('reads the wait among other preferences, capped', () => {
    expect(preferredWait('wait=5')).toBe(5);
    expect(preferredWait('respond-async, wait=3')).toBe(3);
    expect(preferredWait('return=minimal; WAIT = "7"')).toBe(7);
    expect(preferredWait('wait=600')).toBe(MAX_WAIT_SECONDS);
    expect(preferredWait(['handling=lenient', 'wait=2'])).toBe(2);
  });

  it('ignores what it cannot read, and no wait at all', () => {
    for (const header of [undefined, '', 'wait', 'wait=soon', 'wait=-1', 'wait=0', 'respond-async', 'await=5']) expect(preferredWait(header)).toBeNull();
  });
});
