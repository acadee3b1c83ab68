/// <reference path="./word-extractor.d.ts" />
import { createInflateRaw } from 'node:zlib';
import { formatDocumentFailure } from '@lumen/contract/document-failures';
import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import { HTMLElement, type Node as HtmlNode, parse as parseHtml, TextNode } from 'node-html-parser';
import { cleanText, type ExtractedPage } from './chunk.ts';
import { detectTextEncoding, FILE_TYPES, type FileTypeId } from './file-type-table.ts';

/** Extraction failed for a reason a person can act on; the message is shown on the document. */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionError';
  }
}

export interface ExtractOptions {
  /** ZIP-based formats (DOCX, XLSX, PPTX) whose parts expand to more than this in all are refused (archive bombs). */
  maxUnpackedBytes?: number;
  /** Files whose extracted text passes this many characters are refused (their passages would flood the index). */
  maxTextChars?: number;
  /** PDFs with more pages than this are refused. */
  maxPdfPages?: number;
}

const MB = 1024 * 1024;
export const DEFAULT_MAX_UNPACKED_BYTES = 100 * MB;
export const DEFAULT_MAX_TEXT_CHARS = 20 * MB;
export const DEFAULT_MAX_PDF_PAGES = 2000;
export const MAX_ZIP_ENTRIES = 10_000;
/**
 * One part may not expand past this: a part becomes one string on the worker (twice its bytes for text beyond
 * Latin-1), and a single allocation far past the worker's heap limit ends the whole process, not just the worker.
 */
export const MAX_PART_BYTES = 50 * MB;
/** A part that expands past this may not expand more than MAX_COMPRESSION_RATIO times; small parts may (XML). */
const RATIO_CHECKED_BYTES = MB;
export const MAX_COMPRESSION_RATIO = 200;
/** Table rows per paragraph; each paragraph repeats the header so a passage of a big table still makes sense. */
const ROWS_PER_GROUP = 20;

/** What a person reads when reading a file would take more memory than its worker has. */
export const TOO_COMPLEX_REASON = formatDocumentFailure('tooComplex');

