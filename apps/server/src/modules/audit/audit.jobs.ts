import type { AnomalyRules } from '@lumen/contract';
import type { FastifyInstance } from 'fastify';
import { anchorAuditChains } from '../../platform/audit.ts';
import { scanAuditStream } from './anomaly.service.ts';

export const AUDIT_SCAN_JOB = 'audit.scan';
/** Writes down each team chain's head (`anchorAuditChains`). */
export const AUDIT_ANCHOR_JOB = 'audit.anchor';
const ANCHOR_INTERVAL_MS = 60 * 60 * 1000;

export interface AnomalyScanOptions {
  rules: AnomalyRules;
  /** How often each instance queues a scan (queued once while one waits, so instances share it). */
  intervalMs?: number;
  /** Entries younger than this wait for the next scan (a transaction may still be open with a smaller seq). */
  lagMs?: number;
}

/**
 * The anomaly detection as background work: the `audit.scan` job reads the audit stream from where the last scan
 * stopped and raises alerts (`anomaly.service.ts`); every instance queues it every few seconds, unique while one waits.
 */
export function registerAuditJobs(app: FastifyInstance, options: AnomalyScanOptions): void {
  const { rules, intervalMs = 5000, lagMs = 2000 } = options;
  app.jobs.register(
    AUDIT_SCAN_JOB,
    async () => {
      await scanAuditStream({ db: app.database.db, realtime: app.realtime, rules, log: app.log }, { lagMs });
    },
    { lane: 'audit' },
  );
  app.jobs.register(
    AUDIT_ANCHOR_JOB,
    async (job) => {
      const anchored = await anchorAuditChains(app.database.db);
      if (anchored > 0) job.log.info({ anchored }, 'audit chains anchored');
    },
    { lane: 'audit' },
  );
  let timer: NodeJS.Timeout | null = null;
  let anchorTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.jobs
        .enqueue(AUDIT_SCAN_JOB, {}, { isUnique: true })
        .catch((error: unknown) => app.log.warn({ err: error }, 'anomaly scan not queued'));
    }, intervalMs);
    timer.unref();
    anchorTimer = setInterval(() => {
      app.jobs
        .enqueue(AUDIT_ANCHOR_JOB, {}, { isUnique: true })
        .catch((error: unknown) => app.log.warn({ err: error }, 'audit anchoring not queued'));
    }, ANCHOR_INTERVAL_MS);
    anchorTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (anchorTimer) clearInterval(anchorTimer);
    timer = null;
    anchorTimer = null;
  });
}
