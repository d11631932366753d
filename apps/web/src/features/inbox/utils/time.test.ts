import { describe, expect, it } from 'vitest';
import { closeTime, hhmmss, timeAgo } from './time';

describe('inbox time labels', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now - seconds * 1000).toISOString(), now);

  it('uses units from seconds to years, a month being 30 days and a year 365', () => {
    expect(ago(2)).toBe('just now');
    expect(ago(45)).toBe('45 seconds ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(86_400)).toBe('1 day ago');
    expect(ago(14 * 86_400)).toBe('2 weeks ago');
    expect(ago(30 * 86_400)).toBe('1 month ago');
    expect(ago(364 * 86_400)).toBe('12 months ago');
    expect(ago(365 * 86_400)).toBe('1 year ago');
  });

  it('formats time to close as hh:mm:ss from seconds', () => {
    expect(hhmmss(0)).toBe('00:00:00');
    expect(hhmmss(3725)).toBe('01:02:05');
    expect(hhmmss(360_000)).toBe('100:00:00');
  });

  it('shows a dash for a time to close where nothing was closed, and hh:mm:ss otherwise, zero included', () => {
    expect(closeTime(0, false)).toBe('—');
    expect(closeTime(0, true)).toBe('00:00:00');
    expect(closeTime(3725, true)).toBe('01:02:05');
  });
});
