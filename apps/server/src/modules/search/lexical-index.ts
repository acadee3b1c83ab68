import { type SQL, sql } from 'drizzle-orm';
import { chunks, searchSegments, searchTombstones } from '../../db/schema/index.ts';
import { columnNames, copyByteaById, type Database, isPgliteHandle, rowsOf } from '../../platform/db.ts';
import { type DocumentArea, searchScopeIdsSource } from '../access/index.ts';

/**
 * The packed lexical index (ADR 0094): segments of postings per (lexeme, search scope), read by the query's lexemes in
 * the user's scopes, kept in memory by id (a segment never changes), and scored here with BM25.
 */

/** Bytes of one posting: chunk id (int4), frequency (int2), chunk length (int2), big-endian as int4send/int2send. */
export const POSTING_BYTES = 8;
/** The compaction job's segment size: big enough that a common word has few, small enough to rewrite cheaply. */
export const MAX_SEGMENT_POSTINGS = 16_384;
/** A (lexeme, scope) with at least this many segments below the maximum size gets them merged. */
export const SEGMENTS_TO_MERGE = 8;
/**
 * Memory for segment bodies per database (an LRU by bytes), unless the app sets another (SEARCH_CACHE_MB). At 500,000
 * passages a user's 150 bench queries read about 250 MB of postings: with 64 MB, p95 was 54 ms, with 256 MB 30 ms.
 */
export const DEFAULT_SEGMENT_CACHE_MB = 256;

/** The columns a segment is written with, in the order the writers give them. */
export function segmentColumns(): SQL {
  return columnNames(
    searchSegments.lexeme,
    searchSegments.scopeId,
    searchSegments.postingCount,
    searchSegments.maxTf,
    searchSegments.minLength,
    searchSegments.firstChunkId,
    searchSegments.lastChunkId,
    searchSegments.postings,
  );
}

export interface SegmentHeader {
  id: number;
  scopeId: number;
  lexeme: string;
  postingCount: number;
  maxTf: number;
  minLength: number;
  firstChunkId: number;
  lastChunkId: number;
}

/**
 * A segment's postings decoded into typed arrays once, when read from the database: scoring walks them for every
 * query, and typed-array reads are about five times faster than decoding the big-endian bytes each time.
 */
export interface PostingList {
  chunkIds: Int32Array;
  tfs: Int16Array;
  lengths: Int16Array;
}

export interface Segment extends SegmentHeader {
  postings: PostingList;
}

/** A segment body (POSTING_BYTES per posting, big-endian) as typed arrays. */
export function toPostingList(body: Buffer): PostingList {
  const count = Math.floor(body.length / POSTING_BYTES);
  const list = { chunkIds: new Int32Array(count), tfs: new Int16Array(count), lengths: new Int16Array(count) };
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  for (let index = 0, offset = 0; index < count; index++, offset += POSTING_BYTES) {
    list.chunkIds[index] = view.getInt32(offset);
    list.tfs[index] = view.getInt16(offset + 4);
    list.lengths[index] = view.getInt16(offset + 6);
  }
  return list;
}

/** Postings to skip: chunk id -> segment floor (postings in the scope's segments below the floor are void), by scope. */
export type Tombstones = Map<number, Map<number, number>>;

/** Segment bodies by id, least recently used first out, within a byte budget. */
class SegmentCache {
  private readonly bodies = new Map<number, { lexeme: string; postings: PostingList }>();
  private readonly idsByLexeme = new Map<string, Set<number>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(id: number): PostingList | undefined {
    const entry = this.bodies.get(id);
    if (!entry) return undefined;
    this.bodies.delete(id);
    this.bodies.set(id, entry);
    return entry.postings;
  }

  /** The bodies held for these lexemes, by segment id (held by the caller, whatever is evicted meanwhile). */
  bodiesOf(lexemes: Iterable<string>): Map<number, PostingList> {
    const bodies = new Map<number, PostingList>();
    for (const lexeme of lexemes) {
      for (const id of this.idsByLexeme.get(lexeme) ?? []) {
        const postings = this.get(id);
        if (postings) bodies.set(id, postings);
      }
    }
    return bodies;
  }

  set(id: number, lexeme: string, postings: PostingList): void {
    const size = postings.chunkIds.length * POSTING_BYTES;
    if (size > this.maxBytes / 4 || this.bodies.has(id)) return;
    this.bodies.set(id, { lexeme, postings });
    let ids = this.idsByLexeme.get(lexeme);
    if (!ids) {
      ids = new Set();
      this.idsByLexeme.set(lexeme, ids);
    }
    ids.add(id);
    this.bytes += size;
    for (const [oldest, entry] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.bodies.delete(oldest);
      this.idsByLexeme.get(entry.lexeme)?.delete(oldest);
      if (this.idsByLexeme.get(entry.lexeme)?.size === 0) this.idsByLexeme.delete(entry.lexeme);
      this.bytes -= entry.postings.chunkIds.length * POSTING_BYTES;
    }
  }
}

