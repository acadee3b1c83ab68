/**
 * Analytics and audit queries at scale (issue #14): one team on the embedded database (PGlite, in a temporary data
 * folder) with 1,000,000 audit entries over a year (questions to the assistant, sign-ins, documents opened and
 * deleted, team changes), 100,000 documents (several platforms and types, a third filed in spaces), 100,000 client
 * events, 50,000 team chat messages and 5,000 tasks, seeded in bulk; then each analytics and audit request through the
 * real app (`inject`), timed: p50 and p95 over `--runs` runs each (target p95 <= 200 ms).
 *
 *   npm run analytics -w bench [-- --entries 1000000] [-- --documents 100000] [-- --runs 20] [-- --keep]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { BENCH_ORIGIN, loadBenchConfig, signInBenchUser } from './bench-session.ts';
import { percentile } from './eval-metrics.ts';
import { describeMachineReference } from './machine-reference.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '1000000' },
    documents: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
  },
});
const entryCount = Math.max(1000, Number(args.entries) || 1_000_000);
const documentCount = Math.max(100, Number(args.documents) || 100_000);
const runs = Math.max(3, Number(args.runs) || 20);
const MEMBERS = 50;
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/db/migrations');
const TARGET_P95_MS = 200;

const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-analytics-bench-'));
const config = loadBenchConfig(dataDir);
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const app = await buildApp(config, { database, anomalyScan: { intervalMs: 24 * 60 * 60 * 1000 } });
await app.ready();

try {
  console.log(
    `Analytics bench: ${entryCount.toLocaleString('en')} audit entries, ${documentCount.toLocaleString('en')} documents, ${runs} runs a request`,
  );
  console.log(await describeMachineReference());
  const admin = await signInBenchUser(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie: admin.cookie, origin: BENCH_ORIGIN },
    payload: { name: 'Bench Harbour' },
  });
  if (created.statusCode !== 201) throw new Error(`team not created: ${created.body}`);
  const teamId = (created.json() as { team: { id: string } }).team.id;
  const db = app.database.db;

  const seedStarted = performance.now();
  // Members, spaces.
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, first_name, last_name)
    SELECT 'bench-member-' || i, 'Member ' || i, 'member' || i || '@bench.example', true, 'Member', i::text
    FROM generate_series(1, ${MEMBERS}::int) AS i`);
  await db.execute(sql`
    INSERT INTO user_roles (user_id, team_id, role)
    SELECT 'bench-member-' || i, ${teamId}, (ARRAY['employee','team_lead','viewer'])[1 + i % 3]::role
    FROM generate_series(1, ${MEMBERS}::int) AS i`);
  await db.execute(sql`
    INSERT INTO spaces (team_id, name, slug, is_private, created_by)
    SELECT ${teamId}, 'Space ' || i, 'space-' || i, i % 4 = 0, ${admin.userId} FROM generate_series(1, 20) AS i`);

  // Audit entries over the last year, in batches (a statement of a million rows would hold too much at once).
  const BATCH = 100_000;
  for (let start = 0; start < entryCount; start += BATCH) {
    const size = Math.min(BATCH, entryCount - start);
    await db.execute(sql`
      INSERT INTO audit_logs (team_id, user_id, action, resource_type, resource_id, metadata, severity, ip_address, user_agent, created_at, hash)
      SELECT ${teamId},
        'bench-member-' || (1 + (i::bigint * 7919) % ${MEMBERS}),
        (ARRAY['ai_query','ai_query','ai_query','file_access','file_access','file_access','file_access','user_login','file_delete','file_upload'])[1 + i % 10],
        'document', md5(i::text),
        CASE WHEN i % 10 < 3 THEN jsonb_build_object('surface', 'chat', 'isAnswered', i % 7 <> 0, 'durationMs', 200 + (i * 31) % 4000, 'citedDocumentIds', '[]'::jsonb) ELSE '{}'::jsonb END,
        (ARRAY['info','info','info','low','medium','high'])[1 + i % 6],
        '10.0.' || (i % 200) || '.' || (i % 250), 'Mozilla/5.0 Chrome/120',
        now() - ((${entryCount} - i)::float / ${entryCount} * interval '365 days'),
        md5('entry' || i)
      FROM generate_series(${start + 1}::int, ${start + size}::int) AS i`);
  }
  // Documents: platforms, types and statuses mixed, a third in spaces.
  for (let start = 0; start < documentCount; start += BATCH) {
    const size = Math.min(BATCH, documentCount - start);
    await db.execute(sql`
      INSERT INTO documents (source, owner_id, team_id, space_id, title, mime_type, status, created_at)
      SELECT (ARRAY['upload','google-drive','onedrive','dropbox','slack','notion','confluence','space'])[1 + i % 8]::document_source,
        'bench-member-' || (1 + i % ${MEMBERS}),
        ${teamId},
        CASE WHEN i % 3 = 0 THEN (SELECT id FROM spaces WHERE team_id = ${teamId} ORDER BY slug OFFSET (i % 20) LIMIT 1) END,
        'Document ' || i,
        (ARRAY['application/pdf','text/plain','text/markdown','application/vnd.openxmlformats-officedocument.wordprocessingml.document','text/csv','image/png'])[1 + i % 6],
        (ARRAY['ready','ready','ready','ready','ready','ready','ready','processing','pending','failed'])[1 + i % 10]::document_status,
        now() - ((${documentCount} - i)::float / ${documentCount} * interval '365 days')
      FROM generate_series(${start + 1}::int, ${start + size}::int) AS i`);
  }
  await db.execute(sql`
    INSERT INTO client_events (team_id, user_id, type, route, occurred_at, received_at)
    SELECT ${teamId}, 'bench-member-' || (1 + i % ${MEMBERS}), 'page_visit', '/dashboard',
      now() - (i::float / 100000 * interval '365 days'), now() - (i::float / 100000 * interval '365 days')
    FROM generate_series(1, 100000) AS i`);
  await db.execute(sql`
    INSERT INTO team_messages (team_id, user_id, content, created_at)
    SELECT ${teamId}, 'bench-member-' || (1 + i % ${MEMBERS}), 'Message ' || i, now() - (i::float / 50000 * interval '365 days')
    FROM generate_series(1, 50000) AS i`);
  await db.execute(sql`
    INSERT INTO tasks (team_id, title, assigned_to, created_by, status, completed_at, created_at)
    SELECT ${teamId}, 'Task ' || i, 'bench-member-' || (1 + i % ${MEMBERS}), ${admin.userId},
      CASE WHEN i % 2 = 0 THEN 'done' ELSE 'todo' END,
      CASE WHEN i % 2 = 0 THEN now() - (i::float / 5000 * interval '300 days') END,
      now() - (i::float / 5000 * interval '365 days')
    FROM generate_series(1, 5000) AS i`);
  // As on a deployment upgraded with its log in place: the anomaly scan has read it all, and the analytics' daily
  // rollups are filled by the migration's backfill (0030), which this runs again over the seeded log.
  await db.execute(sql`INSERT INTO anomaly_scan_state (id, last_seq) SELECT 1, max(seq) FROM audit_logs
    ON CONFLICT (id) DO UPDATE SET last_seq = excluded.last_seq`);
  const backfill = await readFile(path.join(migrationsDir, '0030_analytics_rollups.sql'), 'utf8');
  for (const statement of backfill
    .split('--> statement-breakpoint')
    .filter((part) => /^\s*(--.*\n)*\s*(INSERT|WITH)/i.test(part))) {
    await db.execute(sql.raw(statement));
  }
  await db.execute(sql`ANALYZE`);
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const firstPage = await app.inject({ method: 'GET', url: '/api/audit/logs', headers: { cookie: admin.cookie } });
  const cursor = (firstPage.json() as { nextCursor: string | null }).nextCursor ?? '';
  const requests: Array<[string, string]> = [
    ['analytics 7d', '/api/analytics?period=7d'],
    ['analytics 30d', '/api/analytics?period=30d'],
    ['analytics 90d', '/api/analytics?period=90d'],
    ['analytics 1y', '/api/analytics?period=1y'],
    ['audit logs 7d', '/api/audit/logs'],
    ['audit logs 30d, file_delete', '/api/audit/logs?range=30d&action=file_delete'],
    ['audit logs 30d, high', '/api/audit/logs?range=30d&severity=high'],
    ['audit logs, page 2', `/api/audit/logs?cursor=${cursor}`],
    ['audit alerts', '/api/audit/alerts'],
  ];
  console.log('\nrequest                          p50 ms   p95 ms   target');
  let isWithinTarget = true;
  for (const [name, url] of requests) {
    const timings: number[] = [];
    for (let run = 0; run < runs + 2; run++) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      const took = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      // The first two runs warm the plans and caches.
      if (run >= 2) timings.push(took);
    }
    const p95 = percentile(timings, 95);
    isWithinTarget &&= p95 <= TARGET_P95_MS;
    console.log(
      `${name.padEnd(32)} ${percentile(timings, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)}   ${p95 <= TARGET_P95_MS ? 'ok' : 'over'}`,
    );
  }
  const exportStarted = performance.now();
  const exported = await app.inject({
    method: 'GET',
    url: '/api/audit/export?range=30d',
    headers: { cookie: admin.cookie },
  });
  const exportMs = performance.now() - exportStarted;
  const exportLines = exported.body.split('\r\n').length - 2;
  console.log(
    `\nexport 30d as CSV: ${exportLines.toLocaleString('en')} entries in ${(exportMs / 1000).toFixed(2)} s (${Math.round(exportLines / (exportMs / 1000)).toLocaleString('en')} entries/s)`,
  );
  console.log(
    isWithinTarget
      ? `\nevery request within p95 <= ${TARGET_P95_MS} ms`
      : `\nsome requests over p95 ${TARGET_P95_MS} ms`,
  );
} finally {
  await app.close();
  if (args.keep) console.log(`data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
// As main.ts does after closing the app: the embedded database's and the text analysis' threads may still hold the
// event loop a while.
process.exit(0);
