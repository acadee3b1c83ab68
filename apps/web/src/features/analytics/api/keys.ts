import type { AnalyticsPeriod } from '@lumen/contract';

/** The analytics query keys: each period is its own query; `all` covers every one (a goals change refetches them). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  team: (period: AnalyticsPeriod) => ['analytics', 'team', period] as const,
};
