/// <reference path="./word-extractor.d.ts" />
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { HTMLElement, type Node as HtmlNode, parse as parseHtml, TextNode } from 'node-html-parser';
import { extractTextItems, getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';
import { cleanText, type ExtractedPage } from './chunk.ts';
import { detectTextEncoding, FILE_TYPES, type FileTypeId } from './file-types.ts';

/** Extraction failed for a reason a person can act on; the message is shown on the document. */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionError';
  }
}

export interface ExtractOptions {
  /** ZIP-based formats (DOCX, XLSX, PPTX) that would unpack to more than this are refused (archive bombs). */
  maxUnpackedBytes?: number;
}

export const DEFAULT_MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 20_000;
/** Table rows per paragraph; each paragraph repeats the header so a passage of a big table still makes sense. */
const ROWS_PER_GROUP = 20;

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
  const type = typeOfMime(mimeType);
  const maxUnpackedBytes = options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES;
  switch (type) {
    case 'pdf':
      return extractPdf(content);
    case 'docx':
      assertZipWithinLimits(content, maxUnpackedBytes, 'Word document');
      return extractDocx(content);
    case 'doc':
      return extractDoc(content);
    case 'xlsx':
      assertZipWithinLimits(content, maxUnpackedBytes, 'Excel workbook');
      return extractXlsx(content);
    case 'pptx':
      assertZipWithinLimits(content, maxUnpackedBytes, 'PowerPoint presentation');
      return extractPptx(content);
    case 'html':
      return [{ page: null, text: htmlToText(decodeText(content)) }];
    case 'csv':
      return [{ page: null, text: tableToText(parseCsv(decodeText(content))) }];
    case 'txt':
    case 'md':
      return [{ page: null, text: decodeText(content) }];
    case 'png':
    case 'jpeg':
    case 'gif':
      return [];
    default:
      throw new ExtractionError(`Files of type ${mimeType} cannot be read.`);
  }
}

function decodeText(content: Buffer): string {
  return cleanText(new TextDecoder(detectTextEncoding(content)).decode(content));
}

async function extractPdf(content: Buffer): Promise<ExtractedPage[]> {
  let items: Awaited<ReturnType<typeof extractTextItems>>['items'];
  try {
    const pdf = await getDocumentProxy(new Uint8Array(content), { verbosity: 0, isEvalSupported: false });
    try {
      ({ items } = await extractTextItems(pdf));
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new ExtractionError('The PDF is password-protected, so its text cannot be read.');
    }
    throw new ExtractionError('The PDF could not be read: the file seems to be damaged or is not a valid PDF.');
  }
  return items.map((pageItems, index) => ({ page: index + 1, text: pdfItemsToText(pageItems) }));
}

interface PdfItem {
  str: string;
  y: number;
  fontSize: number;
  hasEOL: boolean;
}

/** Rebuilds lines from positioned text items, and paragraphs from larger vertical gaps between lines. */
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
    else if (Math.abs(previous.y - line.y) > previous.size * 1.75) text += `\n\n${line.text}`;
    else if (previous.text.endsWith('-') && /^\p{Ll}/u.test(line.text)) text = `${text.slice(0, -1)}${line.text}`;
    else text += `\n${line.text}`;
  });
  // Lines of one paragraph read as one paragraph of text.
  return cleanText(text)
    .split('\n\n')
    .map((paragraph) => paragraph.replace(/\n/g, ' '))
    .join('\n\n');
}

async function extractDocx(content: Buffer): Promise<ExtractedPage[]> {
  try {
    const result = await mammoth.extractRawText({ buffer: content });
    return [{ page: null, text: cleanText(result.value) }];
  } catch {
    throw new ExtractionError('The Word document could not be read: the file seems to be damaged.');
  }
}

async function extractDoc(content: Buffer): Promise<ExtractedPage[]> {
  try {
    const document = await new WordExtractor().extract(content);
    // Each paragraph mark (a line of the extracted text) is a paragraph, as in a DOCX, so chunking keeps them whole.
    const paragraphs = [document.getBody(), document.getFootnotes(), document.getEndnotes()]
      .flatMap((part) => part.split('\n'))
      .map((line) => line.trim())
      .filter(Boolean);
    return [{ page: null, text: cleanText(paragraphs.join('\n\n')) }];
  } catch {
    throw new ExtractionError(
      'The Word 97-2003 document could not be read: its text is not in a form that can be extracted.',
    );
  }
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text.replace(/\s+/g, ' ').trim();
  } catch {
    return '';
  }
}

/** Rows as pipe-separated lines; every group of rows repeats the header row. */
function tableToText(rows: string[][], heading?: string): string {
  const nonEmpty = rows.filter((row) => row.some((cell) => cell.trim()));
  const [header, ...body] = nonEmpty;
  const paragraphs: string[] = heading ? [heading] : [];
  if (header) {
    const headerLine = header.join(' | ');
    if (body.length === 0) paragraphs.push(headerLine);
    for (let start = 0; start < body.length; start += ROWS_PER_GROUP) {
      const group = body.slice(start, start + ROWS_PER_GROUP).map((row) => row.join(' | '));
      paragraphs.push([headerLine, ...group].join('\n'));
    }
  }
  return paragraphs.join('\n\n');
}

async function extractXlsx(content: Buffer): Promise<ExtractedPage[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError('The Excel workbook could not be read: the file seems to be damaged.');
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
    pages.push({ page: index + 1, text: tableToText(rows, `Sheet: ${sheet.name}`) });
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

async function extractPptx(content: Buffer): Promise<ExtractedPage[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(content);
  } catch {
    throw new ExtractionError('The PowerPoint presentation could not be read: the file seems to be damaged.');
  }
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, match: /^ppt\/slides\/slide(\d+)\.xml$/.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ name, match }) => ({ name, number: Number(match[1]) }))
    .sort((a, b) => a.number - b.number);
  const pages: ExtractedPage[] = [];
  for (const [index, slide] of slides.entries()) {
    const xml = (await zip.file(slide.name)?.async('string')) ?? '';
    pages.push({ page: index + 1, text: cleanText(drawingText(xml)) });
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

/**
 * Reads a ZIP's central directory and refuses archives that declare more than `maxUnpackedBytes` (or an absurd number
 * of entries) before any library inflates them.
 */
export function assertZipWithinLimits(content: Buffer, maxUnpackedBytes: number, label: string): void {
  const damaged = () => new ExtractionError(`The ${label} could not be read: the file seems to be damaged.`);
  const searchFrom = Math.max(0, content.length - 22 - 0xffff);
  let end = -1;
  for (let offset = content.length - 22; offset >= searchFrom; offset -= 1) {
    if (content.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw damaged();
  const entries = content.readUInt16LE(end + 10);
  const directoryOffset = content.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || entries > MAX_ZIP_ENTRIES) {
    throw new ExtractionError(`The ${label} has too many parts to be processed safely.`);
  }
  let offset = directoryOffset;
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > content.length || content.readUInt32LE(offset) !== 0x02014b50) throw damaged();
    const size = content.readUInt32LE(offset + 24);
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    if (total > maxUnpackedBytes) {
      throw new ExtractionError(
        `The ${label} unpacks to more than ${Math.round(maxUnpackedBytes / (1024 * 1024))} MB, so it was not processed.`,
      );
    }
    offset +=
      46 + content.readUInt16LE(offset + 28) + content.readUInt16LE(offset + 30) + content.readUInt16LE(offset + 32);
  }
}
