import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, documents, searchSegments, spaces, user } from '../../db/schema/index.ts';
import { copyByteaById, type Database, type DatabaseHandle, isPgliteHandle, rowsOf } from '../../platform/db.ts';
import { insertSearchCast, insertUserRow, openTestDatabase } from '../../test/test-database.ts';
import { visibleDocumentsCondition } from '../access/index.ts';
import {
  deleteSourceDocuments,
  deleteSyncedItem,
  type IngestTextInput,
  ingestText,
  updateSyncedItemFields,
} from '../documents/index.ts';
import {
  configureSegmentCache,
  DEFAULT_SEGMENT_CACHE_MB,
  readIndexedPostings,
  readSegments,
  type Segment,
  toPostingList,
} from './lexical-index.ts';
import { analyzeQuery, BM25_B, BM25_K1, insertIndexedChunks, rankChunksLexically } from './search.repository.ts';

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
  return (await insertUserRow(db, label, 'index.test')).id;
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

/**
 * What the index gets wrong against the chunks' own terms (none when it is true): a lexeme whose kept document
 * frequency differs from a count of the chunks carrying it, and a posting missing from, or extra in, the segments of
 * its document's scope (postings of deleted chunks aside: search drops them when it checks what it returns).
 */
async function findIndexFaults(): Promise<string[]> {
  const frequencies = await db.execute(sql`
    SELECT coalesce(k.lexeme, c.lexeme) AS lexeme, coalesce(k.chunk_count, 0) AS kept, coalesce(c.n, 0) AS counted
    FROM search_lexemes k
    FULL JOIN (SELECT t.lexeme, count(*) AS n FROM chunks, unnest(chunks.lexemes) AS t (lexeme) GROUP BY t.lexeme) c
      ON c.lexeme = k.lexeme
    WHERE coalesce(k.chunk_count, 0) <> coalesce(c.n, 0)`);
  const faults = rowsOf<{ lexeme: string; kept: number | string; counted: number | string }>(frequencies).map(
    (row) => `frequency of ${row.lexeme}: kept ${row.kept}, counted ${row.counted}`,
  );
  const expected = await db.execute(sql`
    SELECT d.search_scope_id AS scope, t.lexeme, c.id, t.tf, least(c.indexed_length, 32767) AS length
    FROM chunks c JOIN documents d ON d.id = c.document_id, unnest(c.lexemes, c.term_frequencies) AS t (lexeme, tf)`);
  const wanted = new Set(
    rowsOf<{
      scope: number | string;
      lexeme: string;
      id: number | string;
      tf: number | string;
      length: number | string;
    }>(expected).map((row) => `${row.scope}|${row.lexeme}|${row.id}|${row.tf}|${row.length}`),
  );
  const live = await db.execute(sql`SELECT id FROM chunks`);
  const liveIds = new Set(rowsOf<{ id: number | string }>(live).map((row) => Number(row.id)));
  const indexed = new Set<string>();
  for (const posting of await readIndexedPostings(db)) {
    if (!liveIds.has(posting.chunkId)) continue;
    const key = `${posting.scopeId}|${posting.lexeme}|${posting.chunkId}|${posting.tf}|${posting.length}`;
    if (indexed.has(key)) faults.push(`posting twice: ${key}`);
    indexed.add(key);
    if (!wanted.has(key)) faults.push(`extra posting: ${key}`);
  }
  for (const key of wanted) if (!indexed.has(key)) faults.push(`missing posting: ${key}`);
  // Each segment's header says what its postings hold (search bounds scores and skips with it).
  const headers = await db.execute(sql`
    SELECT s.id, s.posting_count AS count, p.n, s.max_tf AS "maxTf", p.max_tf AS tf, s.min_length AS "minLength",
           p.min_length AS length, s.first_chunk_id AS "firstChunkId", p.first_id AS "firstId",
           s.last_chunk_id AS "lastChunkId", p.last_id AS "lastId"
    FROM search_segments s
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, max(get_byte(s.postings, o + 4) * 256 + get_byte(s.postings, o + 5)) AS max_tf,
             min(get_byte(s.postings, o + 6) * 256 + get_byte(s.postings, o + 7)) AS min_length,
             min((get_byte(s.postings, o)::bigint << 24) + (get_byte(s.postings, o + 1) << 16)
                 + (get_byte(s.postings, o + 2) << 8) + get_byte(s.postings, o + 3)) AS first_id,
             max((get_byte(s.postings, o)::bigint << 24) + (get_byte(s.postings, o + 1) << 16)
                 + (get_byte(s.postings, o + 2) << 8) + get_byte(s.postings, o + 3)) AS last_id
      FROM generate_series(0, length(s.postings) - 8, 8) AS o
    ) AS p`);
  const pairs = [
    ['count', 'n'],
    ['maxTf', 'tf'],
    ['minLength', 'length'],
    ['firstChunkId', 'firstId'],
    ['lastChunkId', 'lastId'],
  ] as const;
  for (const row of rowsOf<Record<string, number | string>>(headers)) {
    for (const [kept, counted] of pairs) {
      if (Number(row[kept]) !== Number(row[counted])) {
        faults.push(`segment ${row.id}: ${kept} ${row[kept]}, its postings say ${row[counted]}`);
      }
    }
  }
  return faults;
}

