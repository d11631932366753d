/** The time-ago units of the inbox (a year is 365 days, a month 30 days), largest first. */
const UNITS: [string, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '5 minutes ago', '1 year ago', 'just now'. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 5) return 'just now';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** Seconds as hh:mm:ss (hours may pass 99). */
export function hhmmss(total: number): string {
  const s = Math.max(0, Math.round(total));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** A time to close as hh:mm:ss, or a dash where no conversation was closed (00:00:00 would read as closed at once). */
export function closeTime(seconds: number, anyClosed: boolean): string {
  return anyClosed ? hhmmss(seconds) : '—';
}

/** A message's time in the location's zone: 'Mar 4, 2:05 PM'. */
export function messageTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The 'yyyy-mm-dd' of a date in the browser's zone. */
export const isoDay = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
