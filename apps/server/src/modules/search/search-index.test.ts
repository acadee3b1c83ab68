import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, spaces, teams, user, userRoles } from '../../db/schema/index.ts';
import { type Database, type DatabaseHandle, rowsOf } from '../../platform/db.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { visibleDocumentsCondition } from '../access/index.ts';
import { deleteSourceDocuments, deleteSyncedItem, type IngestTextInput, ingestText } from '../documents/index.ts';
import { analyzeQuery, BM25_B, BM25_K1, rankChunksLexically } from './search.repository.ts';

/**
 * The search index's bookkeeping (ADR 0017): document frequencies kept at indexing time equal what counting the
 * postings gives, through every way postings come and go, and the ranking built on them scores exactly as the ranking
 * that counted them per query. Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server.
 */

let handle: DatabaseHandle;
let db: Database;
let teamId: string;
let spaceId: string;
const users: Record<'ann' | 'ben' | 'cid', string> = { ann: '', ben: '', cid: '' };

const WORDS = (
  'project budget meeting kickoff vacation policy travel expense receipt office lisbon march quarterly report ' +
  'security screen wiki lock cell patient protein gene therapy trial dose risk cancer growth factor signal'
).split(' ');

/** A deterministic text of `count` words drawn from WORDS (repeats included, so tf varies). */
function textOf(seed: number, count: number): string {
  let state = seed;
  const words: string[] = [];
  for (let index = 0; index < count; index++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    words.push(WORDS[state % WORDS.length] ?? 'project');
  }
  return `${words.join(' ')}.`;
}

async function insertUser(label: string): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name: label,
    email: `${label}-${id.slice(0, 8)}@index.test`,
    emailVerified: true,
    firstName: label,
    lastName: 'Index',
  });
  return id;
}

function ingest(input: Partial<IngestTextInput> & { ownerId: string; title: string; text: string }) {
  const { text, ...rest } = input;
  return ingestText(db, {
    source: 'upload',
    externalId: `index:${input.title}`,
    mimeType: 'text/plain',
    contentHash: `${input.title}:${text}`,
    pages: [{ page: null, text }],
    ...rest,
  });
}

/** Lexemes whose kept document frequency differs from a count of their postings (none when the table is true). */
async function findWrongFrequencies(): Promise<Array<{ lexeme: string; kept: number; counted: number }>> {
  const result = await db.execute(sql`
    SELECT coalesce(k.lexeme, c.lexeme) AS lexeme, coalesce(k.chunk_count, 0) AS kept, coalesce(c.n, 0) AS counted
    FROM search_lexemes k
    FULL JOIN (SELECT lexeme, count(*) AS n FROM chunk_postings GROUP BY lexeme) c ON c.lexeme = k.lexeme
    WHERE coalesce(k.chunk_count, 0) <> coalesce(c.n, 0)`);
  return rowsOf<{ lexeme: string; kept: number | string; counted: number | string }>(result).map((row) => ({
    lexeme: row.lexeme,
    kept: Number(row.kept),
    counted: Number(row.counted),
  }));
}

/** The ranking as it was before ADR 0017: document frequencies counted per query by a window over the postings. */
async function rankByCountingFrequencies(
  userId: string,
  query: string,
  limit: number,
): Promise<Array<{ chunkId: number; score: number }>> {
  const analysis = await analyzeQuery(db, query);
  if (analysis.terms.length === 0) return [];
  const f = (value: number): SQL => sql.raw(`${value}::float8`);
  const weight = sql.join(
    analysis.terms.map((term) => sql`WHEN ${term.lexeme} THEN ${f(term.count)}`),
    sql` `,
  );
  const result = await db.execute(sql`
    SELECT p.chunk_id AS "chunkId",
           sum(p.qtf * ln(1 + (${f(analysis.chunkCount)} - p.df + 0.5::float8) / (p.df + 0.5::float8))
               * p.tf * (${f(BM25_K1)} + 1)
               / (p.tf + ${f(BM25_K1)} * (1 - ${f(BM25_B)} + ${f(BM25_B / analysis.averageLength)} * p.chunk_length))) AS score
    FROM (
      SELECT chunk_id, document_id, tf, chunk_length, CASE lexeme ${weight} ELSE 1::float8 END AS qtf,
             count(*) OVER (PARTITION BY lexeme) AS df
      FROM chunk_postings
      WHERE lexeme IN (${sql.join(
        analysis.terms.map((term) => sql`${term.lexeme}`),
        sql`, `,
      )})
    ) AS p
    WHERE p.document_id IN (SELECT id FROM documents WHERE ${visibleDocumentsCondition(userId)})
    GROUP BY p.chunk_id
    ORDER BY score DESC, p.chunk_id
    LIMIT ${limit}`);
  return rowsOf<{ chunkId: number | string; score: number | string }>(result).map((row) => ({
    chunkId: Number(row.chunkId),
    score: Number(row.score),
  }));
}

