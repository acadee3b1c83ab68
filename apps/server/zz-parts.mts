import { PGlite } from '@electric-sql/pglite';
import { readJsonl } from '../../bench/eval-metrics.ts';
const corpus = readJsonl<{ _id: string; title: string; text: string }>('/work/shared/eval/scifact/corpus.jsonl');
const db = new PGlite();
await db.exec(`CREATE TABLE t (id serial, title text, body text)`);
await db.query(`INSERT INTO t (title, body) SELECT * FROM unnest($1::text[], $2::text[])`, [corpus.map(c=>c.title), corpus.map(c=>c.text)]);
async function time(label: string, q: string) { const t = performance.now(); const r = await db.query(q); console.log(label, (performance.now()-t).toFixed(0), 'ms', JSON.stringify(r.rows[0]).slice(0,80)); }
await time('tsvector', `SELECT count(*) FROM (SELECT to_tsvector('english', title || ' ' || body) v FROM t) x WHERE length(v) > 0`);
await time('tsvector again', `SELECT count(*) FROM (SELECT to_tsvector('english', title || ' ' || body) v FROM t) x WHERE length(v) > 0`);
await time('unnest', `SELECT count(*) FROM t, unnest(to_tsvector('english', title || ' ' || body)) l`);
await time('agg arrays', `SELECT count(*) FROM t CROSS JOIN LATERAL (SELECT array_agg(l.lexeme ORDER BY l.lexeme) a, array_agg(coalesce(array_length(l.positions,1),1)) b FROM unnest(to_tsvector('english', title || ' ' || body)) l) x`);
await time('tsvector_to_array', `SELECT count(*) FROM t CROSS JOIN LATERAL (SELECT tsvector_to_array(to_tsvector('english', title || ' ' || body)) a) x`);
await time('group by lexeme packing', `SELECT count(*) FROM (SELECT l.lexeme, string_agg(int4send(t.id) || int2send(1::int2) || int2send(1::int2), ''::bytea ORDER BY t.id) FROM t, unnest(to_tsvector('english', title || ' ' || body)) l GROUP BY l.lexeme) x`);
