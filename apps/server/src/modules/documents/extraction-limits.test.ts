import { constants, deflateRawSync } from 'node:zlib';
import type { DocumentSummary, UploadedFile } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { makeDocx, makePdf, zipOfParts } from '../../test/document-fixtures.ts';
import { postFiles } from '../../test/multipart.ts';
import { chunkPages } from './chunk.ts';
import {
  assertZipInflatesAsDeclared,
  assertZipWithinLimits,
  ExtractionError,
  extractPages,
  TOO_COMPLEX_REASON,
} from './extract.ts';
import {
  chunkExtractedPages,
  closeExtractionPool,
  ExtractionPool,
  MAX_PASSAGES,
  TOO_MANY_PASSAGES_REASON,
  TOO_SLOW_REASON,
} from './extraction-pool.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MB = 1024 * 1024;
const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/**
 * Raw deflate data of `prefix`, then `unit` `times` over, then `suffix`, built without ever holding the expanded text:
 * each piece is compressed once as independent blocks (a full flush), and blocks may follow each other.
 */
function deflatedRepeat(prefix: string, unit: Buffer, times: number, suffix: string) {
  const block = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const repeated = block(unit);
  const data = Buffer.concat([
    block(Buffer.from(prefix)),
    ...Array.from({ length: times }, () => repeated),
    block(Buffer.from(suffix)),
    Buffer.from([0x03, 0x00]), // the final, empty block
  ]);
  return { data, size: prefix.length + unit.length * times + suffix.length };
}

const PARAGRAPH = Buffer.from(
  '<w:p><w:r><w:t>All work and no play makes Jack a dull boy.</w:t></w:r></w:p>'.repeat(13_000),
);

/** A Word document whose body expands to about `megabytes` MB of paragraphs, its sizes honest. */
function docxBomb(megabytes: number): Buffer {
  const body = deflatedRepeat(
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    PARAGRAPH,
    Math.round((megabytes * MB) / PARAGRAPH.length),
    '</w:body></w:document>',
  );
  return zipOfParts([
    { name: '[Content_Types].xml', data: deflateRawSync(CONTENT_TYPES), size: CONTENT_TYPES.length },
    { name: 'word/document.xml', ...body },
  ]);
}

