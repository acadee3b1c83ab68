import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { user } from './src/db/schema/index.ts';
import { ingestTexts } from './src/modules/documents/ingest.ts';
import { openDatabase } from './src/platform/db.ts';
import { readJsonl } from '../../bench/eval-metrics.ts';
import { toScifactIngestInput } from '../../bench/scifact-input.ts';

(globalThis as any).calls = 0;
const times = new Map<string, { n: number; ms: number }>();
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
const original = (PglitePreparedQuery.prototype as any).execute;
(PglitePreparedQuery.prototype as any).execute = async function (this: any, ...rest: unknown[]) {
  const t = performance.now();
  if (process.env.EXPLAIN && String(this.queryString).includes('WITH titles') && !(globalThis as any).explained && (globalThis as any).calls++ === 20) {
    (globalThis as any).explained = true;
    const params = (this as any).params;
    const r = await this.client.query('EXPLAIN (ANALYZE, BUFFERS OFF) ' + this.queryString, params.map((p: any) => (p && typeof p.value !== 'undefined' ? p.value : p)));
    console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  }
  try { return await original.apply(this, rest); } finally {
    const key = String(this.queryString).replace(/\s+/g, ' ').trim().slice(0, 90);
    const e = times.get(key) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t; times.set(key, e);
  }
};
const corpus = readJsonl<{ _id: string; title: string; text: string }>('/work/shared/eval/scifact/corpus.jsonl');
const dir = await mkdtemp(path.join(tmpdir(), 'zz-ingest-'));
const h = await openDatabase({ kind: 'pglite', dataDir: dir });
const uid = randomUUID();
await h.db.insert(user).values({ id: uid, name: 'B', email: 'b@example.com', firstName: 'B', lastName: 'U' });
if (process.env.EXP) for (const q of process.env.EXP.split(';')) await h.db.execute(sql.raw(q));
times.clear();
const inputs = corpus.map((d) => toScifactIngestInput(d, uid));
const batch = Number(process.env.BATCH ?? 100);
const t0 = performance.now();
for (let i = 0; i < inputs.length; i += batch) await ingestTexts(h.db, inputs.slice(i, i + batch));
const s = (performance.now() - t0) / 1000;
console.log(`${inputs.length} docs in ${s.toFixed(1)} s = ${(inputs.length / s).toFixed(0)} docs/s (batch ${batch})`);
const total = [...times.values()].reduce((a, b) => a + b.ms, 0);
for (const [k, v] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log(v.n, v.ms.toFixed(0), k);
console.log('sql total ms', total.toFixed(0));
await h.close();
