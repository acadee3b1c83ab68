import { describe, expect, it } from 'vitest';
import { formatFileDate } from './format-file-date';

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
