/** The audit dashboard's API (issue #14): the team's log read, exported and verified by its admins. */
export { auditRoutes } from './audit.routes.ts';