function megabytes(bytes: number): string {
  const value = bytes / MB;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** Counts the text a file yields as it is extracted, and refuses the file once it passes the limit. */
class TextBudget {
  private used = 0;

  constructor(private readonly maxChars: number) {}

  /** Counts text as it is made (table rows, slides, PDF pages). */
  spend(chars: number): void {
    this.used += chars;
    this.assertFits(this.used);
  }

  /** Checks a whole text at once (a decoded file, the extracted result) without counting it. */
  assertFits(chars: number): void {
    if (chars > this.maxChars) {
      throw new ExtractionError(formatDocumentFailure('tooMuchText', { megabytes: megabytes(this.maxChars) }));
    }
  }
}

/**
 * The parsers load when a file of their format first comes, not with this module: an extraction worker starts in a
 * fraction of the time (ExcelJS alone takes over a second to load), and the app's own start does not pay for them.
 */
const parsers = {
  excel: () => import('exceljs').then((module) => module.default),
  zip: () => import('jszip').then((module) => module.default),
  mammoth: () => import('mammoth').then((module) => module.default),
  pdf: () => import('unpdf'),
  word: () => import('word-extractor').then((module) => module.default),
};

function typeOfMime(mimeType: string): FileTypeId | undefined {
  return (Object.keys(FILE_TYPES) as FileTypeId[]).find((id) => FILE_TYPES[id].mimeType === mimeType);
}

/**
 * The text of a stored file, page by page (PDF pages, slides, sheets; one page with a null number for formats without
 * pages). Images have no text here (no offline OCR, ADR 0013): they return no pages.
 */
export async function extractPages(
  content: Buffer,
  mimeType: string,
  options: ExtractOptions = {},
): Promise<ExtractedPage[]> {
  const budget = new TextBudget(options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS);
  const pages = await extractWithin(content, mimeType, options, budget);
  // Every format's whole text is held to the limit; the budget stopped early the ones it could.
  budget.assertFits(pages.reduce((total, page) => total + page.text.length, 0));
  return pages;
}

async function extractWithin(
  content: Buffer,
  mimeType: string,
  options: ExtractOptions,
  budget: TextBudget,
): Promise<ExtractedPage[]> {
  const type = typeOfMime(mimeType);
  const maxUnpackedBytes = options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES;
  switch (type) {
    case 'pdf':
      return extractPdf(content, options.maxPdfPages ?? DEFAULT_MAX_PDF_PAGES, budget);
    case 'docx':
      await assertArchiveSafe(content, maxUnpackedBytes, 'wordDamaged');
      return extractDocx(content, budget);
    case 'doc':
      return extractDoc(content, budget);
    case 'xlsx':
      await assertArchiveSafe(content, maxUnpackedBytes, 'excelDamaged');
      return extractXlsx(content, budget);
    case 'pptx':
      await assertArchiveSafe(content, maxUnpackedBytes, 'powerPointDamaged');
      return extractPptx(content, budget);
    case 'html':
      return [{ page: null, text: htmlToText(decodeText(content, budget)) }];
    case 'csv':
      return [{ page: null, text: tableToText(parseCsv(decodeText(content, budget)), undefined, budget) }];
    case 'txt':
    case 'md':
      return [{ page: null, text: decodeText(content, budget) }];
    case 'png':
    case 'jpeg':
    case 'gif':
      return [];
    default:
      throw new ExtractionError(formatDocumentFailure('typeNotReadable', { mimeType }));
  }
}

/** The text of a text file; one longer than the budget is refused before any parsing. */
function decodeText(content: Buffer, budget: TextBudget): string {
  // Three bytes of UTF-8 make at least one character: past that, the text is too long without decoding it.
  budget.assertFits(Math.floor(content.length / 3));
  const text = new TextDecoder(detectTextEncoding(content)).decode(content);
  budget.assertFits(text.length);
  return cleanText(text);
}

async function extractPdf(content: Buffer, maxPages: number, budget: TextBudget): Promise<ExtractedPage[]> {
  const { getDocumentProxy } = await parsers.pdf();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(content), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    throw pdfFailure(error);
  }
  try {
    if (pdf.numPages > maxPages) {
      throw new ExtractionError(formatDocumentFailure('tooManyPdfPages', { pages: maxPages.toLocaleString('en-US') }));
    }
    // One page at a time (not all at once), so a long PDF holds one page's text items, and the budget stops it early.
    const pages: ExtractedPage[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      page.cleanup();
      const positioned: PdfItem[] = [];
      for (const item of items) {
        if (!('str' in item)) continue;
        const [, , c = 0, d = 0, , y = 0] = item.transform as number[];
        positioned.push({ str: item.str, y, fontSize: Math.hypot(c, d), hasEOL: item.hasEOL });
      }
      const text = pdfItemsToText(positioned);
      budget.spend(text.length);
      pages.push({ page: number, text });
    }
    return pages;
  } catch (error) {
    throw pdfFailure(error);
  } finally {
    await pdf.destroy();
  }
}

function pdfFailure(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new ExtractionError(formatDocumentFailure('pdfPasswordProtected'));
  }
  return new ExtractionError(formatDocumentFailure('pdfDamaged'));
}

interface PdfItem {
  str: string;
  y: number;
  fontSize: number;
  hasEOL: boolean;
}

/** Lines whose font sizes differ by more than this ratio are not one paragraph (a heading above its text). */
const PDF_SIZE_CHANGE = 1.15;

const isSizeChange = (a: number, b: number) => Math.max(a, b) / Math.max(Math.min(a, b), 1) > PDF_SIZE_CHANGE;

/**
 * Rebuilds lines from positioned text items, and paragraphs from larger vertical gaps between lines or a change of
 * font size (a heading set larger than its text stays a line of its own, ADR 0111).
 */
