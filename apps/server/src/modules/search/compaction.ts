import { sql } from 'drizzle-orm';
import {
  chunks,
  searchCompaction,
  searchRemovedChunks,
  searchSegments,
  searchTombstones,
} from '../../db/schema/index.ts';
import { type Database, rowsOf } from '../../platform/db.ts';
import {
  MAX_SEGMENT_POSTINGS,
  POSTING_BYTES,
  SEGMENTS_TO_MERGE,
  segmentColumns,
  textArrayOf,
} from './lexical-index.ts';

/**
 * Compaction of the packed lexical index (ADR 0094). Every indexing statement adds one small segment per (lexeme,
 * scope) it touches; this merges a pair's small segments into segments of up to MAX_SEGMENT_POSTINGS, and on the way
 * drops the postings of chunks deleted since (the triggers leave them, search skips them) and of chunks whose
 * document moved to another scope (tombstoned). Runs in the search maintenance job; each step is one transaction, so
 * a search sees either the old segments or the new ones.
 */

/** Merge groups per transaction: bounds how long the tombstone lock is held. */
const GROUPS_PER_TRANSACTION = 2_000;

/**
 * Size tiers of segments below the maximum (1-7 postings, 8-63, 64-511...): a merge takes a tier's segments of one
 * (lexeme, scope), so its result lands at least a tier higher and a posting is rewritten about once per tier. Merging
 * every small segment of a pair instead rewrote a common word's whole list on every run, which grew each run's cost with
 * the corpus (30 s, then 52, then 115 s per 30 s of ingestion at the 500k stage).
 */
const TIER_BOUNDS = Array.from(
  { length: Math.floor(Math.log(MAX_SEGMENT_POSTINGS) / Math.log(SEGMENTS_TO_MERGE)) },
  (_, index) => SEGMENTS_TO_MERGE ** (index + 1),
).filter((bound) => bound < MAX_SEGMENT_POSTINGS);

interface Pair {
  lexeme: string;
  scopeId: number;
  segmentIds: number[];
}

/** Segments of one (lexeme, scope) and size tier to merge, in chunk order. */
interface MergeGroup extends Pair {
  postingCount: number;
  /** Chunk-id ranges do not overlap: the bodies can simply be concatenated in order. */
  isDisjoint: boolean;
}

export interface CompactionReport {
  /** Segments replaced. */
  merged: number;
  /** Segments written in their place. */
  written: number;
  /** Postings dropped (deleted or moved chunks). */
  dropped: number;
  /** Tombstones cleared. */
  tombstonesCleared: number;
  /** Deleted chunks whose postings were dropped. */
  removedChunksCleared: number;
}

export async function compactSearchSegments(db: Database): Promise<CompactionReport> {
  const report: CompactionReport = { merged: 0, written: 0, dropped: 0, tombstonesCleared: 0, removedChunksCleared: 0 };
  await clearTombstones(db, report);
  await clearRemovedChunks(db, report);
  // Pairs that gained segments since the last run: only they can have reached SEGMENTS_TO_MERGE small ones.
  const watermark = await db.execute(sql`
    SELECT ${searchCompaction.segmentWatermark} AS watermark,
           (SELECT coalesce(max(${searchSegments.id}), 0) FROM ${searchSegments}) AS latest
    FROM ${searchCompaction} WHERE ${searchCompaction.id} = 1`);
  const [mark] = rowsOf<{ watermark: number | string; latest: number | string }>(watermark);
  const from = Number(mark?.watermark ?? 0);
  const to = Number(mark?.latest ?? 0);
  if (to <= from) return report;
  const groups = await findMergeGroups(db, from, to);
  for (let start = 0; start < groups.length; start += GROUPS_PER_TRANSACTION) {
    await db.transaction(async (tx) => {
      await mergeGroups(tx, groups.slice(start, start + GROUPS_PER_TRANSACTION), report);
    });
  }
  // Segments written since the run began are above the mark and looked at next time, the merges' own too. A segment
  // of a transaction still open at the start may become visible below the mark: its pair waits for its next segment,
  // which costs a few more rows to read meanwhile, nothing else.
  await db.execute(sql`
    UPDATE ${searchCompaction} SET ${sql.identifier('segment_watermark')} = ${to}
    WHERE ${searchCompaction.id} = 1 AND ${searchCompaction.segmentWatermark} < ${to}`);
  return report;
}

/**
 * The (lexeme, scope, tier)s with at least SEGMENTS_TO_MERGE segments, among the pairs that gained segments in
 * (from, to].
 */
