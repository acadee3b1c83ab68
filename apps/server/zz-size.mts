import { openDatabase, rowsOf } from './src/platform/db.ts';
import { sql } from 'drizzle-orm';
const h = await openDatabase({ kind: 'pglite', dataDir: process.argv[2] });
const r = await h.db.execute(sql`
  SELECT c.relname, pg_relation_size(c.oid) AS heap, pg_total_relation_size(c.oid) AS total,
         (SELECT pg_relation_size(reltoastrelid) FROM pg_class WHERE oid = c.oid) AS toast, c.reltuples
  FROM pg_class c WHERE c.relname IN ('search_segments','chunks','search_lexemes','search_segments_lexeme_scope_idx','search_segments_pkey','documents')`);
console.table(rowsOf(r));
const s = await h.db.execute(sql`SELECT count(*) n, sum(posting_count) p, sum(octet_length(postings)) bytes, avg(posting_count) avgp, count(*) FILTER (WHERE posting_count = 1) ones, count(DISTINCT lexeme) lexemes FROM search_segments`);
console.table(rowsOf(s));
const t = await h.db.execute(sql`SELECT * FROM pgstattuple('search_segments')`).catch((e) => ({ rows: [{ e: String(e) }] }));
console.log(rowsOf(t as never));
await h.close();