// Keyed by the database handle: segment ids are unique within one database only (tests open many in one process).
const caches = new WeakMap<object, SegmentCache>();

/** Sets the memory for this database's segment bodies (0: none kept), dropping what was held. */
export function configureSegmentCache(db: Database, megabytes: number): void {
  caches.set(db, new SegmentCache(megabytes * 1024 * 1024));
}

function cacheOf(db: Database): SegmentCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SegmentCache(DEFAULT_SEGMENT_CACHE_MB * 1024 * 1024);
    caches.set(db, cache);
  }
  return cache;
}

function numberOf(value: number | string | null): number {
  return Number(value ?? 0);
}

/**
 * The segments of `lexemes` in the user's search scopes (with a space id, that space's only) and the tombstones of
 * those scopes, in one statement, so they come from one snapshot. The access rule decides the scopes in the same
 * statement; each scope's segments are one index range per lexeme (a lateral subquery the planner may not flatten).
 * Bodies the server holds in memory are not sent again. The scopes' ids come back too: the search checks the chunks it
 * returns against them (their documents' current scope), which is the rule's answer from this same search without
 * planning the rule a second time (planning it costs PGlite about 5 ms).
 */
export async function readSegments(
  db: Database,
  lexemes: string[],
  userId: string,
  area: DocumentArea,
  { minPostingsToCopy = MIN_POSTINGS_TO_COPY }: { minPostingsToCopy?: number } = {},
): Promise<{ segments: Segment[]; tombstones: Tombstones; scopeIds: number[] }> {
  if (lexemes.length === 0) return { segments: [], tombstones: new Map(), scopeIds: [] };
  // Where the handle can copy bytes out raw, the statement sends the large bodies' headers only and those bodies follow
  // by id. A body gone meanwhile (compaction replaced its segment) means another snapshot: read again, at last in one statement.
  for (let attempt = 0; ; attempt++) {
    const copyFrom = isPgliteHandle(db) && attempt < MAX_COPY_ATTEMPTS ? minPostingsToCopy : null;
    const read = await readSegmentsOnce(db, lexemes, userId, area, copyFrom);
    if (read) return read;
  }
}

/** Reads of the bodies apart from their headers before reading both in one statement. */
const MAX_COPY_ATTEMPTS = 3;
/**
 * Bodies of fewer postings come with their headers even where they could be copied: a second statement costs PGlite
 * more than their base64 (a small user's whole search reads a few kilobytes).
 */
const MIN_POSTINGS_TO_COPY = 2048;
/** Above any segment's posting count (an int4 column): with it, no body is left out of the statement. */
const MAX_POSTING_COUNT = 2_147_483_647;

