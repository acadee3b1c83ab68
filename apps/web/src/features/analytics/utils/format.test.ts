import { describe, expect, it } from 'vitest';
import { createAnalyticsFormat, percentOf } from './format';

describe('createAnalyticsFormat', () => {
  it('writes UTC days short, whatever the time zone, and keeps a day it cannot read', () => {
    const en = createAnalyticsFormat('en');
    expect(en.day('2026-11-03')).toBe('Nov 3');
    expect(en.day('2026-01-01')).toBe('Jan 1');
    expect(en.fullDay('2026-11-03')).toBe('Nov 3, 2026');
    expect(en.day('not a day')).toBe('not a day');
    expect(createAnalyticsFormat('de').day('2026-11-03')).toBe('3. Nov.');
  });

  it('writes counts, percentages and seconds in the language', () => {
    const en = createAnalyticsFormat('en');
    expect(en.number(12500)).toBe('12,500');
    expect(en.percent(72.46)).toBe('72.5%');
    expect(en.percent(90)).toBe('90%');
    expect(en.seconds(1234)).toBe('1.2s');
    expect(createAnalyticsFormat('fr').percent(72.5)).toBe('72,5\u00a0%');
  });
});

describe('percentOf', () => {
  it('is the share in percent, or null without a whole', () => {
    expect(percentOf(45, 60)).toBe(75);
    expect(percentOf(0, 0)).toBeNull();
  });
});
