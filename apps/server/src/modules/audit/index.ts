/** The audit dashboard's API (issue #14): the team's log read, exported and verified by its admins. */
export { type AnomalyScanOptions, AUDIT_ANCHOR_JOB, AUDIT_SCAN_JOB, registerAuditJobs } from './audit.jobs.ts';
export { auditRoutes } from './audit.routes.ts';
export { percentileOfBuckets, readDailyActiveMembers, readDailyQueries } from './rollups.ts';
