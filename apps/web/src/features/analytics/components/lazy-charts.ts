import { lazy } from 'react';

/**
 * The charts, loaded on first use: Recharts is a chunk of its own that only a shown chart asks for (not the landing
 * page, not the app shell, not even the audit dashboard until its Analytics tab opens).
 */
export const DailyChart = lazy(() => import('./analytics-charts').then((module) => ({ default: module.DailyChart })));

export const CategoryChart = lazy(() =>
  import('./analytics-charts').then((module) => ({ default: module.CategoryChart })),
);
