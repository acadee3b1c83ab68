import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../test/seeded-random.ts';
import { type PostingList, rankSegments, type ScoringInput, type Segment, type Tombstones } from './lexical-index.ts';

interface Corpus {
  segments: Segment[];
  tombstones: Tombstones;
  lexemes: string[];
}

/**
 * A corpus shaped like a real one: word frequencies falling off like Zipf's law (a few words in most chunks, most in
 * few), chunks in two scopes, each (lexeme, scope)'s postings cut into segments of varied sizes, and some chunks moved
 * out of scope 1 and back (their old postings voided by a tombstone, newer ones in a later segment).
 */
function buildCorpus(random: () => number, chunkCount: number, lexemeCount: number): Corpus {
  const firstChunkId = 1000;
  const lengths = Array.from({ length: chunkCount }, () => 5 + Math.floor(random() * 300));
  const lexemes = Array.from({ length: lexemeCount }, (_, index) => `w${index}`);
  const segments: Segment[] = [];
  let nextSegmentId = 1;
  const moved = new Set<number>();
  for (let index = 0; index < chunkCount; index += 1) {
    if (random() < 0.02) moved.add(firstChunkId + index);
  }
  const postingsOf = (lexemeIndex: number) => {
    const share = 0.6 / (lexemeIndex + 1) ** 0.9;
    const postings: Array<{ chunkId: number; tf: number; length: number }> = [];
    for (let index = 0; index < chunkCount; index += 1) {
      if (random() < share) {
        const tf = 1 + Math.floor(random() ** 3 * 12);
        postings.push({ chunkId: firstChunkId + index, tf, length: Math.max(tf, lengths[index] as number) });
      }
    }
    return postings;
  };
  const addSegments = (
    lexeme: string,
    scopeId: number,
    postings: Array<{ chunkId: number; tf: number; length: number }>,
  ) => {
    for (let start = 0; start < postings.length; ) {
      const size = 1 + Math.floor(random() * 400);
      const part = postings.slice(start, start + size);
      start += size;
      const list: PostingList = {
        chunkIds: Int32Array.from(part.map((posting) => posting.chunkId)),
        tfs: Int16Array.from(part.map((posting) => posting.tf)),
        lengths: Int16Array.from(part.map((posting) => posting.length)),
      };
      segments.push({
        id: nextSegmentId++,
        scopeId,
        lexeme,
        postingCount: part.length,
        maxTf: Math.max(...part.map((posting) => posting.tf)),
        minLength: Math.min(...part.map((posting) => posting.length)),
        firstChunkId: part[0]?.chunkId ?? 0,
        lastChunkId: part.at(-1)?.chunkId ?? 0,
        postings: list,
      });
    }
  };
  const movedBack: Array<{ lexeme: string; postings: Array<{ chunkId: number; tf: number; length: number }> }> = [];
  lexemes.forEach((lexeme, lexemeIndex) => {
    const postings = postingsOf(lexemeIndex);
    addSegments(
      lexeme,
      1,
      postings.filter((posting) => posting.chunkId % 3 !== 0),
    );
    addSegments(
      lexeme,
      2,
      postings.filter((posting) => posting.chunkId % 3 === 0),
    );
    movedBack.push({ lexeme, postings: postings.filter((p) => moved.has(p.chunkId) && p.chunkId % 3 !== 0) });
  });
  // The moved chunks came back to scope 1: their postings again, above a floor that voids the old ones.
  const floor = nextSegmentId;
  const tombstones: Tombstones = new Map([[1, new Map([...moved].map((chunkId) => [chunkId, floor]))]]);
  for (const { lexeme, postings } of movedBack) addSegments(lexeme, 1, postings);
  return { segments, tombstones, lexemes };
}