/** The ranking as it was before ADR 0017: document frequencies counted per query over the chunks' own terms. */
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
      SELECT c.id AS chunk_id, c.document_id, t.tf, c.indexed_length AS chunk_length,
             CASE t.lexeme ${weight} ELSE 1::float8 END AS qtf, count(*) OVER (PARTITION BY t.lexeme) AS df
      FROM chunks c, unnest(c.lexemes, c.term_frequencies) AS t (lexeme, tf)
      WHERE t.lexeme IN (${sql.join(
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
  const cast = await insertSearchCast(db, 'Index');
  Object.assign(users, cast.users);
  teamId = cast.teamId;
  spaceId = cast.spaceId;
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
    expect(await findIndexFaults()).toEqual([]);
    const result = await db.execute(sql`SELECT count(*) AS n FROM search_lexemes WHERE chunk_count > 0`);
    expect(Number(rowsOf<{ n: number | string }>(result)[0]?.n)).toBeGreaterThan(20);
  });

  it('stay true through re-ingestion, document deletion and the cascades of a space and a user', async () => {
    await ingest({ ownerId: users.ann, title: 'note 0', text: textOf(999, 40), contentHash: 'changed' });
    expect(await findIndexFaults()).toEqual([]);
    await db.execute(sql`DELETE FROM documents WHERE title = 'note 1'`);
    expect(await findIndexFaults()).toEqual([]);
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
    expect(await findIndexFaults()).toEqual([]);
    expect(await deleteSourceDocuments(db, { ownerId: users.cid, source: 'dropbox' })).toBe(1);
    expect(await findIndexFaults()).toEqual([]);
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
    expect(await findIndexFaults()).toEqual([]);
    const doomed = await insertUser('doomed');
    await ingest({ ownerId: doomed, title: 'doomed note', text: textOf(78, 25) });
    await db.execute(sql`DELETE FROM "user" WHERE id = ${doomed}`);
    expect(await findIndexFaults()).toEqual([]);
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

/** The scope ids of a document's postings (tombstoned ones aside), and the scope its row says it has. */
async function scopesOf(documentId: string): Promise<{ postings: number[]; document: number | null }> {
  const result = await db.execute(sql`
    SELECT d.search_scope_id AS document, coalesce(array_agg(c.id) FILTER (WHERE c.id IS NOT NULL), '{}') AS chunks
    FROM documents d LEFT JOIN chunks c ON c.document_id = d.id
    WHERE d.id = ${documentId} GROUP BY d.search_scope_id`);
  const [row] = rowsOf<{ document: number | string | null; chunks: Array<number | string> | string }>(result);
  const chunkIds = new Set(
    (Array.isArray(row?.chunks)
      ? row.chunks
      : String(row?.chunks ?? '')
          .replace(/[{}]/g, '')
          .split(',')
    )
      .filter((id) => id !== '')
      .map(Number),
  );
  const scopes = new Set(
    (await readIndexedPostings(db))
      .filter((posting) => chunkIds.has(posting.chunkId))
      .map((posting) => posting.scopeId),
  );
  return {
    postings: [...scopes].sort((a, b) => a - b),
    document: row?.document === null || row?.document === undefined ? null : Number(row.document),
  };
}

async function findsDocument(userId: string, query: string, documentId: string): Promise<boolean> {
  const ranked = await rankChunksLexically(db, await analyzeQuery(db, query), { userId }, 50);
  if (ranked.length === 0) return false;
  const result = await db.execute(sql`
    SELECT count(*) AS n FROM chunks
    WHERE document_id = ${documentId} AND id IN (${sql.join(
      ranked.map((row) => sql`${row.chunkId}`),
      sql`, `,
    )})`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n) > 0;
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await db.select({ email: user.email }).from(user).where(sql`${user.id} = ${userId}`);
  return row?.email.toLowerCase() ?? '';
}

describe('search scopes', () => {
  it('re-keys a synced document when the source shares it, unshares it, or it moves into a space', async () => {
    const { documentId } = await ingest({
      ownerId: users.ann,
      source: 'google-drive',
      externalId: 'drive:plan',
      teamId,
      title: 'Orbital plan',
      text: 'The orbital rendezvous plan for the heliotrope mission.',
    });
    const unshared = await scopesOf(documentId);
    expect(unshared.postings).toEqual([unshared.document]);
    expect(await findsDocument(users.ben, 'heliotrope rendezvous', documentId)).toBe(false);

    // A sync that finds the text unchanged updates only the sharing; the postings follow in the same statement.
    await updateSyncedItemFields(
      db,
      { ownerId: users.ann, source: 'google-drive', externalId: 'drive:plan' },
      { sharedWith: [await emailOf(users.ben)], url: null, modifiedAt: null, teamId },
    );
    const shared = await scopesOf(documentId);
    expect(shared.document).not.toBe(unshared.document);
    expect(shared.postings).toEqual([shared.document]);
    expect(await findsDocument(users.ben, 'heliotrope rendezvous', documentId)).toBe(true);
    expect(await findsDocument(users.ann, 'heliotrope rendezvous', documentId)).toBe(true);
    expect(await findsDocument(users.cid, 'heliotrope rendezvous', documentId)).toBe(false);

    // Another document shared with the same people lands in the same scope.
    const sibling = await ingest({
      ownerId: users.ann,
      source: 'google-drive',
      externalId: 'drive:sibling',
      teamId,
      sharedWith: [await emailOf(users.ben)],
      title: 'Sibling',
      text: 'Heliotrope sibling notes.',
    });
    expect((await scopesOf(sibling.documentId)).postings).toEqual([shared.document]);

    // Unshared again (re-ingested with new text and no sharing): only the owner finds it.
    await ingest({
      ownerId: users.ann,
      source: 'google-drive',
      externalId: 'drive:plan',
      teamId,
      sharedWith: [],
      title: 'Orbital plan',
      text: 'The orbital rendezvous plan for the heliotrope mission, revised.',
    });
    const again = await scopesOf(documentId);
    expect(again.postings).toEqual([unshared.document]);
    expect(await findsDocument(users.ben, 'heliotrope rendezvous', documentId)).toBe(false);

    // Moved into the space: every viewer of the space finds it, the postings carry the space's scope.
    await db.execute(sql`UPDATE documents SET space_id = ${spaceId}, source = 'space' WHERE id = ${documentId}`);
    const moved = await scopesOf(documentId);
    expect(moved.postings).toEqual([moved.document]);
    expect(moved.document).not.toBe(unshared.document);
    expect(await findsDocument(users.ben, 'heliotrope rendezvous', documentId)).toBe(true);
    expect(await findIndexFaults()).toEqual([]);
  });

  it("reads only the postings of the user's scopes, never another user's, and returns what the rule allows", async () => {
    const query = 'project budget patient cancer';
    const analysis = await analyzeQuery(db, query);
    const lexemes = sql.join(
      analysis.terms.map((term) => sql`${term.lexeme}`),
      sql`, `,
    );
    await db.execute(sql`ANALYZE search_segments`);
    const everyPosting = await readIndexedPostings(db);
    const queryLexemes = new Set(analysis.terms.map((term) => term.lexeme));
    for (const userId of Object.values(users)) {
      // The postings of the query's words in the documents this user may view: all that the search may read.
      const counted = await db.execute(sql`
        SELECT count(*) AS n FROM chunks c, unnest(c.lexemes) AS t (lexeme)
        WHERE t.lexeme IN (${lexemes})
          AND c.document_id IN (SELECT id FROM documents WHERE ${visibleDocumentsCondition(userId)})`);
      const ownPostings = Number(rowsOf<{ n: number | string }>(counted)[0]?.n);
      const all = everyPosting.filter((posting) => queryLexemes.has(posting.lexeme)).length;
      expect(all).toBeGreaterThan(ownPostings);

      const plans: PlanNode[] = [];
      // The index path, whatever this small table's statistics suggest (at scale the planner takes it anyway).
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        // Runs each statement of the ranking and keeps its plan too.
        const explaining = {
          execute: async (query: SQL) => {
            const explained = await tx.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
            const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(explained);
            const parsed =
              typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
            const plan = (parsed as Array<{ Plan: PlanNode }>)[0]?.Plan;
            if (plan) plans.push(plan);
            return tx.execute(query);
          },
        } as unknown as Database;
        await rankChunksLexically(explaining, analysis, { userId }, 10);
      });
      const reads = plans.flatMap((plan) => segmentReads(plan));
      expect(reads.length).toBeGreaterThan(0);
      // Every read is an index range of (lexeme, one of the user's scopes) and discards nothing.
      expect(reads.every((node) => node.indexCondition.includes('scope_id'))).toBe(true);
      expect(reads.every((node) => node.removedByFilter === 0)).toBe(true);
      // The segments read hold exactly the user's postings of the query's words, besides those that no longer count
      // (deleted chunks, and tombstoned postings of documents moved by the test above).
      // Every body copied apart where the handle can (a binary COPY on PGlite), however small.
      const { segments, tombstones } = await readSegments(db, [...queryLexemes], userId, null, {
        minPostingsToCopy: 0,
      });
      const liveIds = new Set(
        rowsOf<{ id: number | string }>(await db.execute(sql`SELECT id FROM chunks`)).map((row) => Number(row.id)),
      );
      const postingsRead = segments
        .flatMap((segment) =>
          [...segment.postings.chunkIds].filter(
            (chunkId) => !(segment.id < (tombstones.get(segment.scopeId)?.get(chunkId) ?? 0)),
          ),
        )
        .filter((chunkId) => liveIds.has(chunkId)).length;
      expect(postingsRead).toBe(ownPostings);
      // The copy hands over every body as stored (on PGlite; a server reads them in the statement).
      if (isPgliteHandle(db)) {
        const copied = await copyByteaById(
          db,
          searchSegments,
          searchSegments.id,
          searchSegments.postings,
          segments.map((segment) => segment.id),
        );
        expect(copied.size).toBe(segments.length);
        for (const segment of segments) {
          expect(toPostingList(copied.get(segment.id) ?? Buffer.alloc(0))).toEqual(segment.postings);
        }
      }
      // In one statement (a transaction's handle cannot copy): the same segments.
      configureSegmentCache(db, 0);
      const inOneStatement = await db.transaction((tx) => readSegments(tx, [...queryLexemes], userId, null));
      configureSegmentCache(db, DEFAULT_SEGMENT_CACHE_MB);
      const byId = (read: { segments: Segment[] }) => new Map(read.segments.map((segment) => [segment.id, segment]));
      expect(byId(inOneStatement)).toEqual(byId({ segments }));

      const expected = await rankByCountingFrequencies(userId, query, 50);
      const actual = await rankChunksLexically(db, analysis, { userId }, 50);
      expect(actual.map((row) => row.chunkId)).toEqual(expected.map((row) => row.chunkId));
    }
  });
});

describe('the exact check behind the scopes', () => {
  it('still returns only what the rule allows when a posting sits in a wrong scope', async () => {
    // Corrupt the index on purpose: one of cid's documents filed under ann's scope.
    const [annScope] = rowsOf<{ id: number | string }>(
      await db.execute(
        sql`SELECT search_scope_id AS id FROM documents WHERE owner_id = ${users.ann} AND space_id IS NULL LIMIT 1`,
      ),
    );
    const [cidDocument] = rowsOf<{ id: string; scope: number | string }>(
      await db.execute(sql`SELECT id, search_scope_id AS scope FROM documents WHERE owner_id = ${users.cid} LIMIT 1`),
    );
    if (!annScope || !cidDocument) throw new Error('fixtures missing');
    // A copy of the segments of cid's document's scope, filed under ann's.
    const copied = await db.execute(sql`
      INSERT INTO search_segments (lexeme, scope_id, posting_count, max_tf, min_length, first_chunk_id, last_chunk_id,
                                   postings)
      SELECT lexeme, ${annScope.id}, posting_count, max_tf, min_length, first_chunk_id, last_chunk_id, postings
      FROM search_segments WHERE scope_id = ${cidDocument.scope}
      RETURNING id`);
    const copiedIds = rowsOf<{ id: number | string }>(copied).map((row) => Number(row.id));
    expect(copiedIds.length).toBeGreaterThan(0);
    try {
      for (const query of QUERIES) {
        const expected = await rankByCountingFrequencies(users.ann, query, 50);
        const actual = await rankChunksLexically(db, await analyzeQuery(db, query), { userId: users.ann }, 50);
        expect(
          actual.map((row) => row.chunkId),
          query,
        ).toEqual(expected.map((row) => row.chunkId));
      }
    } finally {
      await db.execute(sql`DELETE FROM search_segments WHERE id = ANY(${sql.param(copiedIds)}::bigint[])`);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Index Cond'?: string;
  /** A bitmap heap scan's condition (its index condition sits on the child bitmap index scan). */
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

/** The plan's reads of search_segments: rows returned and rows read but thrown away. */
function segmentReads(
  node: PlanNode | undefined,
): Array<{ rows: number; loops: number; removedByFilter: number; indexCondition: string }> {
  if (!node) return [];
  const own =
    node['Relation Name'] === 'search_segments'
      ? [
          {
            rows: (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1),
            loops: node['Actual Loops'] ?? 1,
            indexCondition: node['Index Cond'] ?? node['Recheck Cond'] ?? '',
            removedByFilter: (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0),
          },
        ]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(segmentReads)];
}

describe('concurrent writers of the index', () => {
  // PGlite has one connection, so its transactions never overlap: this is a server's case.
  it.skipIf(!process.env.DATABASE_URL)(
    'queue on the statistics row: removing a document while another is indexed ends in both, not a deadlock',
    async () => {
      const removed = await ingest({ ownerId: users.ann, title: 'queue removed', text: 'zebra crossing zebra.' });
      const waitingForLocks = async () => {
        const result = await db.execute(sql`
          SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return Number(rowsOf<{ n: number | string }>(result)[0]?.n);
      };
      let indexing: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        // The removal takes the statistics and the rows of its lexemes (zebra, cross)...
        await tx.delete(chunks).where(eq(chunks.documentId, removed.documentId));
        // ...while another connection indexes aardvark and zebra (in that order, sorted)...
        indexing = ingest({ ownerId: users.ben, title: 'queue indexed', text: 'aardvark beside a zebra.' });
        await expect.poll(waitingForLocks, { timeout: 5000 }).toBe(1);
        // ...and this transaction then indexes aardvark: had the other locked it before waiting, neither could go on.
        await insertIndexedChunks(
          tx,
          [{ documentId: removed.documentId, ordinal: 0, page: null, text: 'an aardvark.' }],
          new Map([[removed.documentId, 'queue removed']]),
        );
      });
      await expect(indexing).resolves.toMatchObject({ isIndexed: true });
      expect(await findIndexFaults()).toEqual([]);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'index, re-index and delete documents six at a time without a deadlock, and keep the bookkeeping true',
    async () => {
      const owners = [users.ann, users.ben, users.cid];
      // Every operation shares most of its words with the others (WORDS), so their lexeme rows overlap.
      const operations = Array.from({ length: 48 }, (_, index) => async () => {
        const ownerId = owners[index % owners.length] ?? users.ann;
        const title = `crowd ${index % 12}`;
        if (index % 4 === 3) {
          await db.execute(sql`DELETE FROM documents WHERE title = ${title} AND owner_id = ${ownerId}`);
          return;
        }
        // The same external id again with new text: its old passages go and new ones come in one transaction.
        await ingest({ ownerId, title, text: textOf(7000 + index, 20 + (index % 15)), contentHash: `crowd:${index}` });
      });
      const failures: unknown[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (next < operations.length) {
            const operation = operations[next++];
            await operation?.().catch((error: unknown) => failures.push(error));
          }
        }),
      );
      expect(failures).toEqual([]);
      expect(await findIndexFaults()).toEqual([]);
    },
  );
});