async function readSegmentsOnce(
  db: Database,
  lexemes: string[],
  userId: string,
  area: DocumentArea,
  /** Bodies of at least this many postings are copied apart (null: none). */
  copyFrom: number | null,
): Promise<{ segments: Segment[]; tombstones: Tombstones; scopeIds: number[] } | null> {
  const cache = cacheOf(db);
  const held = cache.bodiesOf(lexemes);
  const lexemeList = sql.join(
    lexemes.map((lexeme) => sql`${lexeme}`),
    sql`, `,
  );
  const scopeSource = await searchScopeIdsSource(db, userId, area);
  const result = await db.execute(sql`
    WITH scope AS MATERIALIZED (SELECT id FROM ${scopeSource})
    SELECT 'segment' AS kind, g.id, g.scope_id AS "scopeId", g.lexeme, g.posting_count AS "postingCount",
           g.max_tf AS "maxTf", g.min_length AS "minLength", g.first_chunk_id AS "firstChunkId",
           g.last_chunk_id AS "lastChunkId",
           CASE WHEN g.id = ANY(${sql.param([...held.keys()])}::bigint[])
                  OR g.posting_count >= ${copyFrom ?? MAX_POSTING_COUNT} THEN NULL
                ELSE encode(g.postings, 'base64') END
             AS postings
    FROM scope
    CROSS JOIN LATERAL (
      SELECT ${searchSegments.id} AS id, ${searchSegments.scopeId} AS scope_id, ${searchSegments.lexeme} AS lexeme,
             ${searchSegments.postingCount} AS posting_count, ${searchSegments.maxTf} AS max_tf,
             ${searchSegments.minLength} AS min_length, ${searchSegments.firstChunkId} AS first_chunk_id,
             ${searchSegments.lastChunkId} AS last_chunk_id, ${searchSegments.postings} AS postings
      FROM ${searchSegments}
      WHERE ${searchSegments.lexeme} IN (${lexemeList}) AND ${searchSegments.scopeId} = scope.id
      OFFSET 0
    ) AS g
    UNION ALL
    SELECT 'tombstone', ${searchTombstones.segmentFloor}, ${searchTombstones.scopeId}, NULL, 0, 0, 0,
           ${searchTombstones.chunkId}, ${searchTombstones.chunkId}, NULL
    FROM ${searchTombstones}
    WHERE ${searchTombstones.scopeId} IN (SELECT id FROM scope)
    UNION ALL
    SELECT 'scope', 0, scope.id, NULL, 0, 0, 0, 0, 0, NULL FROM scope`);
  const segments: Segment[] = [];
  const missing: SegmentHeader[] = [];
  const tombstones: Tombstones = new Map();
  const scopeIds: number[] = [];
  for (const row of rowsOf<{
    kind: 'segment' | 'tombstone' | 'scope';
    id: number | string;
    scopeId: number | string;
    lexeme: string | null;
    postingCount: number | string;
    maxTf: number | string;
    minLength: number | string;
    firstChunkId: number | string;
    lastChunkId: number | string;
    postings: string | null;
  }>(result)) {
    if (row.kind === 'scope') {
      scopeIds.push(numberOf(row.scopeId));
      continue;
    }
    if (row.kind === 'tombstone') {
      const scopeId = numberOf(row.scopeId);
      let byChunk = tombstones.get(scopeId);
      if (!byChunk) {
        byChunk = new Map();
        tombstones.set(scopeId, byChunk);
      }
      const chunkId = numberOf(row.firstChunkId);
      byChunk.set(chunkId, Math.max(byChunk.get(chunkId) ?? 0, numberOf(row.id)));
      continue;
    }
    const id = numberOf(row.id);
    const lexeme = row.lexeme ?? '';
    let postings = held.get(id);
    if (row.postings !== null) {
      postings = toPostingList(Buffer.from(row.postings, 'base64'));
      cache.set(id, lexeme, postings);
    }
    const header = {
      id,
      scopeId: numberOf(row.scopeId),
      lexeme,
      postingCount: numberOf(row.postingCount),
      maxTf: numberOf(row.maxTf),
      minLength: numberOf(row.minLength),
      firstChunkId: numberOf(row.firstChunkId),
      lastChunkId: numberOf(row.lastChunkId),
    };
    if (postings) segments.push({ ...header, postings });
    else if (copyFrom !== null) missing.push(header);
    else throw new Error(`Search segment ${id} came without its postings`);
  }
  if (missing.length > 0) {
    const bodies = await copyByteaById(
      db,
      searchSegments,
      searchSegments.id,
      searchSegments.postings,
      missing.map((header) => header.id),
    );
    for (const header of missing) {
      const body = bodies.get(header.id);
      if (!body) return null;
      const postings = toPostingList(body);
      cache.set(header.id, header.lexeme, postings);
      segments.push({ ...header, postings });
    }
  }
  return { segments, tombstones, scopeIds };
}

export interface ScoringInput {
  segments: Segment[];
  tombstones: Tombstones;
  /** BM25 weight (query count x idf) per lexeme; a lexeme without one does not count. */
  weights: ReadonlyMap<string, number>;
  k1: number;
  b: number;
  averageLength: number;
  /** Only these chunks (a search narrowed to some documents); all when absent. */
  allowedChunkIds?: ReadonlySet<number>;
}

export interface RankedChunks {
  /** The best chunks asked for, best first (ties by lower chunk id). */
  top: Array<{ chunkId: number; score: number }>;
  /** Whether no other chunk scored: asking for more would return nothing new. */
  isComplete: boolean;
  /** Postings scored or looked up (of all the terms' postings): what the pruning saved, for tests and benchmarks. */
  postingsVisited: number;
}

/** Beyond this id range, scores go to a Map rather than an array indexed by chunk id. */
const MAX_DENSE_RANGE = 1 << 23;
/**
 * Sums of bounds are compared with scores summed in another order: a relative margin keeps float rounding from ever
 * pruning a chunk that could tie.
 */
const BOUND_MARGIN = 1 + 1e-9;

/** One query term: its weight, its segments, and the most any one of its postings can add to a chunk's score. */
interface TermList {
  weight: number;
  segments: Segment[];
  bound: number;
  postingCount: number;
}

