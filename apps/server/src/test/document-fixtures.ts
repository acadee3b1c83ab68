import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';

/** Real documents generated in the test, the way Word, Excel, PowerPoint and PDF writers produce them. */

export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(document);
}

/** A PDF with one entry per page; each page's lines are drawn top to bottom. */
/** A line of a PDF page: text at 11 pt, or text at its own size (a heading set larger, say). */
export type PdfLine = string | { text: string; size: number };

export async function makePdf(pages: PdfLine[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 800;
    for (const line of lines) {
      const { text, size } = typeof line === 'string' ? { text: line, size: 11 } : line;
      page.drawText(text, { x: 50, y, size, font });
      // A larger line takes more room below it, as a typeset heading would.
      y -= Math.max(16, Math.round(size * 1.3));
    }
  }
  return Buffer.from(await pdf.save());
}

export async function makeXlsx(sheets: Array<{ name: string; rows: Array<Array<string | number>> }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function makePptx(slides: Array<{ title: string; body: string }>): Promise<Buffer> {
  const pptx = new PptxGenJS();
  for (const content of slides) {
    const slide = pptx.addSlide();
    slide.addText(content.title, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28 });
    slide.addText(content.body, { x: 0.5, y: 1.5, w: 9, h: 3, fontSize: 16 });
  }
  const output = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.from(output as Uint8Array);
}

/** The smallest valid PNG: one transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Images rendered once (DejaVu Sans on white) and kept in test/fixtures: a scanned note, a receipt photographed as a
 * JPEG, and a picture without any text.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
export const NOTE_PNG = fixture('harbour-note.png');
export const NOTE_PNG_TEXT = 'Harbour inspection, 14 May\nThe east quay has 312 moorings.\nFerry tickets cost 7 euros.';
export const RECEIPT_JPEG = fixture('receipt.jpg');
export const LANDSCAPE_PNG = fixture('landscape.png');

/** The start of a Windows executable. */
export const FAKE_EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

/** The start of a Linux executable (ELF, 64-bit, little-endian). */
export const FAKE_ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);

/** SciFact titles whose first bytes look like a weak file signature: BMP's 'BM', QuickTime's 'wide' (issue #17). */
export const SIGNATURE_LIKE_TITLES = {
  bmp: 'BMI-1 Autoantibody as a New Potential Biomarker for Cervical Carcinoma',
  bmpToo: 'BMAL1 and CLOCK, Two Essential Components of the Circadian Clock, Are Involved in Glucose Homeostasis',
  quickTime: 'The widespread regulation of microRNA biogenesis, function and decay',
};

/** A ZIP archive with the given entries, deflated, their sizes as declared (honest unless `declaredSize` says). */
export function makeZip(entries: Array<{ name: string; content: Buffer; declaredSize?: number }>): Buffer {
  return zipOfParts(
    entries.map((entry) => ({
      name: entry.name,
      data: deflateRawSync(entry.content),
      size: entry.declaredSize ?? entry.content.length,
    })),
  );
}

