import { describe, expect, it } from 'vitest';
import { citationUrl, citedNumbers, PassageRegistry } from './citations.ts';

const source = (chunkId: number, documentId: string, page: number | null = null) => ({
  chunkId,
  documentId,
  title: `${documentId}.pdf`,
  source: 'upload' as const,
  mimeType: 'application/pdf',
  page,
  text: `text ${chunkId}`,
  score: 1,
});

describe('citations', () => {
  it('reads [n], [n, m] and [n][m] markers in order of appearance', () => {
    expect(citedNumbers('A [2]. B [1, 3]. C [3][4]. Not a marker: [x], [0].')).toEqual([2, 1, 3, 4]);
  });

  it('numbers passages across tool calls and keeps a chunk its number', () => {
    const registry = new PassageRegistry();
    expect(registry.register([source(10, 'a'), source(11, 'b')]).map((p) => p.n)).toEqual([1, 2]);
    expect(registry.register([source(12, 'c'), source(10, 'a')]).map((p) => p.n)).toEqual([3, 1]);
  });

  it('cites only the passages the text uses, and drops numbers no tool returned', () => {
    const registry = new PassageRegistry();
    registry.register([source(10, 'a', 4), source(11, 'b'), source(12, 'c')]);
    expect(registry.citationsFor('From c [3] and a [1]; and [9].')).toEqual([
      { index: 1, documentId: 'a', title: 'a.pdf', source: 'upload', page: 4, url: '/api/documents/a/content#page=4' },
      { index: 3, documentId: 'c', title: 'c.pdf', source: 'upload', page: null, url: '/api/documents/c/content' },
    ]);
    expect(registry.citationsFor('No markers.')).toEqual([]);
  });

  it('links to the content URL, at the page when known', () => {
    expect(citationUrl('d1', 3)).toBe('/api/documents/d1/content#page=3');
    expect(citationUrl('d1', null)).toBe('/api/documents/d1/content');
  });
});