/**
 * The best `depth` chunks by BM25, summed over the query's terms: weight x tf (k1 + 1) / (tf + k1 (1 - b + b len /
 * avgLen)), exactly as if every posting were scored, but without scoring the postings that cannot reach them
 * (MaxScore, term at a time; ADR 0094). Terms go in decreasing order of their bound (from the segment headers: highest
 * tf, shortest chunk), so the rare, heavy terms come first and cost little. Once `depth` chunks already score above
 * what all remaining terms could add together, no chunk those terms alone hold can enter: the remaining terms are only
 * looked up, by binary search, for the chunks that could still reach the best `depth`, and each term drops those that
 * no longer can. Chunk ids of one search are close together (ids grow with ingestion), so sums go to an array indexed
 * by id whenever the span allows; otherwise to a Map, every posting scored.
 */
export function rankSegments(input: ScoringInput, depth: number): RankedChunks {
  const { segments, tombstones, weights, k1, b, averageLength, allowedChunkIds } = input;
  const lengthFactor = (k1 * b) / averageLength;
  const base = k1 * (1 - b);
  const terms = termListsOf(segments, weights, k1, base, lengthFactor);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let postingTotal = 0;
  for (const term of terms) {
    for (const segment of term.segments) {
      low = Math.min(low, segment.firstChunkId);
      high = Math.max(high, segment.lastChunkId);
    }
    postingTotal += term.postingCount;
  }
  if (terms.length === 0 || depth <= 0) return { top: [], isComplete: terms.length === 0, postingsVisited: 0 };
  if (high - low >= MAX_DENSE_RANGE) return rankSparse(input, terms, base, lengthFactor, depth);

  const range = high - low + 1;
  const { scores, touched } = borrowScratch(range, Math.min(postingTotal, range));
  let touchedCount = 0;
  const lookup = { low, tombstones, k1, base, lengthFactor };
  try {
    // What the terms not yet scored could add at most: a chunk none of the scored terms holds scores no more.
    let remaining = terms.reduce((sum, term) => sum + term.bound, 0);
    let remainingPostings = postingTotal;
    // A lower bound of the depth-th best final score: the depth-th best full score of a sample of chunks.
    let threshold = 0;
    let visited = 0;
    let next = 0;
    // The best partial scores so far (one pass over the touched chunks before each term): the depth-th of them is a
    // lower bound of the depth-th final score, and they are the sample the threshold is taken from.
    let leaders: BestSlots | null = null;
    for (; next < terms.length; next++) {
      leaders = null;
      // Below a few thousand postings, scoring them all costs less than deciding which to skip.
      if (next > 0 && remainingPostings >= MIN_POSTINGS_TO_PRUNE) {
        leaders = bestSlots(scores, touched, touchedCount, Math.max(depth, THRESHOLD_SAMPLE));
        if (remainingPostings > 2 * touchedCount && leaders.slots.length >= depth) {
          // The best chunks so far, scored in full by looking the remaining terms up: their depth-th score is a
          // threshold far above the partial scores', so the common words are often skipped right after the rare ones.
          const sample = leaders.slots.slice().sort();
          const full = new Float64Array(sample.length);
          for (let index = 0; index < sample.length; index++) full[index] = scores[sample[index] as number] as number;
          for (let later = next; later < terms.length; later++) {
            visited += sample.length;
            addByLookup(terms[later] as TermList, sample, lookup, (index, score) => {
              full[index] = (full[index] as number) + score;
            });
          }
          threshold = Math.max(threshold, full.sort()[full.length - depth] as number);
        }
        if (threshold > remaining * BOUND_MARGIN) break;
        if (leaders.kthScore(depth) > remaining * BOUND_MARGIN) break;
      }
      const term = terms[next] as TermList;
      visited += term.postingCount;
      for (const segment of term.segments) {
        const voided = tombstones.get(segment.scopeId);
        const factor = term.weight * (k1 + 1);
        const { chunkIds, tfs, lengths } = segment.postings;
        for (let index = 0; index < chunkIds.length; index++) {
          const chunkId = chunkIds[index] as number;
          if (voided && isVoided(voided, segment.id, chunkId)) continue;
          if (allowedChunkIds && !allowedChunkIds.has(chunkId)) continue;
          const tf = tfs[index] as number;
          const slot = chunkId - low;
          if (scores[slot] === 0) touched[touchedCount++] = slot;
          scores[slot] =
            (scores[slot] as number) + (factor * tf) / (tf + base + lengthFactor * (lengths[index] as number));
        }
      }
      remaining -= term.bound;
      remainingPostings -= term.postingCount;
    }
    if (next === terms.length) {
      const best = new TopChunks(depth);
      for (let index = 0; index < touchedCount; index++) {
        const slot = touched[index] as number;
        best.offer(slot + low, scores[slot] as number);
      }
      return { top: best.sorted(), isComplete: touchedCount <= depth, postingsVisited: visited };
    }

    // The chunks that may still reach the best `depth` (their score plus what the remaining terms could add reaches
    // the threshold, or the depth-th best score now): touched chunks, so their sums stay in `scores` (zeroed with the
    // others). The loop broke right after `leaders` was taken, so it holds the current depth-th best.
    const floor = Math.max(threshold, leaders?.kthScore(depth) ?? 0);
    let candidates = slotsReaching(scores, touched, touchedCount, range, floor / BOUND_MARGIN - remaining);
    const addToScores = (index: number, score: number) => {
      const slot = candidates[index] as number;
      scores[slot] = (scores[slot] as number) + score;
    };
    for (; next < terms.length; next++) {
      const term = terms[next] as TermList;
      visited += candidates.length;
      addByLookup(term, candidates, lookup, addToScores);
      remaining -= term.bound;
      // Filtering keeps the slots' order.
      if (next + 1 < terms.length) candidates = reachableSlots(candidates, scores, depth, remaining, threshold);
    }
    const best = new TopChunks(depth);
    for (const slot of candidates) best.offer(slot + low, scores[slot] as number);
    return { top: best.sorted(), isComplete: false, postingsVisited: visited };
  } finally {
    // The scratch goes back zeroed: only the touched slots were written.
    for (let index = 0; index < touchedCount; index++) scores[touched[index] as number] = 0;
  }
}

