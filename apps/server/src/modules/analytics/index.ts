/** The team's analytics (issue #14): every figure counted from the database, and the goals against them. */
export { analyticsRoutes } from './analytics.routes.ts';
