import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * The server as `main.ts` starts it, for tests that kill it with SIGKILL (crash-recovery.test.ts). One addition: the
 * job lease can be shortened (`TEST_JOB_LEASE_MS`), so the lease path on a PostgreSQL server is seen in seconds.
 */
const config = loadConfig();
const leaseMs = Number(process.env.TEST_JOB_LEASE_MS ?? 0);
const app = await buildApp(
  config,
  leaseMs > 0
    ? { jobs: { leaseMs, heartbeatMs: Math.ceil(leaseMs / 4), sweepIntervalMs: Math.ceil(leaseMs / 4) } }
    : {},
);
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info('crash-server listening');
