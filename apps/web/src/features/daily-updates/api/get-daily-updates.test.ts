import { describe, expect, it } from 'vitest';
import { CHAT } from '@/config/ui';
import { getDailyUpdatesQueryOptions } from './get-daily-updates';

describe('getDailyUpdatesQueryOptions', () => {
  it('refreshes the server-computed stats every 30 seconds (no simulated growth)', () => {
    expect(CHAT.dailyUpdatesRefreshMs).toBe(30_000);
    expect(getDailyUpdatesQueryOptions().refetchInterval).toBe(30_000);
  });
});