/**
 * Score sums by chunk and the list of chunks touched, kept between searches (and zeroed where used) up to this many
 * chunks: allocating and zeroing megabytes for every query cost more than the scoring it served at 500,000 passages,
 * and the garbage it left paused later queries.
 */
const MAX_KEPT_SCRATCH = 1 << 21;
let keptScores = new Float64Array(0);
let keptTouched = new Int32Array(0);

/** Zeroed score sums for `range` chunks and room for `touchable` touched ones (scoring is synchronous: one user). */
function borrowScratch(range: number, touchable: number): { scores: Float64Array; touched: Int32Array } {
  if (range > MAX_KEPT_SCRATCH) return { scores: new Float64Array(range), touched: new Int32Array(touchable) };
  if (keptScores.length < range) {
    keptScores = new Float64Array(Math.min(MAX_KEPT_SCRATCH, Math.max(range, keptScores.length * 2)));
  }
  if (keptTouched.length < touchable) {
    keptTouched = new Int32Array(Math.min(MAX_KEPT_SCRATCH, Math.max(touchable, keptTouched.length * 2)));
  }
  return { scores: keptScores, touched: keptTouched };
}

/** Fewer postings left than this are scored in full: the threshold and the candidates would cost more. */
const MIN_POSTINGS_TO_PRUNE = 8192;

/** How many of the best chunks so far are scored in full to set the threshold. */
const THRESHOLD_SAMPLE = 64;

interface LookupContext {
  low: number;
  tombstones: Tombstones;
  k1: number;
  base: number;
  lengthFactor: number;
}

/**
 * Finds one term's postings of the chunks (`slots`, sorted ascending) by galloping search in each of the term's
 * segments whose range holds them, and hands each one's score to `add` with the chunk's index in `slots`; postings
 * voided by a tombstone do not count.
 */
function addByLookup(
  term: TermList,
  slots: Int32Array,
  context: LookupContext,
  add: (index: number, score: number) => void,
): void {
  const { low, tombstones, k1, base, lengthFactor } = context;
  const factor = term.weight * (k1 + 1);
  for (const segment of term.segments) {
    const voided = tombstones.get(segment.scopeId);
    const { chunkIds, tfs, lengths } = segment.postings;
    let position = 0;
    for (let index = firstAtLeast(slots, 0, segment.firstChunkId - low); index < slots.length; index++) {
      const chunkId = (slots[index] as number) + low;
      if (chunkId > segment.lastChunkId) break;
      position = firstAtLeast(chunkIds, position, chunkId);
      if (position >= chunkIds.length) break;
      if (chunkIds[position] !== chunkId) continue;
      if (voided && isVoided(voided, segment.id, chunkId)) continue;
      const tf = tfs[position] as number;
      add(index, (factor * tf) / (tf + base + lengthFactor * (lengths[position] as number)));
    }
  }
}

/** Whether a tombstone voids this chunk's posting in this segment (a segment written before the chunk moved). */
function isVoided(voided: ReadonlyMap<number, number>, segmentId: number, chunkId: number): boolean {
  const floor = voided.get(chunkId);
  return floor !== undefined && segmentId < floor;
}

/** The touched slots with the highest scores and those scores, best first. */
interface BestSlots {
  slots: Int32Array;
  /** The k-th best score (1-based), 0 when fewer were touched. */
  kthScore(k: number): number;
}

/**
 * The `count` touched slots with the highest scores (ties broken by position), in one pass with a min-heap: the
 * touched chunks can be hundreds of thousands, read in no order, so every pass over them is a cache miss per chunk.
 */
