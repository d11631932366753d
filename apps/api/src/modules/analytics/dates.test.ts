import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { addMonths, daysOf, dispatchingRange, earliestReportDay, localDay, monthLabel, reportRange, resolveRange } from './dates.js';

describe('date ranges', () => {
  it('defaults the missing end: to is today, from one month before to; from after to becomes to', () => {
    expect(resolveRange({}, '2026-11-25')).toEqual({ from: '2026-10-25', to: '2026-11-25' });
    expect(resolveRange({ to_date: '2026-03-31' }, '2026-11-25')).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(resolveRange({ from_date: '2026-05-01' }, '2026-11-25')).toEqual({ from: '2026-05-01', to: '2026-11-25' });
    expect(resolveRange({ from_date: '2026-06-10', to_date: '2026-06-01' }, '2026-11-25')).toEqual({ from: '2026-06-01', to: '2026-06-01' });
  });

  it('adds months within shorter months and across years', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('starts reports at most 36 months back, on the first of that month', () => {
    expect(earliestReportDay('2026-11-25')).toBe('2023-11-01');
    expect(reportRange({ from_date: '2023-11-01' }, '2026-11-25').from).toBe('2023-11-01');
    expect(() => reportRange({ from_date: '2023-10-31' }, '2026-11-25')).toThrow(MSG.reportRangeTooOld('2023-11-01'));
  });

  it('keeps dispatching ranges to 6 months', () => {
    expect(dispatchingRange({ from_date: '2026-05-25', to_date: '2026-11-25' }, '2026-11-25')).toEqual({ from: '2026-05-25', to: '2026-11-25' });
    expect(() => dispatchingRange({ from_date: '2026-05-24', to_date: '2026-11-25' }, '2026-11-25')).toThrow(MSG.dispatchingRangeTooLong);
  });

  it('lists days and reads instants in the zone', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(localDay(new Date('2026-03-02T05:30:00Z'), 'America/Chicago')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-02T06:30:00Z'), 'America/Chicago')).toBe('2026-03-02');
    expect(monthLabel('2026-11-01')).toBe('Nov 2026');
  });
});
