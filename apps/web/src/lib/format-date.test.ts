import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatFileDate,
  formatLongDateTime,
  formatMessageTime,
  formatMonthDay,
  formatRelativeTime,
} from './format-date';

describe('formatFileDate', () => {
  it('shows the en-US short month, day, year, hour and minute', () => {
    expect(formatFileDate('2026-11-21T10:05:00.000Z', 'UTC')).toBe('Nov 21, 2026, 10:05 AM');
    expect(formatFileDate('2026-03-01T22:30:00.000Z', 'UTC')).toBe('Mar 1, 2026, 10:30 PM');
  });

  it('follows the given time zone', () => {
    expect(formatFileDate('2026-11-21T10:05:00.000Z', 'America/New_York')).toBe('Nov 21, 2026, 5:05 AM');
  });

  it('shows nothing for an invalid date', () => {
    expect(formatFileDate('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('formats in the UI language and gives nothing for an invalid date', () => {
    expect(formatDate('2026-03-04T12:00:00.000Z', 'en')).toBe('Mar 4, 2026');
    expect(formatDate('2026-03-04T12:00:00.000Z', 'de')).toBe('04.03.2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('formatCalendarDay', () => {
  it('shows the day itself, whatever the time zone', () => {
    expect(formatCalendarDay('2026-09-30', 'en')).toBe('Sep 30, 2026');
    expect(formatCalendarDay('2026-01-01', 'en')).toBe('Jan 1, 2026');
  });
});

describe('formatMonthDay', () => {
  it('shows the short month and day in the UI language', () => {
    expect(formatMonthDay(new Date(2026, 10, 19, 12).toISOString(), 'en')).toBe('Nov 19');
    expect(formatMonthDay(new Date(2026, 10, 19, 12).toISOString(), 'de')).toBe('19. Nov.');
  });
});

describe('formatDateTime and formatLongDateTime', () => {
  it('include the day and the time', () => {
    const iso = new Date(2026, 10, 21, 10, 0).toISOString();
    expect(formatDateTime(iso, 'en').replace(/\u202f/g, ' ')).toBe('Nov 21, 2026, 10:00 AM');
    expect(formatLongDateTime(iso, 'en').replace(/\u202f/g, ' ')).toBe('November 21, 2026 at 10:00 AM');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('formatMessageTime', () => {
  it('shows hh:mm on a 24-hour clock, and nothing without a date', () => {
    expect(formatMessageTime(new Date(2026, 10, 21, 14, 5).toISOString(), 'en')).toBe('14:05');
    expect(formatMessageTime(undefined, 'en')).toBe('');
    expect(formatMessageTime('not a date', 'en')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');

  it('names the largest whole unit, in the UI language', () => {
    expect(formatRelativeTime('2026-11-21T10:00:00.000Z', 'en', 'just now', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2026-11-20T12:00:00.000Z', 'en', 'just now', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-21T10:00:00.000Z', 'es', 'ahora', now)).toBe('hace 2 horas');
  });

  it('says just now under a minute', () => {
    expect(formatRelativeTime('2026-11-21T11:59:30.000Z', 'en', 'just now', now)).toBe('just now');
  });
});
