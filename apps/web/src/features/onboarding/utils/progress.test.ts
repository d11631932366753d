import { describe, expect, it } from 'vitest';
import { allowedStep, trialTypeOf } from './progress';
import { sendHeadline } from './steps';

describe('onboarding steps', () => {
  it('never goes beyond the furthest step reached', () => {
    expect(allowedStep(4, { step: 2, furthest: 2, source: null })).toBe(2);
    expect(allowedStep(3, { step: 3, furthest: 4, source: null })).toBe(3);
  });

  it('allows going back, except from the finish to step 4 or below, which goes to add-to-contacts', () => {
    expect(allowedStep(2, { step: 4, furthest: 4, source: null })).toBe(2);
    expect(allowedStep(2, { step: 5, furthest: 5, source: null })).toBe(3);
    expect(allowedStep(4, { step: 5, furthest: 5, source: null })).toBe(3);
    expect(allowedStep(5, { step: 5, furthest: 5, source: null })).toBe(5);
  });

  it('takes the trial type from the source', () => {
    expect(trialTypeOf('lite')).toBe('lite');
    expect(trialTypeOf(null)).toBe('mvo');
    expect(trialTypeOf('partner')).toBe('mvo');
  });
});

describe('the send headline', () => {
  const counts = (success: number, error: number) => ({ standby: 0, pending: 0, success, error });
  it('reads Ready to send?, Sending..., then All sent! or X/Y pulseChecks sent', () => {
    expect(sendHeadline(null)).toBe('Ready to send?');
    expect(sendHeadline({ status: 'running', total: 3, counts: counts(1, 0) })).toBe('Sending...');
    expect(sendHeadline({ status: 'waiting', total: 3, counts: counts(0, 0) })).toBe('Sending...');
    expect(sendHeadline({ status: 'done', total: 3, counts: counts(3, 0) })).toBe('All sent!');
    expect(sendHeadline({ status: 'done', total: 3, counts: counts(2, 1) })).toBe('2/3 pulseChecks sent');
  });
});
