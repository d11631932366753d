import { describe, expect, it } from 'vitest';
import { nextStep, sliderTone, starsFor, timeAgo } from './pulsecheck-flow.js';

describe('the public flow', () => {
  it('goes mood → sites → rating → review → thank-you by default, skipping sites when there are none', () => {
    expect(nextStep('sentimentOnly-ungated', 'mood', true)).toBe('social-media');
    expect(nextStep('sentimentOnly-ungated', 'mood', false)).toBe('rating');
    expect(nextStep('sentimentOnly-ungated', 'social-media', true)).toBe('rating');
    expect(nextStep('sentimentOnly-ungated', 'rating', true)).toBe('review');
    expect(nextStep('sentimentOnly-ungated', 'review', true)).toBe('thank-you');
  });

  it('puts the sliders first in sliderFirst-ungated and still offers the sites at the end', () => {
    expect(nextStep('sliderFirst-ungated', 'mood', true)).toBe('rating');
    expect(nextStep('sliderFirst-ungated', 'rating', true)).toBe('review');
    expect(nextStep('sliderFirst-ungated', 'review', true)).toBe('social-media');
    expect(nextStep('sliderFirst-ungated', 'review', false)).toBe('thank-you');
    expect(nextStep('sliderFirst-ungated', 'social-media', true)).toBe('thank-you');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms), now);
  it('uses the largest whole unit', () => {
    expect(ago(2_000)).toBe('just now');
    expect(ago(45_000)).toBe('45 seconds ago');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(86_400_000)).toBe('1 day ago');
    expect(ago(14 * 86_400_000)).toBe('2 weeks ago');
    expect(ago(61 * 86_400_000)).toBe('2 months ago');
    expect(ago(400 * 86_400_000)).toBe('1 year ago');
  });
});

describe('stars and slider colours', () => {
  it('turns answers into stars', () => {
    expect(starsFor('positive', null)).toBe(5);
    expect(starsFor('neutral', null)).toBe(3);
    expect(starsFor('negative', null)).toBe(1);
    expect(starsFor('positive', 7)).toBe(4);
    expect(starsFor('negative', 0)).toBe(1);
    expect(starsFor(null, 10)).toBe(5);
  });
  it('colours the slider track', () => {
    expect(sliderTone(6)).toBe('red');
    expect(sliderTone(7)).toBe('blue');
    expect(sliderTone(8)).toBe('blue');
    expect(sliderTone(9)).toBe('green');
  });
});
