import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, rowsOf } from '../../platform/db.ts';
import { insertUserRow, openTestDatabase } from '../../test/test-database.ts';
import { type IngestTextInput, ingestTexts, prepareTexts } from '../documents/index.ts';
import { analyzePassages, startTextAnalysis } from './text-analysis.ts';

/**
 * The analysis worker (ADR 0095) computes exactly what the indexing statement would: the same vectors as the app's
 * database for awkward text, and the same chunks' terms through ingestion. On the PostgreSQL server ingestion does not
 * use it; the vectors are still compared with the server's own analysis.
 */

let handle: DatabaseHandle;
let db: Database;

const AWKWARD_TEXTS: Array<[string, string]> = [
  ['Q3 budget final xlsx', 'The quarterly budget was approved; travel costs fell by 12.5% in Lisbon.'],
  ['Quotes', `It's a "quoted" word, a back\\slash \\\\ and 'single' quotes: O'Brien's café.`],
  ['Unicode', 'Ünïcödé naïve façade Straße 東京 emoji 🎉 mixed-case CamelCase über-cool'],
  ['Tokens', 'See https://example.com/a/b?c=1&d=2 or mail jane.doe@example.org, /usr/local/bin, v1.2.3, 2026-11-27'],
  ['Stop words only', 'the and of to a in is it'],
  ['', ''],
  ['Repeated', `${'gene '.repeat(400)}protein`],
  ['Long', Array.from({ length: 20_000 }, (_, index) => `word${index % 50}`).join(' ')],
];

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  expect(await startTextAnalysis()).toBe(true);
}, 60_000);

afterAll(async () => {
  await handle.close();
});

describe('the text analysis worker', () => {
  it('gives the vectors the database itself computes', async () => {
    const titles = AWKWARD_TEXTS.map(([title]) => title);
    const texts = AWKWARD_TEXTS.map(([, text]) => text);
    const vectors = await analyzePassages(titles, texts);
    const expected = rowsOf<{ vector: string }>(
      await db.execute(sql`
        SELECT to_tsvector('english', p.title || ' ' || p.text)::text AS vector
        FROM unnest(${sql.param(titles)}::text[], ${sql.param(texts)}::text[]) WITH ORDINALITY AS p (title, text, n)
        ORDER BY p.n`),
    ).map((row) => row.vector);
    expect(vectors).toEqual(expected);
  });

  it('answers null for text the database refuses, and the next request is answered again', async () => {
    expect(await analyzePassages(['NUL'], ['a\u0000b'])).toBeNull();
    expect(await analyzePassages(['budget'], ['refusal'])).toEqual(["'budget':1 'refus':2"]);
  });

  it('indexes the same terms as the statement analysing the text itself', async () => {
    const owner = await insertUserRow(db, 'analysis', 'example.com');
    const inputsOf = (label: string): IngestTextInput[] =>
      AWKWARD_TEXTS.filter(([, text]) => text.length > 0).map(([title, text], index) => ({
        ownerId: owner.id,
        source: 'upload',
        externalId: `${label}:${index}`,
        title: `${title}.txt`,
        mimeType: 'text/plain',
        pages: [{ page: null, text }],
        contentHash: `${label}:${index}`,
      }));
    const prepared = await prepareTexts(db, inputsOf('worker'));
    if (handle.kind === 'pglite') {
      expect(prepared.inputs.every((input) => input.vectors?.every((vector) => vector !== null))).toBe(true);
    }
    await ingestTexts(db, prepared);
    // A transaction's handle is never given vectors: the statement analyses the text.
    await db.transaction((tx) => ingestTexts(tx, inputsOf('statement')));
    const termsOf = async (label: string) =>
      rowsOf<{ key: string; lexemes: string[]; tfs: number[]; length: number }>(
        await db.execute(sql`
          SELECT split_part(d.external_id, ':', 2) || '/' || c.ordinal AS key, c.lexemes, c.term_frequencies AS tfs,
                 c.indexed_length AS length
          FROM chunks c JOIN documents d ON d.id = c.document_id
          WHERE d.external_id LIKE ${`${label}:%`}
          ORDER BY key`),
      );
    const viaWorker = await termsOf('worker');
    expect(viaWorker.length).toBeGreaterThan(AWKWARD_TEXTS.length - 2);
    expect(viaWorker).toEqual(await termsOf('statement'));
  });
});
