/**
 * Automated messages go out only inside the location's sending window (08:00 to 21:00 local time);
 * outside it they wait for the window's next opening.
 */
export const SEND_WINDOW = { startHour: 8, endHour: 21 } as const;
export type SendWindow = { startHour: number; endHour: number };

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(date: Date, timeZone: string): LocalParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Minutes the zone is ahead of UTC at that instant (negative west of Greenwich). */
function offsetMinutes(date: Date, timeZone: string): number {
  const p = localParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a local wall-clock time in the zone (the later one if the clock skips it). */
function zonedTime(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let guess = new Date(wall - offsetMinutes(new Date(wall), timeZone) * 60_000);
  // A second pass settles the offset when the first guess fell on the other side of a DST change.
  guess = new Date(wall - offsetMinutes(guess, timeZone) * 60_000);
  return guess;
}

export function isInsideSendWindow(now: Date, timeZone: string, window: SendWindow = SEND_WINDOW): boolean {
  const { hour } = localParts(now, timeZone);
  return hour >= window.startHour && hour < window.endHour;
}

/** `now` when it is inside the window, otherwise the window's next opening in the location's time zone. */
export function nextSendTime(now: Date, timeZone: string, window: SendWindow = SEND_WINDOW): Date {
  if (isInsideSendWindow(now, timeZone, window)) return now;
  const p = localParts(now, timeZone);
  if (p.hour < window.startHour) return zonedTime(p.year, p.month, p.day, window.startHour, timeZone);
  // After the window: tomorrow's opening (Date.UTC rolls the day over month and year ends).
  const tomorrow = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  return zonedTime(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), window.startHour, timeZone);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function localDate(date: Date, timeZone: string): string {
  const p = localParts(date, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant a local calendar day (YYYY-MM-DD) begins in the zone. */
export function startOfLocalDay(ymd: string, timeZone: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return zonedTime(y, m, d, 0, timeZone);
}

/** The instant a local calendar day (YYYY-MM-DD) reaches a wall-clock hour in the zone. */
export function localHourOfDay(ymd: string, hour: number, timeZone: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return zonedTime(y, m, d, hour, timeZone);
}
