/** The me module: the caller's role state and their Daily Updates. */
export { dailyUpdatesRoutes } from './daily-updates.routes.ts';
export { meRoutes } from './me.routes.ts';