async function findMergeGroups(db: Database, from: number, to: number): Promise<MergeGroup[]> {
  const tier = sql`width_bucket(s.posting_count, ${sql.param(TIER_BOUNDS)}::int[])`;
  const result = await db.execute(sql`
    WITH touched AS (
      SELECT DISTINCT ${searchSegments.lexeme} AS lexeme, ${searchSegments.scopeId} AS scope_id
      FROM ${searchSegments}
      WHERE ${searchSegments.id} > ${from} AND ${searchSegments.id} <= ${to}
    )
    SELECT t.lexeme, t.scope_id AS "scopeId", g.ids AS "segmentIds", g.total AS "postingCount",
           g.is_disjoint AS "isDisjoint"
    FROM touched t
    CROSS JOIN LATERAL (
      SELECT array_agg(s.id ORDER BY s.first_chunk_id, s.id) AS ids, sum(s.posting_count) AS total,
             bool_and(s.previous_last IS NULL OR s.previous_last < s.first_chunk_id) AS is_disjoint
      FROM (
        SELECT s.id, s.posting_count, s.first_chunk_id, ${tier} AS tier,
               lag(s.last_chunk_id) OVER (PARTITION BY ${tier} ORDER BY s.first_chunk_id, s.id) AS previous_last
        FROM ${searchSegments} s
        WHERE s.lexeme = t.lexeme AND s.scope_id = t.scope_id AND s.posting_count < ${MAX_SEGMENT_POSTINGS}
      ) AS s
      GROUP BY s.tier
      HAVING count(*) >= ${SEGMENTS_TO_MERGE}
    ) AS g`);
  return rowsOf<{
    lexeme: string;
    scopeId: number | string;
    segmentIds: Array<number | string> | string;
    postingCount: number | string;
    isDisjoint: boolean | string;
  }>(result).map((row) => ({
    lexeme: row.lexeme,
    scopeId: Number(row.scopeId),
    segmentIds: numbersOf(row.segmentIds),
    postingCount: Number(row.postingCount),
    isDisjoint: row.isDisjoint === true || row.isDisjoint === 't',
  }));
}

/**
 * Merges groups in the caller's transaction. Most are disjoint runs of a scope without tombstones that fit one segment:
 * one statement deletes them and writes their concatenation, inside the database (the postings of chunks deleted
 * since stay until clearRemovedChunks finds them by range, as for any segment). The rest (overlapping runs written by
 * concurrent ingestions, a scope with tombstones, a merge larger than a segment) are rewritten here.
 */
async function mergeGroups(tx: Database, groups: MergeGroup[], report: CompactionReport): Promise<void> {
  await lockTombstones(tx);
  const scopeIds = [...new Set(groups.map((group) => group.scopeId))];
  const tombstoned = new Set(
    rowsOf<{ scopeId: number | string }>(
      await tx.execute(sql`
        SELECT DISTINCT ${searchTombstones.scopeId} AS "scopeId" FROM ${searchTombstones}
        WHERE ${searchTombstones.scopeId} = ANY(${sql.param(scopeIds)}::bigint[])`),
    ).map((row) => Number(row.scopeId)),
  );
  const concatenated: MergeGroup[] = [];
  const rewritten: MergeGroup[] = [];
  for (const group of groups) {
    const isSimple = group.isDisjoint && group.postingCount <= MAX_SEGMENT_POSTINGS && !tombstoned.has(group.scopeId);
    (isSimple ? concatenated : rewritten).push(group);
  }
  if (concatenated.length > 0) {
    const ids = concatenated.flatMap((group) => group.segmentIds);
    const groupOf = concatenated.flatMap((group, index) => group.segmentIds.map(() => index));
    // A segment another run took meanwhile is not returned by the DELETE, so it is never written twice.
    const result = await tx.execute(sql`
      WITH members AS (
        SELECT * FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(groupOf)}::int[]) AS m (id, group_index)
      ), gone AS (
        DELETE FROM ${searchSegments} s WHERE s.id = ANY(${sql.param(ids)}::bigint[])
        RETURNING s.id, s.lexeme, s.scope_id, s.posting_count, s.max_tf, s.min_length, s.first_chunk_id,
                  s.last_chunk_id, s.postings
      ), written AS (
        INSERT INTO ${searchSegments} (${segmentColumns()})
        SELECT g.lexeme, g.scope_id, sum(g.posting_count), max(g.max_tf), min(g.min_length), min(g.first_chunk_id),
               max(g.last_chunk_id), string_agg(g.postings, ''::bytea ORDER BY g.first_chunk_id)
        FROM gone g JOIN members m ON m.id = g.id
        GROUP BY m.group_index, g.lexeme, g.scope_id
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM gone) AS merged, (SELECT count(*) FROM written) AS written`);
    const [counts] = rowsOf<{ merged: number | string; written: number | string }>(result);
    report.merged += Number(counts?.merged ?? 0);
    report.written += Number(counts?.written ?? 0);
  }
  await rewritePairs(tx, rewritten, report, true);
}

