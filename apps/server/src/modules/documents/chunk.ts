/** Text of one page of a document (PDF page, slide, sheet); `page` is null for formats without pages. */
export interface ExtractedPage {
  page: number | null;
  text: string;
}

export interface Chunk {
  ordinal: number;
  /** The page where the chunk starts. */
  page: number | null;
  text: string;
}

export interface ChunkOptions {
  /** A chunk grows paragraph by paragraph up to this many words. */
  maxWords?: number;
  /** Hard cap on characters, for text with very long "words" (URLs, encoded data). */
  maxChars?: number;
}

export const DEFAULT_MAX_WORDS = 300;
const DEFAULT_MAX_CHARS = 3000;

/** Whether this UTF-16 code unit is whitespace as `\s` in a regular expression means it. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The number of runs of non-whitespace, counted without building them (chunking counts every paragraph). */
export function countWords(text: string): number {
  let words = 0;
  let isInWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const isWordCharacter = !isSpace(text.charCodeAt(index));
    if (isWordCharacter && !isInWord) words += 1;
    isInWord = isWordCharacter;
  }
  return words;
}

/** Removes control characters (keeping tab and newline), normalises line ends and blank lines. */
export function cleanText(text: string): string {
  return (
    text
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/[ \t\u00A0]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Paragraphs are separated by blank lines. */
export function splitParagraphs(text: string): string[] {
  return cleanText(text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

const SENTENCE_END = /(?<=[.!?…])["')\]]*\s+(?=["'([]?[\p{Lu}\p{N}])/u;

const MARKDOWN_HEADING = /^#{1,6}\s+\S/;
/** Words a line ends with when its sentence goes on in the next line: such a line is no heading. */
const CONTINUATION_WORDS = new Set(
  'a an the of to for and or but nor with in on at by from into as than that is are was were be been'.split(' '),
);

/**
 * Whether a line looks like a heading: short (at most 8 words, 80 characters), starting with a capital or a number,
 * and ending without the punctuation that ends or continues a sentence (a table row or a line ending in "the" is no
 * heading either). The one rule for chunking and for the builtin model's sentence splitter (ADR 0111).
 */
export function hasHeadingShape(line: string): boolean {
  if (line.length > 80 || line.includes(' | ') || !/^[\p{Lu}\p{N}]/u.test(line) || !/\p{L}/u.test(line)) return false;
  const words = line.split(/\s+/);
  if (words.length > 8 || /[.!?…:;,\-–—]$/u.test(line.replace(/["'”’)\]]+$/u, ''))) return false;
  return !CONTINUATION_WORDS.has((words.at(-1) ?? '').toLowerCase());
}

/** Whether a piece is a heading: one line that is a Markdown heading or has a heading's shape. */
export function isHeadingPiece(piece: string): boolean {
  const line = piece.trim();
  if (!line || line.includes('\n')) return false;
  return MARKDOWN_HEADING.test(line) || hasHeadingShape(line);
}

/**
 * Greedily packs pieces (joined by `separator`) into groups within the limits. A heading never ends a group while
 * text follows: it moves on with its section (when both fit), so its section's sentences keep their heading.
 */
function pack(pieces: string[], separator: string, maxWords: number, maxChars: number): string[] {
  const groups: string[] = [];
  let current: string[] = [];
  let words = 0;
  let chars = 0;
  for (const piece of pieces) {
    const pieceWords = countWords(piece);
    if (current.length > 0 && (words + pieceWords > maxWords || chars + piece.length + 1 > maxChars)) {
      const carried: string[] = [];
      let carriedWords = 0;
      let carriedChars = 0;
      while (current.length > 1) {
        const last = current.at(-1) ?? '';
        const lastWords = countWords(last);
        const lastChars = last.length + separator.length;
        const fits =
          carriedWords + lastWords + pieceWords <= maxWords && carriedChars + lastChars + piece.length + 1 <= maxChars;
        if (!isHeadingPiece(last) || !fits) break;
        carried.unshift(last);
        carriedWords += lastWords;
        carriedChars += lastChars;
        current.pop();
      }
      groups.push(current.join(separator));
      current = carried;
      words = carriedWords;
      chars = carriedChars;
    }
    current.push(piece);
    words += pieceWords;
    chars += piece.length + separator.length;
  }
  if (current.length > 0) groups.push(current.join(separator));
  return groups;
}

/** Cuts one piece of text that has no natural boundary left into word windows. */
function splitByWords(text: string, maxWords: number, maxChars: number): string[] {
  const parts: string[] = [];
  let current = '';
  let words = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let start = 0; start < word.length; start += maxChars) {
      const piece = word.slice(start, start + maxChars);
      if (current && (words + 1 > maxWords || current.length + piece.length + 1 > maxChars)) {
        parts.push(current);
        current = '';
        words = 0;
      }
      current = current ? `${current} ${piece}` : piece;
      words += 1;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** A paragraph too long for one chunk: by lines (tables, lists), then by sentences, then by words. */
function splitLongParagraph(paragraph: string, maxWords: number, maxChars: number): string[] {
  const fits = (text: string) => countWords(text) <= maxWords && text.length <= maxChars;
  if (fits(paragraph)) return [paragraph];
  const lines = paragraph.split('\n').filter((line) => line.trim());
  const separator = lines.length > 1 ? '\n' : ' ';
  const units = lines.length > 1 ? lines : paragraph.split(SENTENCE_END).filter((sentence) => sentence.trim());
  const pieces = units.flatMap((unit) =>
    fits(unit)
      ? [unit]
      : lines.length > 1
        ? splitLongParagraph(unit, maxWords, maxChars)
        : splitByWords(unit, maxWords, maxChars),
  );
  return pack(pieces, separator, maxWords, maxChars);
}

/**
 * Splits extracted pages into passages for search and citation. A chunk is whole paragraphs (a paragraph longer than a
 * chunk is cut at lines, then sentences) up to `maxWords`, and never spans two pages, so every chunk has exactly one
 * page to cite: the page it starts on.
 */
export function chunkPages(pages: ExtractedPage[], options: ChunkOptions = {}): Chunk[] {
  const maxWords = options.maxWords ?? DEFAULT_MAX_WORDS;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const chunks: Chunk[] = [];
  for (const { page, text } of pages) {
    const pieces = splitParagraphs(text).flatMap((paragraph) => splitLongParagraph(paragraph, maxWords, maxChars));
    for (const group of pack(pieces, '\n\n', maxWords, maxChars)) {
      chunks.push({ ordinal: chunks.length, page, text: group });
    }
  }
  return chunks;
}