describe('archive limits, read from the ZIP directory before anything is inflated', () => {
  it('refuses a 300 MB Word bomb of a few hundred KB with the reason the person sees', async () => {
    const bomb = docxBomb(300);
    expect(bomb.length).toBeLessThan(2 * MB);
    await expect(extractPages(bomb, DOCX)).rejects.toThrow(
      new ExtractionError('This file expands to more than 100 MB and was not indexed.'),
    );
  });

  it('refuses it from the directory alone: a body that is not even deflate data gets the size reason, not "damaged"', async () => {
    const declaredOnly = zipOfParts([
      { name: '[Content_Types].xml', data: deflateRawSync(CONTENT_TYPES), size: CONTENT_TYPES.length },
      // Inflating this would fail at its first byte: only the directory's 300 MB can refuse it.
      { name: 'word/document.xml', data: Buffer.alloc(4096, 0xff), size: 300 * MB },
    ]);
    await expect(extractPages(declaredOnly, DOCX)).rejects.toThrow(
      new ExtractionError('This file expands to more than 100 MB and was not indexed.'),
    );
  });

  it('refuses a part that expands more than 200 times, and a part larger than 50 MB', () => {
    expect(() => assertZipWithinLimits(docxBomb(20), { maxUnpackedBytes: 100 * MB }, 'wordDamaged')).toThrow(
      'This file expands to more than 200 times its compressed size and was not indexed.',
    );
    // An ordinary ratio under the limit passes; its size alone is refused.
    const large = zipOfParts([{ name: 'word/document.xml', data: Buffer.alloc(MB), size: 60 * MB }]);
    expect(() => assertZipWithinLimits(large, { maxUnpackedBytes: 100 * MB }, 'wordDamaged')).toThrow(
      'A part of this file expands to more than 50 MB and was not indexed.',
    );
  });

  it('refuses an archive of more than 10,000 parts', () => {
    const zip = zipOfParts(
      Array.from({ length: 10_001 }, (_, index) => ({ name: `p${index}.xml`, data: Buffer.alloc(0), size: 0 })),
    );
    expect(() => assertZipWithinLimits(zip, { maxUnpackedBytes: 100 * MB }, 'wordDamaged')).toThrow(
      'This file has more than 10,000 parts and was not indexed.',
    );
    expect(assertZipWithinLimits(zip, { maxUnpackedBytes: MB, maxEntries: 10_001 }, 'wordDamaged')).toHaveLength(
      10_001,
    );
  });

  it('does not trust a directory that understates a part: inflating stops just past the declared size', async () => {
    const { data } = deflatedRepeat('<w:document>', PARAGRAPH, 100, '</w:document>');
    const lying = zipOfParts([
      { name: '[Content_Types].xml', data: deflateRawSync(CONTENT_TYPES), size: CONTENT_TYPES.length },
      { name: 'word/document.xml', data, size: 64 * 1024 },
    ]);
    const entries = assertZipWithinLimits(lying, { maxUnpackedBytes: 100 * MB }, 'wordDamaged');
    await expect(assertZipInflatesAsDeclared(lying, entries, 'wordDamaged')).rejects.toThrow(
      'The Word document could not be read: the file seems to be damaged.',
    );
    await expect(extractPages(lying, DOCX)).rejects.toThrow(
      'The Word document could not be read: the file seems to be damaged.',
    );
    // An honest archive passes both checks and reads as before.
    const honest = await makeDocx(['Still readable.']);
    await assertZipInflatesAsDeclared(
      honest,
      assertZipWithinLimits(honest, { maxUnpackedBytes: MB }, 'wordDamaged'),
      'wordDamaged',
    );
    expect(await extractPages(honest, DOCX)).toEqual([{ page: null, text: 'Still readable.' }]);
  });
});

describe('text and page limits', () => {
  it('refuses a text file with more text than the limit', async () => {
    const text = Buffer.from('word '.repeat(300_000));
    await expect(extractPages(text, 'text/plain', { maxTextChars: MB })).rejects.toThrow(
      new ExtractionError('This file has more than 1 MB of text and was not indexed.'),
    );
    expect(await extractPages(text, 'text/plain', { maxTextChars: 2 * MB })).toHaveLength(1);
  });

  it('stops a small CSV whose header, repeated over its rows, would make gigabytes of text', async () => {
    const header = Array.from({ length: 10_000 }, (_, index) => `column number ${index}`).join(',');
    const csv = Buffer.from(`${header}\n${'1\n'.repeat(200_000)}`);
    expect(csv.length).toBeLessThan(MB);
    // Refused once the text passes the limit, not after building gigabytes (which would exhaust the test's memory).
    await expect(extractPages(csv, 'text/csv')).rejects.toThrow('This file has more than 20 MB of text');
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const pdf = await makePdf([['One.'], ['Two.'], ['Three.']]);
    await expect(extractPages(pdf, 'application/pdf', { maxPdfPages: 2 })).rejects.toThrow(
      new ExtractionError('This PDF has more than 2 pages and was not indexed.'),
    );
    expect(await extractPages(pdf, 'application/pdf', { maxPdfPages: 3 })).toHaveLength(3);
  });
});

describe('passages made with the pages, off the main thread', () => {
  it('chunks as ingestion would, and refuses a document of more passages than the limit', () => {
    const pages = [{ page: 1, text: 'The east quay has 312 moorings.' }];
    expect(chunkExtractedPages(pages)).toEqual({ pages, chunks: chunkPages(pages) });
    const many = Array.from({ length: MAX_PASSAGES + 1 }, (_, index) => ({ page: index + 1, text: `Page ${index}.` }));
    expect(() => chunkExtractedPages(many)).toThrow(new ExtractionError(TOO_MANY_PASSAGES_REASON));
    expect(TOO_MANY_PASSAGES_REASON).toBe('This file has more than 20,000 passages and was not indexed.');
  });
});

