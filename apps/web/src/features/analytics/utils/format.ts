/**
 * How the analytics read their figures, in the reader's language. The analytics' days are UTC days ('2026-11-03'), so
 * they are read and written in UTC: a day never shifts with the browser's time zone.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function toUtcDate(day: string): Date | null {
  const date = new Date(DAY_PATTERN.test(day) ? `${day}T00:00:00Z` : day);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type AnalyticsFormat = {
  /** A day on an axis or in a table: 'Nov 3', '3 nov.'. */
  day: (day: string) => string;
  /** A day with its year, for the period's bounds: 'Nov 3, 2026'. */
  fullDay: (day: string) => string;
  /** A count: '1,250', '1 250'. */
  number: (value: number) => string;
  /** A share given in percent (0 to 100): '42%', '42 %', at most one decimal. */
  percent: (value: number) => string;
  /** A duration given in milliseconds, in seconds: '1.2s'. */
  seconds: (ms: number) => string;
};

export function createAnalyticsFormat(language: string): AnalyticsFormat {
  const dayFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const fullDayFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const numberFormat = new Intl.NumberFormat(language);
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const secondsFormat = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'narrow',
    maximumFractionDigits: 1,
  });
  const formatDate = (format: Intl.DateTimeFormat) => (day: string) => {
    const date = toUtcDate(day);
    return date ? format.format(date) : day;
  };
  return {
    day: formatDate(dayFormat),
    fullDay: formatDate(fullDayFormat),
    number: (value) => numberFormat.format(value),
    percent: (value) => percentFormat.format(value / 100),
    seconds: (ms) => secondsFormat.format(ms / 1000),
  };
}

/** `part` as a share of `whole` in percent, or null when there is no whole to share. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}