/** Rows (lexeme, "scopeId", "segmentIds") as pairs to rewrite. */
function pairsOf(result: Parameters<typeof rowsOf>[0]): Pair[] {
  return rowsOf<{ lexeme: string; scopeId: number | string; segmentIds: Array<number | string> | string }>(result).map(
    (row) => ({ lexeme: row.lexeme, scopeId: Number(row.scopeId), segmentIds: numbersOf(row.segmentIds) }),
  );
}

/** A bigint[] as numbers, whether the driver parsed it or returned its text. */
function numbersOf(value: Array<number | string> | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number);
}

/**
 * Rewrites the old scopes' segments that hold tombstoned postings (a moved document's chunks), then clears those
 * tombstones. A tombstone of a chunk deleted since needs no rewrite: search skips deleted chunks anyway, and the next
 * merge of those segments drops them.
 */
async function clearTombstones(db: Database, report: CompactionReport): Promise<void> {
  for (;;) {
    const cleared = await db.transaction(async (tx) => {
      await lockTombstones(tx);
      const result = await tx.execute(sql`
        SELECT t.scope_id AS "scopeId",
               t.chunk_id AS "chunkId", t.segment_floor AS "segmentFloor", c.lexemes
        FROM ${searchTombstones} t
        LEFT JOIN ${chunks} c ON c.id = t.chunk_id
        ORDER BY t.scope_id, t.chunk_id
        LIMIT 500`);
      const rows = rowsOf<{
        scopeId: number | string;
        chunkId: number | string;
        segmentFloor: number | string;
        lexemes: string[] | string | null;
      }>(result);
      if (rows.length === 0) return 0;
      // Each (lexeme, scope) to rewrite, with the highest floor of its tombstones.
      const floors = new Map<string, { lexeme: string; scopeId: number; floor: number }>();
      for (const row of rows) {
        const scopeId = Number(row.scopeId);
        const floor = Number(row.segmentFloor);
        for (const lexeme of textArrayOf(row.lexemes)) {
          const key = `${scopeId}\u0000${lexeme}`;
          const known = floors.get(key);
          if (!known || known.floor < floor) floors.set(key, { lexeme, scopeId, floor });
        }
      }
      const pairs: Pair[] = [];
      const entries = [...floors.values()];
      for (let start = 0; start < entries.length; start += 1000) {
        const slice = entries.slice(start, start + 1000);
        const found = await tx.execute(sql`
          SELECT s.lexeme, s.scope_id AS "scopeId", array_agg(s.id ORDER BY s.id) AS "segmentIds"
          FROM unnest(
            ${sql.param(slice.map((entry) => entry.lexeme))}::text[],
            ${sql.param(slice.map((entry) => entry.scopeId))}::bigint[],
            ${sql.param(slice.map((entry) => entry.floor))}::bigint[]
          ) AS p (lexeme, scope_id, floor)
          JOIN ${searchSegments} s ON s.lexeme = p.lexeme AND s.scope_id = p.scope_id AND s.id < p.floor
          GROUP BY s.lexeme, s.scope_id`);
        pairs.push(...pairsOf(found));
      }
      await rewritePairs(tx, pairs, report, true);
      await tx.execute(sql`
        DELETE FROM ${searchTombstones}
        WHERE (scope_id, chunk_id, segment_floor) IN (
          SELECT * FROM unnest(
            ${sql.param(rows.map((row) => Number(row.scopeId)))}::bigint[],
            ${sql.param(rows.map((row) => Number(row.chunkId)))}::bigint[],
            ${sql.param(rows.map((row) => Number(row.segmentFloor)))}::bigint[]
          )
        )`);
      return rows.length;
    });
    report.tombstonesCleared += cleared;
    if (cleared < 500) return;
  }
}

/** Deleted chunks taken per transaction. */
const REMOVED_CHUNKS_PER_TRANSACTION = 2_000;

/**
 * Rewrites the segments that span deleted chunks (listed with their lexemes by the chunks' delete trigger), dropping
 * their postings, then forgets those chunks. A segment is found by lexeme and chunk-id range, in any scope (the chunk's
 * document, and so its scope, may be gone).
 */