function pdfItemsToText(items: PdfItem[]): string {
  const lines: Array<{ text: string; y: number; size: number }> = [];
  let current = '';
  let lineY: number | null = null;
  let lineSize = 0;
  const endLine = () => {
    if (current.trim() && lineY !== null) lines.push({ text: current.trim(), y: lineY, size: lineSize || 10 });
    current = '';
    lineY = null;
    lineSize = 0;
  };
  for (const item of items) {
    if (lineY !== null && Math.abs(item.y - lineY) > Math.max(item.fontSize, 1) * 0.5) endLine();
    if (lineY === null) lineY = item.y;
    lineSize = Math.max(lineSize, item.fontSize);
    current += item.str;
    if (item.hasEOL) endLine();
  }
  endLine();
  let text = '';
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    if (!previous) text = line.text;
    else if (Math.abs(previous.y - line.y) > previous.size * 1.75 || isSizeChange(previous.size, line.size)) {
      text += `\n\n${line.text}`;
    } else if (previous.text.endsWith('-') && /^\p{Ll}/u.test(line.text)) text = `${text.slice(0, -1)}${line.text}`;
    else text += `\n${line.text}`;
  });
  // Lines of one paragraph read as one paragraph of text.
  return cleanText(text)
    .split('\n\n')
    .map((paragraph) => paragraph.replace(/\n/g, ' '))
    .join('\n\n');
}

async function extractDocx(content: Buffer, budget: TextBudget): Promise<ExtractedPage[]> {
  const mammoth = await parsers.mammoth();
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: content })).value;
  } catch {
    throw new ExtractionError(formatDocumentFailure('wordDamaged'));
  }
  // Checked before cleaning: each pass of cleanText copies the whole text.
  budget.assertFits(text.length);
  return [{ page: null, text: cleanText(text) }];
}

async function extractDoc(content: Buffer, budget: TextBudget): Promise<ExtractedPage[]> {
  const WordExtractor = await parsers.word();
  let paragraphs: string[];
  try {
    const document = await new WordExtractor().extract(content);
    // Each paragraph mark (a line of the extracted text) is a paragraph, as in a DOCX, so chunking keeps them whole.
    paragraphs = [document.getBody(), document.getFootnotes(), document.getEndnotes()]
      .flatMap((part) => part.split('\n'))
      .map((line) => line.trim())
      .filter(Boolean);
  } catch {
    throw new ExtractionError(formatDocumentFailure('word97Unreadable'));
  }
  budget.assertFits(paragraphs.reduce((total, paragraph) => total + paragraph.length + 2, 0));
  return [{ page: null, text: cleanText(paragraphs.join('\n\n')) }];
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text.replace(/\s+/g, ' ').trim();
  } catch {
    return '';
  }
}

/**
 * Rows as pipe-separated lines; every group of rows repeats the header row. The repeats are counted as they are made:
 * a long header over many short rows would otherwise multiply the text of a small file.
 */
function tableToText(rows: string[][], heading: string | undefined, budget: TextBudget): string {
  const nonEmpty = rows.filter((row) => row.some((cell) => cell.trim()));
  const [header, ...body] = nonEmpty;
  const paragraphs: string[] = heading ? [heading] : [];
  if (header) {
    const headerLine = header.join(' | ');
    if (body.length === 0) paragraphs.push(headerLine);
    for (let start = 0; start < body.length; start += ROWS_PER_GROUP) {
      const group = body.slice(start, start + ROWS_PER_GROUP).map((row) => row.join(' | '));
      const paragraph = [headerLine, ...group].join('\n');
      budget.spend(paragraph.length);
      paragraphs.push(paragraph);
    }
  }
  return paragraphs.join('\n\n');
}

async function extractXlsx(content: Buffer, budget: TextBudget): Promise<ExtractedPage[]> {
  const workbook = new (await parsers.excel()).Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError(formatDocumentFailure('excelDamaged'));
  }
  const pages: ExtractedPage[] = [];
  workbook.worksheets.forEach((sheet, index) => {
    const rows: string[][] = [];
    const width = sheet.columnCount;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let column = 1; column <= width; column += 1) cells.push(cellText(row.getCell(column)));
      while (cells.length > 0 && !cells[cells.length - 1]) cells.pop();
      rows.push(cells);
    });
    pages.push({ page: index + 1, text: tableToText(rows, `Sheet: ${sheet.name}`, budget) });
  });
  return pages;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? entity;
  });
}