/** Every posting scored, summed by chunk: the ranking the pruned one must equal. */
function rankExhaustively(input: ScoringInput): Array<{ chunkId: number; score: number }> {
  const { k1, b, averageLength } = input;
  const scores = new Map<number, number>();
  for (const segment of input.segments) {
    const weight = input.weights.get(segment.lexeme);
    if (!weight) continue;
    const { chunkIds, tfs, lengths } = segment.postings;
    chunkIds.forEach((chunkId, index) => {
      const floor = input.tombstones.get(segment.scopeId)?.get(chunkId);
      if (floor !== undefined && segment.id < floor) return;
      if (input.allowedChunkIds && !input.allowedChunkIds.has(chunkId)) return;
      const tf = tfs[index] as number;
      const norm = k1 * (1 - b + (b * (lengths[index] as number)) / averageLength);
      scores.set(chunkId, (scores.get(chunkId) ?? 0) + (weight * tf * (k1 + 1)) / (tf + norm));
    });
  }
  return [...scores]
    .map(([chunkId, score]) => ({ chunkId, score }))
    .sort((x, y) => y.score - x.score || x.chunkId - y.chunkId);
}

describe('rankSegments', () => {
  it('returns the exhaustive top chunks at every depth, while visiting far fewer postings on common words', () => {
    const random = createSeededRandom(17);
    const corpus = buildCorpus(random, 40_000, 60);
    let visited = 0;
    let total = 0;
    let queriesPruned = 0;
    for (let query = 0; query < 60; query += 1) {
      const termCount = 1 + Math.floor(random() * 6);
      const weights = new Map<string, number>();
      for (let term = 0; term < termCount; term += 1) {
        const lexeme = corpus.lexemes[Math.floor(random() ** 1.5 * corpus.lexemes.length)] as string;
        // Like idf: rare words weigh more; a word asked twice counts twice.
        const index = Number(lexeme.slice(1));
        weights.set(lexeme, (weights.get(lexeme) ?? 0) + Math.log(2 + index));
      }
      const input: ScoringInput = {
        segments: corpus.segments,
        tombstones: corpus.tombstones,
        weights,
        k1: 1.2,
        b: 0.75,
        averageLength: 150,
        ...(query % 5 === 4
          ? { allowedChunkIds: new Set(Array.from({ length: 20_000 }, (_, i) => 1000 + i * 2)) }
          : {}),
      };
      const exact = rankExhaustively(input);
      for (const depth of [1, 10, 40]) {
        const ranked = rankSegments(input, depth);
        const expected = exact.slice(0, depth);
        expect(ranked.top.map((entry) => entry.score)).toEqual(expected.map((entry) => expect.closeTo(entry.score, 9)));
        // The chunks returned are the ones with those scores (equal scores may come in either order).
        const exactScores = new Map(exact.map((entry) => [entry.chunkId, entry.score]));
        for (const entry of ranked.top) expect(exactScores.get(entry.chunkId)).toBeCloseTo(entry.score, 9);
        // Complete only when nothing else scored.
        expect(ranked.isComplete ? exact.length <= depth : true).toBe(true);
        if (depth === 10) {
          const termPostings = corpus.segments
            .filter((segment) => weights.has(segment.lexeme))
            .reduce((sum, segment) => sum + segment.postingCount, 0);
          visited += ranked.postingsVisited;
          total += termPostings;
          if (ranked.postingsVisited < termPostings) queriesPruned += 1;
        }
      }
    }
    expect(queriesPruned).toBeGreaterThan(20);
    expect(visited).toBeLessThan(total * 0.6);
  });

  it('says when every chunk that scored was returned', () => {
    const random = createSeededRandom(3);
    const corpus = buildCorpus(random, 200, 5);
    const input: ScoringInput = {
      segments: corpus.segments,
      tombstones: new Map(),
      weights: new Map([['w4', 2]]),
      k1: 1.2,
      b: 0.75,
      averageLength: 150,
    };
    const all = rankExhaustively(input);
    expect(rankSegments(input, all.length).isComplete).toBe(true);
    expect(rankSegments(input, all.length - 1).isComplete).toBe(false);
    expect(rankSegments({ ...input, weights: new Map() }, 10)).toMatchObject({ top: [], isComplete: true });
  });
});
