import { describe, expect, it } from 'vitest';
import { latestDuePeriod, reportDueNow, previousPeriod, type ReportFrequency } from './schedule.js';

const localParts = (instant: Date, timeZone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );

/** Runs the schedule every `stepMinutes` between two instants, sending each key once, as the claim table does. */
function simulate(frequency: ReportFrequency, timeZone: string, from: string, to: string, stepMinutes = 60) {
  const sent = new Map<string, { at: Date; to: string }>();
  for (let t = Date.parse(from); t <= Date.parse(to); t += stepMinutes * 60_000) {
    const due = reportDueNow(frequency, new Date(t), timeZone);
    if (due && !sent.has(due.period.from)) sent.set(due.period.from, { at: new Date(t), to: due.period.to });
  }
  return [...sent.entries()].map(([start, v]) => ({ start, end: v.to, at: v.at, local: localParts(v.at, timeZone) }));
}

describe('report schedule', () => {
  it('sends each week once, on Monday at 08:00 local, across the autumn DST change (Chicago)', () => {
    // Clocks go back on Sunday 1 November 2026 in the US.
    const sends = simulate('weekly', 'America/Chicago', '2026-10-19T00:00:00Z', '2026-11-17T00:00:00Z');
    expect(sends.map((s) => [s.start, s.end])).toEqual([
      ['2026-10-12', '2026-10-18'],
      ['2026-10-19', '2026-10-25'],
      ['2026-10-26', '2026-11-01'],
      ['2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
    ]);
    for (const s of sends) expect([s.local.weekday, s.local.hour, s.local.minute]).toEqual(['Mon', '08', '00']);
    // 08:00 CDT is 13:00 UTC before the change, 08:00 CST 14:00 UTC after it.
    expect(sends[1]!.at.toISOString()).toBe('2026-10-26T13:00:00.000Z');
    expect(sends[3]!.at.toISOString()).toBe('2026-11-09T14:00:00.000Z');
  });

  it('keeps 08:00 local across the spring change and in zones with half-hour offsets', () => {
    for (const timeZone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata']) {
      const sends = simulate('weekly', timeZone, '2027-02-28T00:00:00Z', '2027-04-20T00:00:00Z', 15);
      expect(new Set(sends.map((s) => s.start)).size).toBe(sends.length);
      expect(sends.length).toBe(8);
      for (const s of sends) expect([s.local.weekday, s.local.hour, s.local.minute]).toEqual(['Mon', '08', '00']);
    }
  });

  it('crosses the year boundary: the week of New Year and December each go out once', () => {
    const weekly = simulate('weekly', 'America/Chicago', '2026-12-20T00:00:00Z', '2027-01-13T00:00:00Z');
    expect(weekly.map((s) => s.start)).toEqual(['2026-12-14', '2026-12-21', '2026-12-28', '2027-01-04'].slice(0, weekly.length));
    expect(weekly.find((s) => s.start === '2026-12-28')).toMatchObject({ end: '2027-01-03', local: { year: '2027', month: '01', day: '04', hour: '08' } });

    const monthly = simulate('monthly', 'America/Chicago', '2026-10-15T00:00:00Z', '2027-02-15T00:00:00Z');
    expect(monthly.map((s) => [s.start, s.end])).toEqual([
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
    ]);
    expect(monthly[2]!.at.toISOString()).toBe('2027-01-01T14:00:00.000Z');
    for (const s of monthly) expect([s.local.day, s.local.hour]).toEqual(['01', '08']);
  });

  it('is not due before 08:00 and skips a report more than a day late', () => {
    const tz = 'America/Chicago';
    // Monday 07:59 CST: the week before last is the latest due, and it is a week late.
    expect(reportDueNow('weekly', new Date('2026-11-09T13:59:00Z'), tz)).toBeNull();
    expect(reportDueNow('weekly', new Date('2026-11-09T14:00:00Z'), tz)?.period).toEqual({ from: '2026-11-02', to: '2026-11-08' });
    expect(reportDueNow('weekly', new Date('2026-11-10T13:59:00Z'), tz)?.period.from).toBe('2026-11-02');
    expect(reportDueNow('weekly', new Date('2026-11-10T14:00:00Z'), tz)).toBeNull();
    expect(latestDuePeriod('weekly', new Date('2026-11-12T12:00:00Z'), tz).period.from).toBe('2026-11-02');
  });

  it('gives the period before for the comparison', () => {
    expect(previousPeriod('weekly', { from: '2027-01-04', to: '2027-01-10' })).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(previousPeriod('monthly', { from: '2027-03-01', to: '2027-03-31' })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });
});