/** A ZIP of parts already compressed (method 8) or stored (0), with honest sizes (CRC left 0: no reader checks it). */
export function zipOfParts(parts: Array<{ name: string; data: Buffer; size: number; method?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const method = part.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SECTOR = 512;
const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;

/** One 128-byte compound-file directory entry (MS-CFB 2.6). */
function directoryEntry(entry: {
  name: string;
  type: 0 | 2 | 5;
  left?: number;
  right?: number;
  child?: number;
  start?: number;
  size?: number;
}): Buffer {
  const buffer = Buffer.alloc(128);
  if (entry.type === 0) {
    buffer.writeUInt32LE(NO_STREAM, 68);
    buffer.writeUInt32LE(NO_STREAM, 72);
    buffer.writeUInt32LE(NO_STREAM, 76);
    return buffer;
  }
  buffer.write(entry.name, 0, 'utf16le');
  buffer.writeUInt16LE((entry.name.length + 1) * 2, 64);
  buffer.writeUInt8(entry.type, 66);
  buffer.writeUInt8(1, 67); // black
  buffer.writeUInt32LE(entry.left ?? NO_STREAM, 68);
  buffer.writeUInt32LE(entry.right ?? NO_STREAM, 72);
  buffer.writeUInt32LE(entry.child ?? NO_STREAM, 76);
  buffer.writeUInt32LE(entry.start ?? END_OF_CHAIN, 116);
  buffer.writeUInt32LE(entry.size ?? 0, 120);
  return buffer;
}

/**
 * A compound file (version 3, 512-byte sectors) holding the given streams, each padded to at least 4,096 bytes so
 * they live in regular sectors (no mini stream). Layout: FAT, directory, then the streams' sectors.
 */
function makeCompoundFile(streams: Array<{ name: string; content: Buffer }>): Buffer {
  const padded = streams.map(({ name, content }) => {
    const size = Math.max(4096, Math.ceil(content.length / SECTOR) * SECTOR);
    const data = Buffer.alloc(size);
    content.copy(data);
    return { name, data };
  });
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END_OF_CHAIN, 4);
  let next = 2;
  const starts: number[] = [];
  for (const { data } of padded) {
    starts.push(next);
    const count = data.length / SECTOR;
    for (let i = 0; i < count; i++) fat.writeUInt32LE(i === count - 1 ? END_OF_CHAIN : next + i + 1, (next + i) * 4);
    next += count;
  }
  if (next > SECTOR / 4) throw new Error('makeCompoundFile: streams too large for one FAT sector');
  // Directory: the root, then the streams as a chain of left siblings (shorter names sort first, MS-CFB 2.6.4).
  const entries = [
    directoryEntry({ name: 'Root Entry', type: 5, child: padded.length }),
    ...padded.map(({ name, data }, i) =>
      directoryEntry({ name, type: 2, left: i === 0 ? NO_STREAM : i, start: starts[i], size: data.length }),
    ),
  ];
  while (entries.length % 4 !== 0) entries.push(directoryEntry({ name: '', type: 0 }));
  if (entries.length > 4) throw new Error('makeCompoundFile: at most three streams');

  const header = Buffer.alloc(SECTOR);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // one FAT sector
  header.writeUInt32LE(1, 48); // the directory starts at sector 1
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END_OF_CHAIN, 60); // no mini FAT
  header.writeUInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE_SECTOR, 76 + i * 4);
  return Buffer.concat([header, fat, Buffer.concat(entries), ...padded.map(({ data }) => data)]);
}

/**
 * A Word 97-2003 (.doc) file with one paragraph per entry: a compound file with a WordDocument stream (the FIB and
 * the text, in UTF-16) and a 1Table stream holding the piece table (MS-DOC 2.5.1, 2.9.38), as Word writes them.
 */
export function makeDoc(paragraphs: string[]): Buffer {
  const TEXT_OFFSET = 0x800;
  const text = `${paragraphs.join('\r')}\r`;
  const encoded = Buffer.from(text, 'utf16le');
  const wordDocument = Buffer.alloc(TEXT_OFFSET + encoded.length);
  wordDocument.writeUInt16LE(0xa5ec, 0x00); // wIdent
  wordDocument.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  wordDocument.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  wordDocument.writeUInt32LE(TEXT_OFFSET, 0x18); // fcMin
  wordDocument.writeUInt32LE(TEXT_OFFSET + encoded.length, 0x1c); // fcMac
  wordDocument.writeUInt16LE(14, 0x20); // csw
  wordDocument.writeUInt16LE(22, 0x3e); // cslw
  wordDocument.writeUInt32LE(wordDocument.length, 0x40); // cbMac
  wordDocument.writeUInt32LE(text.length, 0x4c); // ccpText
  wordDocument.writeUInt16LE(93, 0x98); // cbRgFcLcb: Word 97
  encoded.copy(wordDocument, TEXT_OFFSET);
  // Clx: one Pcdt with a PlcPcd of a single piece covering the whole text, stored as UTF-16 at TEXT_OFFSET.
  const table = Buffer.alloc(1 + 4 + 8 + 8);
  table.writeUInt8(0x02, 0); // clxt: Pcdt
  table.writeUInt32LE(16, 1); // lcb of the PlcPcd
  table.writeUInt32LE(0, 5); // aCP[0]
  table.writeUInt32LE(text.length, 9); // aCP[1]
  table.writeUInt16LE(0, 13); // Pcd flags
  table.writeUInt32LE(TEXT_OFFSET, 15); // fc, bit 30 clear: UTF-16 text
  table.writeUInt16LE(0, 19); // prm
  wordDocument.writeUInt32LE(0, 0x1a2); // fcClx
  wordDocument.writeUInt32LE(table.length, 0x1a6); // lcbClx
  return makeCompoundFile([
    { name: 'WordDocument', content: wordDocument },
    { name: '1Table', content: table },
  ]);
}
