/**
 * Every date and time the app shows, in one place so that the same kind of moment reads the same on every screen.
 * Each takes the reader's language (i18n.language); an invalid date gives '' rather than 'Invalid Date'.
 */

function toDate(iso: string | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(iso: string | undefined, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(iso);
  return date ? new Intl.DateTimeFormat(language, options).format(date) : '';
}

/** A day in the medium style ('Mar 4, 2026', '4 mars 2026'), in the browser's time zone. */
export function formatDate(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium' });
}

/** A calendar day without a time zone (a due date, YYYY-MM-DD) in the medium style: 'Sep 30, 2026'. */
export function formatCalendarDay(day: string, language: string): string {
  // Read and formatted in UTC, so the day never shifts with the browser's time zone.
  return format(`${day}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The short month and day ('Nov 21', '21 nov.'), for lists grouped by recent days. */
export function formatMonthDay(iso: string, language: string): string {
  return format(iso, language, { month: 'short', day: 'numeric' });
}

/** A day and time with a short month: 'Nov 21, 2026, 10:00 AM'. */
export function formatDateTime(iso: string, language: string): string {
  return format(iso, language, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A deadline spelled out: 'March 8, 2026 at 10:00 AM'. */
export function formatLongDateTime(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'long', timeStyle: 'short' });
}

/** The full local date and time the language uses by default (a tooltip next to a relative time). */
export function formatFullDateTime(iso: string, language: string): string {
  const date = toDate(iso);
  return date ? date.toLocaleString(language) : '';
}

/** A message's time as hh:mm on a 24-hour clock; empty for a missing or invalid date. */
export function formatMessageTime(iso: string | undefined, language: string): string {
  return format(iso, language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/**
 * A space file's upload time as the spec shows it, always en-US whatever the UI language: 'Nov 21, 2026, 10:05 AM'.
 * `timeZone` defaults to the browser's (tests pin it).
 */
export function formatFileDate(iso: string, timeZone?: string): string {
  return (
    format(iso, 'en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    })
      // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same and compares simply.
      .replace(/\u202f/g, ' ')
  );
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '2 hours ago', 'hace 2 horas'…; under a minute gives `justNow`. */
export function formatRelativeTime(iso: string, language: string, justNow: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return justNow;
}
