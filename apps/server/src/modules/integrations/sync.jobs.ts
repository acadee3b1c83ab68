import type { FastifyInstance } from 'fastify';
import { closeInterruptedSyncRun } from './integrations.repository.ts';
import { enqueueScheduledSyncs, type IntegrationsRuntime, SYNC_JOB } from './integrations.service.ts';
import { runSync } from './sync.service.ts';

/** The job queue lane of syncs (`platform/jobs.ts`). */
export const SYNC_LANE = 'integrations.sync';

/**
 * The sync's job handler on `app.jobs`, and the schedule: every `SYNC_INTERVAL_MINUTES` each instance queues a sync of
 * every connection that can sync. Queueing is unique per connection while one waits, so several instances (or a user
 * asking at the same time) queue it once; the timer never keeps the process alive.
 */
export function registerIntegrationJobs(app: FastifyInstance, rt: IntegrationsRuntime): void {
  // Syncs have their own lane: a first sync of thousands of files takes minutes, and an upload's ingestion must not
  // wait for it.
  app.jobs.register<{ connectionId: string }>(
    SYNC_JOB,
    async (job) => {
      await runSync(rt, job.payload.connectionId, job.log, { isTakingOver: job.wasInterrupted, signal: job.signal });
    },
    {
      lane: SYNC_LANE,
      onAbandoned: (job) => closeInterruptedSyncRun(rt.db, job.payload.connectionId),
    },
  );

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      enqueueScheduledSyncs(rt).catch((error: unknown) => rt.log.warn({ err: error }, 'scheduled syncs not queued'));
    }, rt.connectors.syncIntervalMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
}