/** The text of a DrawingML part: one line per <a:p>, its <a:t> runs joined. */
function drawingText(xml: string): string {
  const paragraphs: string[] = [];
  for (const paragraph of xml.match(/<a:p[\s>][\s\S]*?<\/a:p>/g) ?? []) {
    const runs = [...paragraph.matchAll(/<a:t(?:\s[^>]*)?>([\s\S]*?)<\/a:t>/g)].map((match) =>
      decodeXmlText(match[1] ?? ''),
    );
    const line = runs.join('').trim();
    if (line) paragraphs.push(line);
  }
  return paragraphs.join('\n\n');
}

async function extractPptx(content: Buffer, budget: TextBudget): Promise<ExtractedPage[]> {
  const Zip = await parsers.zip();
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(content);
  } catch {
    throw new ExtractionError(formatDocumentFailure('powerPointDamaged'));
  }
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, match: /^ppt\/slides\/slide(\d+)\.xml$/.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ name, match }) => ({ name, number: Number(match[1]) }))
    .sort((a, b) => a.number - b.number);
  const pages: ExtractedPage[] = [];
  for (const [index, slide] of slides.entries()) {
    const xml = (await zip.file(slide.name)?.async('string')) ?? '';
    const raw = drawingText(xml);
    budget.spend(raw.length);
    pages.push({ page: index + 1, text: cleanText(raw) });
  }
  return pages;
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);

/** Visible text of an HTML page: scripts, styles and the head dropped, each block element its own paragraph. */
export function htmlToText(html: string): string {
  const root = parseHtml(html, { blockTextElements: { pre: true } });
  for (const node of root.querySelectorAll('script, style, noscript, template, head, svg, iframe, object')) {
    node.remove();
  }
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    const text = current
      .split('\n')
      .map((line) =>
        line
          .replace(/\s+/g, ' ')
          .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
          .trim(),
      )
      .filter(Boolean)
      .join('\n');
    if (text) blocks.push(text);
    current = '';
  };
  const walk = (node: HtmlNode, isPreformatted: boolean) => {
    if (node instanceof TextNode) {
      current += isPreformatted ? node.text : node.text.replace(/\s+/g, ' ');
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    const tag = node.rawTagName?.toLowerCase() ?? '';
    const isBlock = BLOCK_TAGS.has(tag);
    if (isBlock) flush();
    if (tag === 'br') current += '\n';
    for (const child of node.childNodes) walk(child, isPreformatted || tag === 'pre');
    if (tag === 'td' || tag === 'th') current += ' | ';
    if (isBlock) flush();
  };
  walk(root, false);
  flush();
  return cleanText(blocks.join('\n\n'));
}

/** RFC 4180 CSV: quoted fields with commas, quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"' && field === '') isQuoted = true;
    else if (char === ',') {
      row.push(field.trim());
      field = '';
    } else if (char === '\n') {
      row.push(field.trim());
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length > 0) {
    row.push(field.trim());
    rows.push(row);
  }
  return rows.map((cells) => cells.map((cell) => cell.replace(/\s+/g, ' ')));
}

/** One part of a ZIP archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  maxUnpackedBytes: number;
  maxPartBytes?: number;
  maxEntries?: number;
  maxRatio?: number;
}

function expandsTooFar(maxUnpackedBytes: number): ExtractionError {
  return new ExtractionError(formatDocumentFailure('expandsTooFar', { megabytes: megabytes(maxUnpackedBytes) }));
}

/** The failure a damaged archive of each kind is reported with: each kind has a sentence of its own. */
export type DamagedArchive = 'wordDamaged' | 'excelDamaged' | 'powerPointDamaged';

/**
 * Reads a ZIP's central directory and refuses, before any library inflates it, an archive that declares more than
 * `maxUnpackedBytes` in all, a part larger than `maxPartBytes`, more than `maxEntries` parts, or a part of over 1 MB
 * that expands more than `maxRatio` times (a bomb's signature: deflate of repeated text reaches 1,000:1, documents'
 * XML 5-20:1). Returns the parts.
 */
