import { describe, expect, it } from 'vitest';
import { isInsideSendWindow, nextSendTime } from './quiet-hours.js';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';

describe('the sending window', () => {
  it('lets a message go at once inside 08:00–21:00 local time', () => {
    const noonNy = new Date('2026-06-10T16:00:00Z'); // 12:00 EDT
    expect(isInsideSendWindow(noonNy, NY)).toBe(true);
    expect(nextSendTime(noonNy, NY)).toEqual(noonNy);
    expect(isInsideSendWindow(new Date('2026-06-10T12:00:00Z'), NY)).toBe(true); // 08:00 sharp
  });

  it('holds an evening message until 08:00 the next morning', () => {
    const ninePm = new Date('2026-06-11T01:00:00Z'); // 21:00 EDT on June 10
    expect(isInsideSendWindow(ninePm, NY)).toBe(false);
    expect(nextSendTime(ninePm, NY).toISOString()).toBe('2026-06-11T12:00:00.000Z');
  });

  it('holds an early message until 08:00 the same day', () => {
    const fiveAm = new Date('2026-01-15T10:00:00Z'); // 05:00 EST
    expect(nextSendTime(fiveAm, NY).toISOString()).toBe('2026-01-15T13:00:00.000Z');
  });

  it('uses each location’s own zone', () => {
    const t = new Date('2026-06-10T13:30:00Z'); // 09:30 in New York, 06:30 in Los Angeles
    expect(isInsideSendWindow(t, NY)).toBe(true);
    expect(nextSendTime(t, LA).toISOString()).toBe('2026-06-10T15:00:00.000Z');
  });

  it('crosses month and year ends and daylight-saving changes', () => {
    expect(nextSendTime(new Date('2027-01-01T03:00:00Z'), NY).toISOString()).toBe('2027-01-01T13:00:00.000Z'); // 22:00 Dec 31
    // The night clocks spring forward (March 8, 2026): 08:00 that morning is already EDT.
    expect(nextSendTime(new Date('2026-03-08T06:00:00Z'), NY).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // The night clocks fall back (November 1, 2026): 08:00 that morning is EST.
    expect(nextSendTime(new Date('2026-11-01T04:30:00Z'), NY).toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });
});

describe('a stricter window', () => {
  it('follows the configured hours', () => {
    const nineAm = new Date('2026-06-10T13:30:00Z'); // 09:30 EDT
    expect(isInsideSendWindow(nineAm, NY, { startHour: 10, endHour: 20 })).toBe(false);
    expect(nextSendTime(nineAm, NY, { startHour: 10, endHour: 20 }).toISOString()).toBe('2026-06-10T14:00:00.000Z');
    expect(isInsideSendWindow(new Date('2026-06-11T03:59:00Z'), NY, { startHour: 0, endHour: 24 })).toBe(true);
  });
});