function bestSlots(scores: Float64Array, touched: Int32Array, touchedCount: number, count: number): BestSlots {
  const size = Math.min(count, touchedCount);
  const heapScores = new Float64Array(size);
  const heapSlots = new Int32Array(size);
  let filled = 0;
  for (let index = 0; index < touchedCount; index++) {
    const slot = touched[index] as number;
    const value = scores[slot] as number;
    let position: number;
    if (filled < size) {
      // Sift up from the end.
      position = filled++;
      while (position > 0) {
        const parent = (position - 1) >> 1;
        if ((heapScores[parent] as number) <= value) break;
        heapScores[position] = heapScores[parent] as number;
        heapSlots[position] = heapSlots[parent] as number;
        position = parent;
      }
    } else {
      if (size === 0 || value <= (heapScores[0] as number)) continue;
      // Replace the root (the lowest kept) and sift it down.
      position = 0;
      for (;;) {
        const left = 2 * position + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && (heapScores[right] as number) < (heapScores[left] as number) ? right : left;
        if ((heapScores[child] as number) >= value) break;
        heapScores[position] = heapScores[child] as number;
        heapSlots[position] = heapSlots[child] as number;
        position = child;
      }
    }
    heapScores[position] = value;
    heapSlots[position] = slot;
  }
  const descending = heapScores.slice().sort().reverse();
  return {
    slots: heapSlots,
    kthScore: (k) => (k >= 1 && k <= descending.length ? (descending[k - 1] as number) : 0),
  };
}

/** The query's terms with postings, heaviest bound first; a lexeme without a weight does not count. */
function termListsOf(
  segments: Segment[],
  weights: ReadonlyMap<string, number>,
  k1: number,
  base: number,
  lengthFactor: number,
): TermList[] {
  const byLexeme = new Map<string, TermList>();
  for (const segment of segments) {
    const weight = weights.get(segment.lexeme);
    if (weight === undefined || weight === 0 || segment.postings.chunkIds.length === 0) continue;
    let term = byLexeme.get(segment.lexeme);
    if (!term) {
      term = { weight, segments: [], bound: 0, postingCount: 0 };
      byLexeme.set(segment.lexeme, term);
    }
    term.segments.push(segment);
    term.postingCount += segment.postings.chunkIds.length;
    const bound = (weight * (k1 + 1) * segment.maxTf) / (segment.maxTf + base + lengthFactor * segment.minLength);
    term.bound = Math.max(term.bound, bound);
  }
  return [...byLexeme.values()].sort((a, b) => b.bound - a.bound);
}

/**
 * The touched slots scoring at least `lowest`, in ascending order. When the touched chunks are a good part of the
 * range, a sequential pass over the scores gives them in order for the price of streaming memory; otherwise the
 * touched list is filtered and the few left sorted. (Only touched slots score above 0, and `lowest` is above 0
 * whenever pruning stopped early; at 0 every touched slot is kept either way.)
 */
function slotsReaching(
  scores: Float64Array,
  touched: Int32Array,
  touchedCount: number,
  range: number,
  lowest: number,
): Int32Array {
  if (touchedCount * DENSE_SCAN_RATIO >= range) {
    let count = 0;
    for (let slot = 0; slot < range; slot++) {
      const value = scores[slot] as number;
      if (value > 0 && value >= lowest) count++;
    }
    const reaching = new Int32Array(count);
    let kept = 0;
    for (let slot = 0; slot < range; slot++) {
      const value = scores[slot] as number;
      if (value > 0 && value >= lowest) reaching[kept++] = slot;
    }
    return reaching;
  }
  let count = 0;
  for (let index = 0; index < touchedCount; index++) {
    if ((scores[touched[index] as number] as number) >= lowest) count++;
  }
  const reaching = new Int32Array(count);
  let kept = 0;
  for (let index = 0; index < touchedCount; index++) {
    const slot = touched[index] as number;
    if ((scores[slot] as number) >= lowest) reaching[kept++] = slot;
  }
  return reaching.sort();
}

/** Touched chunks at least 1 in this many of the range: scanning the range beats reading them in touched order. */
const DENSE_SCAN_RATIO = 8;

/**
 * The touched slots that can still reach the best `depth`: their score plus what the remaining terms could add is at
 * least the floor, the higher of the threshold and the depth-th best score now (scores only grow, so both are lower
 * bounds of the depth-th best final score). Plain loops: this runs over every touched chunk once.
 */