export function assertZipWithinLimits(content: Buffer, limits: ZipLimits, kind: DamagedArchive): ZipEntry[] {
  const maxPartBytes = Math.min(limits.maxPartBytes ?? MAX_PART_BYTES, limits.maxUnpackedBytes);
  const maxEntries = limits.maxEntries ?? MAX_ZIP_ENTRIES;
  const maxRatio = limits.maxRatio ?? MAX_COMPRESSION_RATIO;
  const damaged = () => new ExtractionError(formatDocumentFailure(kind));
  if (content.length < 22) throw damaged();
  const searchFrom = Math.max(0, content.length - 22 - 0xffff);
  let end = -1;
  for (let offset = content.length - 22; offset >= searchFrom; offset -= 1) {
    if (content.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw damaged();
  const declaredEntries = content.readUInt16LE(end + 10);
  const directoryOffset = content.readUInt32LE(end + 16);
  // ZIP64 (more than 65,535 parts or 4 GB) is never an office document within the upload limit.
  if (declaredEntries === 0xffff) throw new ExtractionError(tooManyParts(maxEntries));
  if (directoryOffset === 0xffffffff || directoryOffset > end) throw damaged();
  const entries: ZipEntry[] = [];
  let total = 0;
  // Every header of the directory is read, not just the count the end record gives: readers walk them all.
  for (let offset = directoryOffset; offset + 4 <= end && content.readUInt32LE(offset) === 0x02014b50; ) {
    if (offset + 46 > end) throw damaged();
    if (entries.length >= maxEntries) throw new ExtractionError(tooManyParts(maxEntries));
    const nameLength = content.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      name: content.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: content.readUInt16LE(offset + 10),
      compressedSize: content.readUInt32LE(offset + 20),
      uncompressedSize: content.readUInt32LE(offset + 24),
      localHeaderOffset: content.readUInt32LE(offset + 42),
    };
    total += entry.uncompressedSize === 0xffffffff ? Number.POSITIVE_INFINITY : entry.uncompressedSize;
    if (total > limits.maxUnpackedBytes) throw expandsTooFar(limits.maxUnpackedBytes);
    if (entry.uncompressedSize > maxPartBytes) {
      throw new ExtractionError(formatDocumentFailure('partExpandsTooFar', { megabytes: megabytes(maxPartBytes) }));
    }
    if (
      entry.uncompressedSize > RATIO_CHECKED_BYTES &&
      entry.uncompressedSize > maxRatio * Math.max(entry.compressedSize, 1)
    ) {
      throw new ExtractionError(formatDocumentFailure('compressionTooHigh', { ratio: maxRatio }));
    }
    entries.push(entry);
    offset += 46 + nameLength + content.readUInt16LE(offset + 30) + content.readUInt16LE(offset + 32);
  }
  if (entries.length !== declaredEntries) throw damaged();
  return entries;
}

function tooManyParts(maxEntries: number): string {
  return formatDocumentFailure('tooManyParts', { parts: maxEntries.toLocaleString('en-US') });
}

/**
 * Inflates each part without keeping its output, and refuses the archive if a part expands to more than its
 * directory says: the limits above trust the directory, and the libraries would inflate a lying part in full.
 */
export async function assertZipInflatesAsDeclared(
  content: Buffer,
  entries: ZipEntry[],
  kind: DamagedArchive,
): Promise<void> {
  const damaged = () => new ExtractionError(formatDocumentFailure(kind));
  for (const entry of entries) {
    const local = entry.localHeaderOffset;
    if (local + 30 > content.length || content.readUInt32LE(local) !== 0x04034b50) throw damaged();
    const start = local + 30 + content.readUInt16LE(local + 26) + content.readUInt16LE(local + 28);
    if (start + entry.compressedSize > content.length) throw damaged();
    const data = content.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw damaged();
    } else if (entry.method === 8) {
      const size = await inflatedSize(data, entry.uncompressedSize).catch(() => -1);
      if (size !== entry.uncompressedSize) throw damaged();
    } else {
      throw damaged();
    }
  }
}

/** How many bytes raw deflate data expands to, counted chunk by chunk; stops once past `limit` (returns more). */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/** The checks above, in order: the directory first (nothing inflated), then the parts' real sizes. */
async function assertArchiveSafe(content: Buffer, maxUnpackedBytes: number, kind: DamagedArchive): Promise<void> {
  const entries = assertZipWithinLimits(content, { maxUnpackedBytes }, kind);
  await assertZipInflatesAsDeclared(content, entries, kind);
}