const QUERIES = [
  'project budget',
  'patient cancer therapy trial',
  'the risk of a dose',
  'travel travel expense receipt',
  'signal growth factor protein gene cell',
  'lisbon',
  'nothing matches zebra',
];

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  users.ann = await insertUser('ann');
  users.ben = await insertUser('ben');
  users.cid = await insertUser('cid');
  const [team] = await db.insert(teams).values({ name: 'Index team' }).returning({ id: teams.id });
  if (!team) throw new Error('team not created');
  teamId = team.id;
  await db.insert(userRoles).values([
    { userId: users.ann, teamId, role: 'admin' },
    { userId: users.ben, teamId, role: 'employee' },
  ]);
  const [space] = await db
    .insert(spaces)
    .values({ teamId, name: 'Index space', slug: 'index-space', createdBy: users.ann })
    .returning({ id: spaces.id });
  if (!space) throw new Error('space not created');
  spaceId = space.id;
  const owners = [users.ann, users.ben, users.cid];
  for (let index = 0; index < 60; index++) {
    const ownerId = owners[index % owners.length] ?? users.ann;
    await ingest({ ownerId, title: `note ${index}`, text: textOf(index + 1, 8 + (index % 30)) });
  }
  for (let index = 0; index < 6; index++) {
    await ingest({
      ownerId: users.ann,
      source: 'space',
      teamId,
      spaceId,
      title: `space file ${index}`,
      text: textOf(100 + index, 20),
    });
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('document frequencies kept at indexing time', () => {
  it('equal a count of the postings after ingestion', async () => {
    expect(await findWrongFrequencies()).toEqual([]);
    const result = await db.execute(sql`SELECT count(*) AS n FROM search_lexemes WHERE chunk_count > 0`);
    expect(Number(rowsOf<{ n: number | string }>(result)[0]?.n)).toBeGreaterThan(20);
  });

  it('stay true through re-ingestion, document deletion and the cascades of a space and a user', async () => {
    await ingest({ ownerId: users.ann, title: 'note 0', text: textOf(999, 40), contentHash: 'changed' });
    expect(await findWrongFrequencies()).toEqual([]);
    await db.execute(sql`DELETE FROM documents WHERE title = 'note 1'`);
    expect(await findWrongFrequencies()).toEqual([]);
    await ingest({
      ownerId: users.cid,
      source: 'dropbox',
      externalId: 'dropbox:a',
      title: 'synced a',
      text: textOf(5000, 30),
    });
    await ingest({
      ownerId: users.cid,
      source: 'dropbox',
      externalId: 'dropbox:b',
      title: 'synced b',
      text: textOf(5001, 30),
    });
    await deleteSyncedItem(db, { ownerId: users.cid, source: 'dropbox', externalId: 'dropbox:a' });
    expect(await findWrongFrequencies()).toEqual([]);
    expect(await deleteSourceDocuments(db, { ownerId: users.cid, source: 'dropbox' })).toBe(1);
    expect(await findWrongFrequencies()).toEqual([]);
    const [extraSpace] = await db
      .insert(spaces)
      .values({ teamId, name: 'Doomed', slug: 'doomed', createdBy: users.ann })
      .returning({ id: spaces.id });
    if (!extraSpace) throw new Error('space not created');
    await ingest({
      ownerId: users.ben,
      source: 'space',
      teamId,
      spaceId: extraSpace.id,
      title: 'doomed file',
      text: textOf(77, 25),
    });
    await db.execute(sql`DELETE FROM spaces WHERE id = ${extraSpace.id}`);
    expect(await findWrongFrequencies()).toEqual([]);
    const doomed = await insertUser('doomed');
    await ingest({ ownerId: doomed, title: 'doomed note', text: textOf(78, 25) });
    await db.execute(sql`DELETE FROM "user" WHERE id = ${doomed}`);
    expect(await findWrongFrequencies()).toEqual([]);
    const left = await db.select({ id: documents.id }).from(documents);
    expect(left.length).toBe(60 - 1 + 6);
  });

  it('rank and score exactly as counting the postings per query did', async () => {
    for (const userId of Object.values(users)) {
      for (const query of QUERIES) {
        const expected = await rankByCountingFrequencies(userId, query, 50);
        const actual = await rankChunksLexically(db, await analyzeQuery(db, query), { userId }, 50);
        expect(
          actual.map((row) => row.chunkId),
          query,
        ).toEqual(expected.map((row) => row.chunkId));
        actual.forEach((row, index) => {
          expect(row.score, query).toBeCloseTo(expected[index]?.score ?? Number.NaN, 9);
        });
        if (!query.includes('zebra')) expect(actual.length, query).toBeGreaterThan(0);
      }
    }
  });
});
