import type { AnomalyRules } from '@lumen/contract';
import type { FastifyInstance } from 'fastify';
import { scanAuditStream } from './anomaly.service.ts';

export const AUDIT_SCAN_JOB = 'audit.scan';

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
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.jobs
        .enqueue(AUDIT_SCAN_JOB, {}, { isUnique: true })
        .catch((error: unknown) => app.log.warn({ err: error }, 'anomaly scan not queued'));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
}
