/** Day boundaries and durations, in one place: "today" is the caller's day, from their UTC offset. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the caller's local day, as an instant; `offsetMinutes` as the browser's getTimezoneOffset(). */
export function startOfLocalDay(now: Date, offsetMinutes: number): Date {
  const local = new Date(now.getTime() - offsetMinutes * 60_000);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnightLocal + offsetMinutes * 60_000);
}

export function daysFrom(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}
