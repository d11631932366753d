// What other areas use of analytics: local days and ranges, the location's clock and the Kudo Index.
export { addDays, addMonths, earliestReportDay, localDay, monthLabel, monthStart, reportRange, type Day, type DayRange } from './dates.js';
export { locationClock } from './location.js';
export { kudoIndex, percent, round2 } from './scores.js';
