import { describe, expect, it } from 'vitest';
import { chunkPages, cleanText, countWords, isHeadingPiece, splitParagraphs } from './chunk.ts';
import { indexedTitle } from './ingest.ts';

const words = (count: number, word = 'word') =>
  Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('chunkPages', () => {
  it('keeps short paragraphs together and whole', () => {
    const chunks = chunkPages([{ page: null, text: 'First paragraph.\n\nSecond paragraph.\n\n\nThird.' }]);
    expect(chunks).toEqual([{ ordinal: 0, page: null, text: 'First paragraph.\n\nSecond paragraph.\n\nThird.' }]);
  });

  it('starts a new chunk at a paragraph boundary rather than cutting a paragraph', () => {
    const first = words(200, 'alpha');
    const second = words(150, 'beta');
    const chunks = chunkPages([{ page: null, text: `${first}\n\n${second}` }]);
    expect(chunks.map((chunk) => chunk.text)).toEqual([first, second]);
  });

  it('cuts a paragraph longer than a chunk at sentence ends, within the word limit', () => {
    const sentence = (index: number) => `Sentence number ${index} talks about ${words(20, `t${index}x`)}.`;
    const paragraph = Array.from({ length: 30 }, (_, index) => sentence(index)).join(' ');
    const chunks = chunkPages([{ page: 3, text: paragraph }]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(wordCount(chunk.text)).toBeLessThanOrEqual(300);
      expect(wordCount(chunk.text)).toBeGreaterThanOrEqual(100);
      expect(chunk.text).toMatch(/^Sentence number \d+/);
      expect(chunk.text.endsWith('.')).toBe(true);
      expect(chunk.page).toBe(3);
    }
    expect(chunks.map((chunk) => chunk.text).join(' ')).toBe(paragraph);
  });

  it('cuts a table paragraph at its lines', () => {
    const table = Array.from({ length: 120 }, (_, index) => `row ${index} | value ${index} | note ${index}`).join('\n');
    const chunks = chunkPages([{ page: 1, text: table }]);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text.split('\n').every((line) => /^row \d+ \| /.test(line))).toBe(true);
  });

  it('never lets a chunk span two pages, and keeps the page where it starts', () => {
    const chunks = chunkPages([
      { page: 1, text: 'Short first page.' },
      { page: 2, text: `Page two opens.\n\n${words(298)}` },
      { page: 3, text: '' },
      { page: 4, text: 'Last page.' },
    ]);
    expect(chunks.map((chunk) => [chunk.ordinal, chunk.page, chunk.text.slice(0, 16)])).toEqual([
      [0, 1, 'Short first page'],
      [1, 2, 'Page two opens.'],
      [2, 2, 'word0 word1 word'],
      [3, 4, 'Last page.'],
    ]);
  });

  it('cuts text without any boundary (one enormous word) by size', () => {
    const chunks = chunkPages([{ page: null, text: 'x'.repeat(10_000) }]);
    expect(chunks.length).toBe(4);
    expect(chunks.every((chunk) => chunk.text.length <= 3000)).toBe(true);
  });

  it('keeps a heading apart from the sentence under it, as extraction gives it (text, Markdown, HTML or DOCX)', () => {
    const sentence = 'The emergency shutdown code for the Tromso cold store is QX87754.';
    for (const text of [`Emergencies\n${sentence}`, `## Emergencies\n\n${sentence}`, `Emergencies\n\n${sentence}`]) {
      const [chunk] = chunkPages([{ page: null, text }]);
      expect(chunk?.text.split('\n').at(-1)).toBe(sentence);
    }
  });

  it('moves a heading that would end a chunk on to the section it titles', () => {
    const before = `${words(250, 'alpha')}.`;
    const section = `${words(100, 'beta')}.`;
    for (const heading of ['Emergencies', '## Emergency procedures for the Tromso cold store and its harbour']) {
      const chunks = chunkPages([{ page: 2, text: `${before}\n\n${heading}\n\n${section}` }]);
      expect(chunks.map((chunk) => chunk.text)).toEqual([before, `${heading}\n\n${section}`]);
    }
    // Within a long paragraph cut at its lines, too.
    const lines = chunkPages([{ page: null, text: `${before}\nEmergencies\n${section}` }]);
    expect(lines.map((chunk) => chunk.text)).toEqual([before, `Emergencies\n${section}`]);
    // A line of the text that only looks short stays where it is.
    const closing = chunkPages([{ page: null, text: `${before}\n\nSee you soon.\n\n${section}` }]);
    expect(closing.map((chunk) => chunk.text)).toEqual([`${before}\n\nSee you soon.`, section]);
  });

  it('carries a heading only when it fits with its section', () => {
    const before = `${words(250, 'alpha')}.`;
    const section = `${words(299, 'beta')}.`;
    const chunks = chunkPages([{ page: null, text: `${before}\n\nEmergency shutdown\n\n${section}` }]);
    expect(chunks.map((chunk) => chunk.text)).toEqual([`${before}\n\nEmergency shutdown`, section]);
    expect(chunks.every((chunk) => wordCount(chunk.text) <= 300)).toBe(true);
  });

  it('has nothing to say about empty pages', () => {
    expect(chunkPages([{ page: 1, text: ' \n\n \t' }])).toEqual([]);
  });
});

describe('isHeadingPiece', () => {
  it.each([
    ['Emergencies', true],
    ['## Emergency procedures for the Tromso cold store and its harbour', true],
    ['3.2 Shutdown codes', true],
    ['Sheet: Budget', true],
    ['The code is QX87754.', false],
    ['Contact the duty manager at', false],
    ['Emergency contacts:', false],
    ['lower-case continuation of a line', false],
    ['Name | Code', false],
    ['Emergencies\nThe code is QX87754.', false],
    ['The emergency shutdown code for the Tromso cold store is kept here', false],
  ])('%s -> %s', (piece, expected) => {
    expect(isHeadingPiece(piece)).toBe(expected);
  });
});

describe('text cleaning', () => {
  it('removes control characters and normalises line ends', () => {
    expect(cleanText('\uFEFFa\u0000b\r\nc\rd\u0007\n\n\n\ne  \nf')).toBe('ab\nc\nd\n\ne\nf');
  });

  it('splits paragraphs on blank lines', () => {
    expect(splitParagraphs('one\ntwo\n\n  \nthree')).toEqual(['one\ntwo', 'three']);
  });
});

describe('indexedTitle', () => {
  it('splits a file name into words', () => {
    expect(indexedTitle('Q3_budget-final.xlsx')).toBe('Q3 budget final xlsx');
    expect(indexedTitle('logo.png')).toBe('logo png');
    expect(indexedTitle('A title that is a sentence.')).toBe('A title that is a sentence.');
  });
});

describe('countWords', () => {
  it('counts words as splitting on the regular expression whitespace class does, for every kind of space', () => {
    const spaces = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((character) =>
      /\s/.test(character),
    );
    expect(spaces.length).toBeGreaterThan(20);
    const samples = [
      '',
      '   ',
      'one',
      ' two  words ',
      ...spaces.map((space) => `a${space}b${space}${space}c`),
      spaces.join('x'),
      `\u200bzero-width\u200bspace is not a space`,
      'emoji 🙂 and surrogate \ud83d pairs',
    ];
    for (const sample of samples) expect(countWords(sample), JSON.stringify(sample)).toBe(wordCount(sample));
  });
});