async function clearRemovedChunks(db: Database, report: CompactionReport): Promise<void> {
  for (;;) {
    const cleared = await db.transaction(async (tx) => {
      await lockTombstones(tx);
      const result = await tx.execute(sql`
        SELECT ${searchRemovedChunks.chunkId} AS "chunkId", ${searchRemovedChunks.lexemes} AS lexemes
        FROM ${searchRemovedChunks} ORDER BY ${searchRemovedChunks.chunkId} LIMIT ${REMOVED_CHUNKS_PER_TRANSACTION}`);
      const rows = rowsOf<{ chunkId: number | string; lexemes: string[] | string }>(result);
      if (rows.length === 0) return 0;
      // Per lexeme, the span of its deleted chunks: the segments overlapping it may hold them.
      const spans = new Map<string, { low: number; high: number }>();
      for (const row of rows) {
        const chunkId = Number(row.chunkId);
        for (const lexeme of textArrayOf(row.lexemes)) {
          const span = spans.get(lexeme);
          if (!span) spans.set(lexeme, { low: chunkId, high: chunkId });
          else {
            span.low = Math.min(span.low, chunkId);
            span.high = Math.max(span.high, chunkId);
          }
        }
      }
      const entries = [...spans.entries()];
      const pairs: Pair[] = [];
      for (let start = 0; start < entries.length; start += 1000) {
        const slice = entries.slice(start, start + 1000);
        const found = await tx.execute(sql`
          SELECT s.lexeme, s.scope_id AS "scopeId", array_agg(s.id ORDER BY s.id) AS "segmentIds"
          FROM unnest(
            ${sql.param(slice.map(([lexeme]) => lexeme))}::text[],
            ${sql.param(slice.map(([, span]) => span.low))}::bigint[],
            ${sql.param(slice.map(([, span]) => span.high))}::bigint[]
          ) AS p (lexeme, low, high)
          JOIN ${searchSegments} s
            ON s.lexeme = p.lexeme AND s.first_chunk_id <= p.high AND s.last_chunk_id >= p.low
          GROUP BY s.lexeme, s.scope_id`);
        pairs.push(...pairsOf(found));
      }
      await rewritePairs(tx, pairs, report, true);
      await tx.execute(sql`
        DELETE FROM ${searchRemovedChunks}
        WHERE ${searchRemovedChunks.chunkId} = ANY(${sql.param(rows.map((row) => Number(row.chunkId)))}::bigint[])`);
      return rows.length;
    });
    report.removedChunksCleared += cleared;
    if (cleared < REMOVED_CHUNKS_PER_TRANSACTION) return;
  }
}

/**
 * Moving a document writes tombstones; a rewrite holds this lock from reading the tombstones to replacing the
 * segments, so no tombstone lands in between for postings the new segments (with higher ids) would carry.
 */