describe('the extraction pool', () => {
  // A small heap, so running out of it is cheap (the worker's libraries take about 40 MB of it) and comes while the
  // heap grows by small steps: one allocation far past the limit would end the whole process (ADR 0110).
  const pool = new ExtractionPool({ size: 1, maxHeapMb: 64, idleMs: 1000 });
  afterAll(() => pool.close());

  it('reads a document on a worker as extractPages does, leaving the caller its buffer', async () => {
    const docx = await makeDocx(['Read on a worker.', 'Second paragraph.']);
    const copy = Buffer.from(docx);
    expect((await pool.extract(docx, DOCX)).pages).toEqual(await extractPages(docx, DOCX));
    expect(docx.equals(copy)).toBe(true);
    await expect(pool.extract(Buffer.from('%PDF-1.4 broken'), 'application/pdf')).rejects.toThrow(
      new ExtractionError('The PDF could not be read: the file seems to be damaged or is not a valid PDF.'),
    );
  });

  it('fails a document that needs more memory than the worker has, and replaces the worker', async () => {
    // Four million table cells held at once: a few hundred MB of heap.
    const csv = Buffer.from('a,b\n'.repeat(2_000_000));
    await expect(pool.extract(csv, 'text/csv')).rejects.toThrow(new ExtractionError(TOO_COMPLEX_REASON));
    expect((await pool.extract(Buffer.from('x,y\n1,2'), 'text/csv')).pages).toEqual([
      { page: null, text: 'x | y\n1 | 2' },
    ]);
  });

  it('terminates a worker past the time limit and fails the document, then reads the next', async () => {
    const csv = Buffer.from('a,b\n'.repeat(500_000));
    await expect(pool.extract(csv, 'text/csv', { timeoutMs: 5 })).rejects.toThrow(new ExtractionError(TOO_SLOW_REASON));
    expect((await pool.extract(Buffer.from('x,y\n3,4'), 'text/csv')).pages).toEqual([
      { page: null, text: 'x | y\n3 | 4' },
    ]);
  });

  it('ends a worker left idle (the next document starts one, as after a loss)', async () => {
    expect(pool.workerCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pool.workerCount).toBe(0);
  });
});

describe('a Word bomb uploaded to the app', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    ({ cookie } = await createSignedInUser(ctx));
  });
  afterAll(async () => {
    await ctx?.close();
    await closeExtractionPool();
  });

  async function documentOf(id: string): Promise<DocumentSummary> {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { cookie } });
    return response.json<DocumentSummary>();
  }

  it('keeps the server answering and its memory flat, fails the bomb with its reason, and indexes the next file', async () => {
    const baseline = process.memoryUsage().rss;
    const upload = await postFiles(ctx, cookie, [{ filename: 'bomb.docx', content: docxBomb(300) }]);
    expect(upload.statusCode).toBe(201);
    const [bomb] = upload.json<{ files: UploadedFile[] }>().files;

    let isDone = false;
    const ingestion = ctx.app.jobs.drain().finally(() => {
      isDone = true;
    });
    const latencies: number[] = [];
    let peakRss = baseline;
    while (!isDone || latencies.length < 20) {
      const started = performance.now();
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      latencies.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await ingestion;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0;
    expect(p99).toBeLessThan(200);
    expect(peakRss - baseline).toBeLessThan(300 * MB);

    const failed = await documentOf(bomb?.document.id ?? '');
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('This file expands to more than 100 MB and was not indexed.');
    expect(failed.chunkCount).toBe(0);

    const next = await postFiles(ctx, cookie, [
      { filename: 'after.docx', content: await makeDocx(['The ferry leaves at nine.']) },
    ]);
    const [file] = next.json<{ files: UploadedFile[] }>().files;
    await ctx.app.jobs.drain();
    const ready = await documentOf(file?.document.id ?? '');
    expect(ready.status).toBe('ready');
    expect(ready.chunkCount).toBe(1);
  });
});
