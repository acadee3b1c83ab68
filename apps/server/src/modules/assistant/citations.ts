import type { Citation, SearchResult } from '@lumen/contract';
import type { Passage } from './tool-outputs.ts';

/** What a tool hands the registry: a passage of a document the user may view. */
export type PassageSource = Omit<SearchResult, 'snippet'>;

/**
 * Where a citation chip opens the document: our content URL, at the page when known. For a synced document (no
 * file) that URL redirects to the file at its source.
 */
export function citationUrl(documentId: string, page: number | null): string {
  return `/api/documents/${documentId}/content${page ? `#page=${page}` : ''}`;
}

/** The [n] markers of a text, in order of first appearance ("[1]", "[2, 3]", "[1][4]"). */
export function citedNumbers(text: string): number[] {
  const numbers: number[] = [];
  for (const match of text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) {
    for (const value of (match[1] ?? '').split(',')) {
      const n = Number(value.trim());
      if (Number.isInteger(n) && n > 0 && !numbers.includes(n)) numbers.push(n);
    }
  }
  return numbers;
}

/**
 * The passages one request's tools handed to the model, numbered 1, 2, 3... across all tool calls (the same chunk
 * keeps its number). The answer's [n] markers are resolved here, so a citation can only name a passage a tool really
 * returned to this user, and only when the answer cites it.
 */
export class PassageRegistry {
  private readonly byNumber = new Map<number, Passage>();
  private readonly byChunk = new Map<number, number>();

  register(sources: PassageSource[]): Passage[] {
    return sources.map((source) => {
      let n = this.byChunk.get(source.chunkId);
      if (n === undefined) {
        n = this.byNumber.size + 1;
        this.byChunk.set(source.chunkId, n);
      }
      const passage: Passage = {
        n,
        documentId: source.documentId,
        title: source.title,
        source: source.source,
        mimeType: source.mimeType,
        page: source.page,
        text: source.text,
        score: source.score,
      };
      this.byNumber.set(n, passage);
      return passage;
    });
  }

  get size(): number {
    return this.byNumber.size;
  }

  /** Citations for the markers the text contains, ordered by number; unknown numbers are dropped. */
  citationsFor(text: string): Citation[] {
    return citedNumbers(text)
      .map((n) => this.byNumber.get(n))
      .filter((passage): passage is Passage => passage !== undefined)
      .sort((a, b) => a.n - b.n)
      .map((passage) => ({
        index: passage.n,
        documentId: passage.documentId,
        title: passage.title,
        source: passage.source,
        page: passage.page,
        url: citationUrl(passage.documentId, passage.page),
      }));
  }
}