async function lockTombstones(tx: Database): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${searchTombstones} IN SHARE MODE`);
}

/**
 * Replaces each pair's segments by merged ones without the postings of deleted chunks and tombstoned postings, in the
 * caller's transaction.
 */
async function rewritePairs(tx: Database, pairs: Pair[], report: CompactionReport, isLocked = false): Promise<void> {
  if (pairs.length === 0) return;
  if (!isLocked) await lockTombstones(tx);
  const segmentIds = pairs.flatMap((pair) => pair.segmentIds);
  const bodies = await tx.execute(sql`
    SELECT ${searchSegments.id} AS id, encode(${searchSegments.postings}, 'base64') AS postings
    FROM ${searchSegments} WHERE ${searchSegments.id} = ANY(${sql.param(segmentIds)}::bigint[])`);
  const postingsById = new Map(
    rowsOf<{ id: number | string; postings: string }>(bodies).map((row) => [
      Number(row.id),
      Buffer.from(row.postings, 'base64'),
    ]),
  );
  const chunkIds = new Set<number>();
  for (const postings of postingsById.values()) {
    for (let offset = 0; offset + POSTING_BYTES <= postings.length; offset += POSTING_BYTES) {
      chunkIds.add(postings.readInt32BE(offset));
    }
  }
  const live = await liveChunkIds(tx, [...chunkIds]);
  const scopeIds = [...new Set(pairs.map((pair) => pair.scopeId))];
  const tombstones = await tombstonesOf(tx, scopeIds);
  const written: Array<{ lexeme: string; scopeId: number; postings: Buffer[] }> = [];
  const replaced: number[] = [];
  for (const pair of pairs) {
    const voided = tombstones.get(pair.scopeId);
    const kept = new Map<number, Buffer>();
    let dropped = 0;
    for (const id of pair.segmentIds) {
      const postings = postingsById.get(id);
      if (!postings) continue;
      replaced.push(id);
      for (let offset = 0; offset + POSTING_BYTES <= postings.length; offset += POSTING_BYTES) {
        const chunkId = postings.readInt32BE(offset);
        const floor = voided?.get(chunkId);
        if (!live.has(chunkId) || (floor !== undefined && id < floor) || kept.has(chunkId)) {
          dropped += 1;
          continue;
        }
        kept.set(chunkId, postings.subarray(offset, offset + POSTING_BYTES));
      }
    }
    report.dropped += dropped;
    const sorted = [...kept.entries()].sort((a, b) => a[0] - b[0]).map(([, posting]) => posting);
    for (let start = 0; start < sorted.length; start += MAX_SEGMENT_POSTINGS) {
      written.push({
        lexeme: pair.lexeme,
        scopeId: pair.scopeId,
        postings: sorted.slice(start, start + MAX_SEGMENT_POSTINGS),
      });
    }
  }
  if (replaced.length === 0) return;
  await tx.execute(
    sql`DELETE FROM ${searchSegments} WHERE ${searchSegments.id} = ANY(${sql.param(replaced)}::bigint[])`,
  );
  report.merged += replaced.length;
  for (let start = 0; start < written.length; start += 500) {
    await insertSegments(tx, written.slice(start, start + 500));
  }
  report.written += written.length;
}

async function liveChunkIds(tx: Database, chunkIds: number[]): Promise<Set<number>> {
  const live = new Set<number>();
  for (let start = 0; start < chunkIds.length; start += 50_000) {
    const result = await tx.execute(sql`
      SELECT ${chunks.id} AS id FROM ${chunks}
      WHERE ${chunks.id} = ANY(${sql.param(chunkIds.slice(start, start + 50_000))}::bigint[])`);
    for (const row of rowsOf<{ id: number | string }>(result)) live.add(Number(row.id));
  }
  return live;
}

async function tombstonesOf(tx: Database, scopeIds: number[]): Promise<Map<number, Map<number, number>>> {
  const result = await tx.execute(sql`
    SELECT ${searchTombstones.scopeId} AS "scopeId", ${searchTombstones.chunkId} AS "chunkId",
           max(${searchTombstones.segmentFloor}) AS floor
    FROM ${searchTombstones} WHERE ${searchTombstones.scopeId} = ANY(${sql.param(scopeIds)}::bigint[])
    GROUP BY 1, 2`);
  const tombstones = new Map<number, Map<number, number>>();
  for (const row of rowsOf<{ scopeId: number | string; chunkId: number | string; floor: number | string }>(result)) {
    const scopeId = Number(row.scopeId);
    let byChunk = tombstones.get(scopeId);
    if (!byChunk) {
      byChunk = new Map();
      tombstones.set(scopeId, byChunk);
    }
    byChunk.set(Number(row.chunkId), Number(row.floor));
  }
  return tombstones;
}

/** Writes segments from their postings (each sorted by chunk id), with their headers, in one statement. */
async function insertSegments(
  tx: Database,
  segments: Array<{ lexeme: string; scopeId: number; postings: Buffer[] }>,
): Promise<void> {
  const headers = segments.map((segment) => {
    let maxTf = 0;
    let minLength = Number.POSITIVE_INFINITY;
    for (const posting of segment.postings) {
      maxTf = Math.max(maxTf, posting.readInt16BE(4));
      minLength = Math.min(minLength, posting.readInt16BE(6));
    }
    return {
      maxTf,
      minLength,
      first: segment.postings[0]?.readInt32BE(0) ?? 0,
      last: segment.postings[segment.postings.length - 1]?.readInt32BE(0) ?? 0,
    };
  });
  await tx.execute(sql`
    INSERT INTO ${searchSegments} (${segmentColumns()})
    SELECT s.lexeme, s.scope_id, s.posting_count, s.max_tf, s.min_length, s.first_chunk_id, s.last_chunk_id,
           decode(s.postings, 'base64')
    FROM unnest(
      ${sql.param(segments.map((segment) => segment.lexeme))}::text[],
      ${sql.param(segments.map((segment) => segment.scopeId))}::bigint[],
      ${sql.param(segments.map((segment) => segment.postings.length))}::int[],
      ${sql.param(headers.map((header) => header.maxTf))}::int[],
      ${sql.param(headers.map((header) => header.minLength))}::int[],
      ${sql.param(headers.map((header) => header.first))}::bigint[],
      ${sql.param(headers.map((header) => header.last))}::bigint[],
      ${sql.param(segments.map((segment) => Buffer.concat(segment.postings).toString('base64')))}::text[]
    ) AS s (lexeme, scope_id, posting_count, max_tf, min_length, first_chunk_id, last_chunk_id, postings)`);
}