function reachableSlots(
  slots: Int32Array,
  scores: Float64Array,
  depth: number,
  remaining: number,
  threshold: number,
): Int32Array {
  const floor =
    slots.length > depth ? Math.max(threshold, bestSlots(scores, slots, slots.length, depth).kthScore(depth)) : 0;
  const lowest = floor / BOUND_MARGIN - remaining;
  let count = 0;
  for (let index = 0; index < slots.length; index++) {
    if ((scores[slots[index] as number] as number) >= lowest) count++;
  }
  const reachable = new Int32Array(count);
  let kept = 0;
  for (let index = 0; index < slots.length; index++) {
    const slot = slots[index] as number;
    if ((scores[slot] as number) >= lowest) reachable[kept++] = slot;
  }
  return reachable;
}

/** The first index at or after `from` whose value is at least `target` (a sorted array; galloping, then binary). */
function firstAtLeast(values: Int32Array, from: number, target: number): number {
  if (from >= values.length || (values[from] as number) >= target) return from;
  let step = 1;
  let lowIndex = from;
  let highIndex = from + step;
  while (highIndex < values.length && (values[highIndex] as number) < target) {
    lowIndex = highIndex;
    step *= 2;
    highIndex = from + step;
  }
  highIndex = Math.min(highIndex, values.length);
  while (lowIndex + 1 < highIndex) {
    const middle = (lowIndex + highIndex) >> 1;
    if ((values[middle] as number) < target) lowIndex = middle;
    else highIndex = middle;
  }
  return highIndex;
}

/** Every posting scored into a Map: chunk ids too far apart for an array (never pruned; a rare shape). */
function rankSparse(
  input: ScoringInput,
  terms: TermList[],
  base: number,
  lengthFactor: number,
  depth: number,
): RankedChunks {
  const { tombstones, k1, allowedChunkIds } = input;
  const scores = new Map<number, number>();
  for (const term of terms) {
    const factor = term.weight * (k1 + 1);
    for (const segment of term.segments) {
      const voided = tombstones.get(segment.scopeId);
      const { chunkIds, tfs, lengths } = segment.postings;
      for (let index = 0; index < chunkIds.length; index++) {
        const chunkId = chunkIds[index] as number;
        if (voided && isVoided(voided, segment.id, chunkId)) continue;
        if (allowedChunkIds && !allowedChunkIds.has(chunkId)) continue;
        const tf = tfs[index] as number;
        const score = (factor * tf) / (tf + base + lengthFactor * (lengths[index] as number));
        scores.set(chunkId, (scores.get(chunkId) ?? 0) + score);
      }
    }
  }
  const best = new TopChunks(depth);
  for (const [chunkId, score] of scores) best.offer(chunkId, score);
  return {
    top: best.sorted(),
    isComplete: scores.size <= depth,
    postingsVisited: terms.reduce((sum, term) => sum + term.postingCount, 0),
  };
}

/** Whether a ranks before b: higher score, then lower chunk id (the order the SQL rankings used). */
function isBefore(aScore: number, aId: number, bScore: number, bId: number): boolean {
  return aScore > bScore || (aScore === bScore && aId < bId);
}

/** The best `capacity` chunks offered, kept in a binary heap whose root is the worst of them. */
class TopChunks {
  private readonly ids: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly capacity: number) {}

  offer(chunkId: number, score: number): void {
    if (this.capacity <= 0) return;
    if (this.ids.length < this.capacity) {
      this.ids.push(chunkId);
      this.scores.push(score);
      this.siftUp(this.ids.length - 1);
      return;
    }
    if (!isBefore(score, chunkId, this.scores[0] as number, this.ids[0] as number)) return;
    this.ids[0] = chunkId;
    this.scores[0] = score;
    this.siftDown(0);
  }

  sorted(): Array<{ chunkId: number; score: number }> {
    return this.ids
      .map((chunkId, index) => ({ chunkId, score: this.scores[index] as number }))
      .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
  }

  /** Whether the entry at i is worse than the one at j (the heap keeps the worst at the root). */
  private isWorse(i: number, j: number): boolean {
    return isBefore(this.scores[j] as number, this.ids[j] as number, this.scores[i] as number, this.ids[i] as number);
  }

  private swap(i: number, j: number): void {
    [this.ids[i], this.ids[j]] = [this.ids[j] as number, this.ids[i] as number];
    [this.scores[i], this.scores[j]] = [this.scores[j] as number, this.scores[i] as number];
  }

  private siftUp(start: number): void {
    let index = start;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.isWorse(index, parent)) return;
      this.swap(index, parent);
      index = parent;
    }
  }

  private siftDown(start: number): void {
    let index = start;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let worst = index;
      if (left < this.ids.length && this.isWorse(left, worst)) worst = left;
      if (right < this.ids.length && this.isWorse(right, worst)) worst = right;
      if (worst === index) return;
      this.swap(index, worst);
      index = worst;
    }
  }
}

/** The chunk ids of some documents (a search narrowed to them). */
export async function findChunkIdsOfDocuments(db: Database, documentIds: string[]): Promise<Set<number>> {
  const result = await db.execute(
    sql`SELECT ${chunks.id} AS id FROM ${chunks} WHERE ${chunks.documentId} = ANY(${sql.param(documentIds)}::uuid[])`,
  );
  return new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
}

export interface IndexedPosting {
  segmentId: number;
  scopeId: number;
  lexeme: string;
  chunkId: number;
  tf: number;
  length: number;
}

/** A segment's postings, decoded. */
export function decodePostings(postings: Buffer): Array<{ chunkId: number; tf: number; length: number }> {
  const { chunkIds, tfs, lengths } = toPostingList(postings);
  return Array.from(chunkIds, (chunkId, index) => ({
    chunkId,
    tf: tfs[index] as number,
    length: lengths[index] as number,
  }));
}

/**
 * What is wrong with the segments themselves (none when they are sound): a header that does not describe the body
 * (count, first and last chunk, highest frequency, shortest chunk), chunk ids not strictly increasing, a segment above
 * the maximum size. What the tests check after compaction, which writes headers and concatenates bodies.
 */
export async function findSegmentFaults(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT s.id, s.posting_count AS "postingCount", s.max_tf AS "maxTf", s.min_length AS "minLength",
           s.first_chunk_id AS "firstChunkId", s.last_chunk_id AS "lastChunkId",
           encode(s.postings, 'base64') AS postings
    FROM ${searchSegments} s ORDER BY s.id`);
  const faults: string[] = [];
  for (const row of rowsOf<
    Record<'id' | 'postingCount' | 'maxTf' | 'minLength' | 'firstChunkId' | 'lastChunkId', number | string> & {
      postings: string;
    }
  >(result)) {
    const postings = decodePostings(Buffer.from(row.postings, 'base64'));
    const described = {
      postingCount: postings.length,
      maxTf: Math.max(...postings.map((posting) => posting.tf)),
      minLength: Math.min(...postings.map((posting) => posting.length)),
      firstChunkId: postings[0]?.chunkId,
      lastChunkId: postings[postings.length - 1]?.chunkId,
    };
    for (const [field, value] of Object.entries(described)) {
      if (Number(row[field as keyof typeof described]) !== value) {
        faults.push(`segment ${row.id}: ${field} ${row[field as keyof typeof described]}, body says ${value}`);
      }
    }
    if (postings.some((posting, index) => index > 0 && posting.chunkId <= (postings[index - 1]?.chunkId ?? 0))) {
      faults.push(`segment ${row.id}: chunk ids not increasing`);
    }
    if (postings.length > MAX_SEGMENT_POSTINGS) faults.push(`segment ${row.id}: ${postings.length} postings`);
  }
  return faults;
}

/**
 * Every posting the index counts (tombstoned ones left out, deleted chunks' ones kept: search drops those when it
 * checks what it returns): what the tests compare with the chunks' own terms. Reads the whole index.
 */
export async function readIndexedPostings(db: Database): Promise<IndexedPosting[]> {
  const result = await db.execute(sql`
    SELECT s.id, s.scope_id AS "scopeId", s.lexeme, encode(s.postings, 'base64') AS postings,
           (SELECT coalesce(json_agg(json_build_array(t.chunk_id, t.segment_floor)), '[]'::json)
            FROM ${searchTombstones} t WHERE t.scope_id = s.scope_id) AS tombstones
    FROM ${searchSegments} s ORDER BY s.id`);
  const postings: IndexedPosting[] = [];
  for (const row of rowsOf<{
    id: number | string;
    scopeId: number | string;
    lexeme: string;
    postings: string;
    tombstones: Array<[number | string, number | string]> | string;
  }>(result)) {
    const segmentId = Number(row.id);
    const tombstones = (typeof row.tombstones === 'string' ? JSON.parse(row.tombstones) : row.tombstones) as Array<
      [number | string, number | string]
    >;
    const voided = new Map<number, number>();
    for (const [chunkId, floor] of tombstones) {
      voided.set(Number(chunkId), Math.max(voided.get(Number(chunkId)) ?? 0, Number(floor)));
    }
    for (const posting of decodePostings(Buffer.from(row.postings, 'base64'))) {
      if (isVoided(voided, segmentId, posting.chunkId)) continue;
      postings.push({ segmentId, scopeId: Number(row.scopeId), lexeme: row.lexeme, ...posting });
    }
  }
  return postings;
}

/** A PostgreSQL text[] as the driver returned it: parsed already, as a literal such as {a,"b c"}, or null. */
export function textArrayOf(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const body = value.replace(/^\{|\}$/g, '');
  if (!body) return [];
  return [...body.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((match) =>
    match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? ''),
  );
}
