import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentSummary, NO_TEXT_FOUND, type UploadedFile, type UploadResponse } from '@lumen/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, documents, files } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { buildTestApp, createSignedInUser, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import {
  FAKE_ELF,
  FAKE_EXE,
  makeDoc,
  makeDocx,
  makePdf,
  makePptx,
  makeXlsx,
  makeZip,
  NOTE_PNG,
  NOTE_PNG_TEXT,
  SIGNATURE_LIKE_TITLES,
  TINY_PNG,
} from '../../test/document-fixtures.ts';
import { multipartBody, postFiles } from '../../test/multipart.ts';
import { getDocumentChunks } from '../search/index.ts';

let ctx: TestContext;
let owner: { cookie: string; userId: string };
let stranger: { cookie: string; userId: string };

async function signIn(): Promise<{ cookie: string; userId: string }> {
  const { cookie } = await createSignedInUser(ctx);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return { cookie, userId: me.json<{ user: { id: string } }>().user.id };
}

function getJson<T>(url: string, cookie: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie } }).then((response) => ({
    status: response.statusCode,
    body: response.json<T>(),
  }));
}

async function documentOf(cookie: string, id: string): Promise<DocumentSummary> {
  const response = await getJson<DocumentSummary>(`/api/documents/${id}`, cookie);
  expect(response.status).toBe(200);
  return response.body;
}

/** What is left in the staging directory, where objects are written before they are complete. */
async function stagedObjects(dataDir = ctx.dataDir): Promise<string[]> {
  return readdir(path.join(dataDir, 'files', '.tmp')).catch(() => []);
}

/** Every stored object under DATA_DIR/files (skipping the temp dir). */
async function storedObjects(): Promise<string[]> {
  const root = path.join(ctx.dataDir, 'files');
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.name === '.tmp') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found;
}

const FACTS = {
  docx: 'The Aurora project kickoff is scheduled for the fourteenth of March.',
  pdfPage2: 'The warehouse in Rotterdam holds exactly 4200 pallets of lavender soap.',
  pptxSlide2: 'Quarterly churn dropped to three percent after the onboarding redesign.',
  xlsx: 'Zanzibar',
  html: 'Our cafeteria serves cardamom buns every Friday.',
  doc: 'The 1998 board minutes approve a new pier for the ferry service.',
};

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await signIn();
  stranger = await signIn();
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/files', () => {
  let uploaded: UploadedFile[];
  let docxBytes: Buffer;

  beforeAll(async () => {
    docxBytes = await makeDocx(['Project notes', FACTS.docx, 'Other business.']);
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'kickoff.docx', content: docxBytes },
      {
        filename: 'inventory.pdf',
        content: await makePdf([
          ['Inventory report', 'This page is about the office supplies.'],
          ['Warehouses', FACTS.pdfPage2],
        ]),
      },
      {
        filename: 'budget.xlsx',
        content: await makeXlsx([
          {
            name: 'Overview',
            rows: [
              ['Quarter', 'Total'],
              ['Q1', 100],
            ],
          },
          {
            name: 'Offices',
            rows: [
              ['City', 'Rent'],
              [FACTS.xlsx, 2500],
              ['Lisbon', 1800],
            ],
          },
        ]),
      },
      {
        filename: 'review.pptx',
        content: await makePptx([
          { title: 'Quarterly review', body: 'Agenda and introductions.' },
          { title: 'Retention', body: FACTS.pptxSlide2 },
        ]),
      },
      {
        filename: 'intranet.html',
        content: `<!doctype html><html><head><title>Intranet</title><style>.x{color:red}</style></head><body><h1>News</h1><p>${FACTS.html}</p><script>var secretToken = "do-not-index";</script></body></html>`,
        contentType: 'text/html',
      },
      {
        filename: 'notes.md',
        content: '# Notes\n\nThe **deploy freeze** starts on Monday.\n',
        contentType: 'text/markdown',
      },
      {
        filename: 'people.csv',
        content: 'name,team\n"Lovelace, Ada",Engines\nBabbage,Engines\n',
        contentType: 'text/csv',
      },
      { filename: 'plain.txt', content: 'A plain text file about the orchard.\n', contentType: 'text/plain' },
      { filename: 'logo.png', content: TINY_PNG, contentType: 'image/png' },
      {
        filename: 'minutes.doc',
        content: makeDoc(['Board minutes', FACTS.doc]),
        contentType: 'application/octet-stream',
      },
      { filename: 'inspection.png', content: NOTE_PNG, contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(201);
    uploaded = response.json<{ files: UploadedFile[] }>().files;
  });

  it('stores several files at once, with their sniffed types and hashes, and queues them', async () => {
    expect(uploaded.map((file) => file.filename)).toEqual([
      'kickoff.docx',
      'inventory.pdf',
      'budget.xlsx',
      'review.pptx',
      'intranet.html',
      'notes.md',
      'people.csv',
      'plain.txt',
      'logo.png',
      'minutes.doc',
      'inspection.png',
    ]);
    expect(uploaded.map((file) => file.mimeType)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/html',
      'text/markdown',
      'text/csv',
      'text/plain',
      'image/png',
      'application/msword',
      'image/png',
    ]);
    const png = uploaded.find((file) => file.filename === 'logo.png');
    expect(png?.sha256).toBe(createHash('sha256').update(TINY_PNG).digest('hex'));
    expect(png?.size).toBe(TINY_PNG.length);
    for (const file of uploaded) {
      expect(file.document.status).toBe('pending');
      expect(file.document.source).toBe('upload');
      expect(file.document.fileId).toBe(file.id);
    }
  });

  it('keeps user-supplied names out of storage paths', async () => {
    const [row] = await ctx.app.database.db.select({ key: files.storageKey }).from(files).limit(1);
    expect(row?.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    for (const object of await storedObjects()) expect(object).not.toMatch(/docx|pdf|png|kickoff/);
  });

  it('indexes every file in the background: pending -> ready', async () => {
    await ctx.app.jobs.drain();
    for (const file of uploaded) {
      const document = await documentOf(owner.cookie, file.document.id);
      expect({ name: file.filename, status: document.status }).toEqual({ name: file.filename, status: 'ready' });
      expect(document.chunkCount).toBeGreaterThan(0);
    }
  });

  it('puts the PDF fact on page 2 and counts the pages', async () => {
    const pdf = uploaded.find((file) => file.filename === 'inventory.pdf');
    if (!pdf) throw new Error('no pdf');
    const passages = await getDocumentChunks(ctx.app.database.db, owner.userId, pdf.document.id);
    const withFact = passages.find((passage) => passage.text.includes('4200 pallets of lavender soap'));
    expect(withFact?.page).toBe(2);
    expect((await documentOf(owner.cookie, pdf.document.id)).pageCount).toBe(2);
  });

  it('reads slides as pages and sheets as tables with their header', async () => {
    const pptx = uploaded.find((file) => file.filename === 'review.pptx');
    const xlsx = uploaded.find((file) => file.filename === 'budget.xlsx');
    if (!pptx || !xlsx) throw new Error('missing upload');
    const slides = await getDocumentChunks(ctx.app.database.db, owner.userId, pptx.document.id);
    expect(slides.find((passage) => passage.text.includes('churn dropped'))?.page).toBe(2);
    const sheets = await getDocumentChunks(ctx.app.database.db, owner.userId, xlsx.document.id);
    const offices = sheets.find((passage) => passage.text.includes(FACTS.xlsx));
    expect(offices?.page).toBe(2);
    expect(offices?.text).toContain('Sheet: Offices');
    expect(offices?.text).toContain('City | Rent');
    expect(offices?.text).toContain('Zanzibar | 2500');
  });

  it('reads DOCX, Word 97-2003, HTML (without scripts and styles), Markdown, CSV and text', async () => {
    const textOf = async (filename: string) => {
      const file = uploaded.find((candidate) => candidate.filename === filename);
      if (!file) throw new Error(`no ${filename}`);
      const passages = await getDocumentChunks(ctx.app.database.db, owner.userId, file.document.id);
      return passages.map((passage) => passage.text).join('\n\n');
    };
    expect(await textOf('kickoff.docx')).toContain(FACTS.docx);
    expect(await textOf('minutes.doc')).toBe(`Board minutes\n\n${FACTS.doc}`);
    const html = await textOf('intranet.html');
    expect(html).toContain(FACTS.html);
    expect(html).toContain('News');
    expect(html).not.toContain('secretToken');
    expect(html).not.toContain('color:red');
    expect(await textOf('notes.md')).toContain('deploy freeze');
    expect(await textOf('people.csv')).toContain('Lovelace, Ada | Engines');
    expect(await textOf('plain.txt')).toContain('orchard');
  });

  it('reads the text of an image with the offline OCR, and finds it by its words', async () => {
    const note = uploaded.find((file) => file.filename === 'inspection.png');
    if (!note) throw new Error('no note');
    const document = await documentOf(owner.cookie, note.document.id);
    expect(document.status).toBe('ready');
    expect(document.error).toBeNull();
    const passages = await getDocumentChunks(ctx.app.database.db, owner.userId, note.document.id);
    expect(passages.map((passage) => passage.text).join('\n')).toBe(NOTE_PNG_TEXT);
    const search = await getJson<{ results: Array<{ documentId: string }> }>(
      '/api/search?q=quay+moorings',
      owner.cookie,
    );
    expect(search.body.results[0]?.documentId).toBe(note.document.id);
  });

  it('indexes an image without text by its name and says no text was found', async () => {
    const png = uploaded.find((file) => file.filename === 'logo.png');
    if (!png) throw new Error('no png');
    const document = await documentOf(owner.cookie, png.document.id);
    expect(document.status).toBe('ready');
    expect(document.error).toBe(NO_TEXT_FOUND);
    const search = await getJson<{ results: Array<{ documentId: string }> }>('/api/search?q=logo', owner.cookie);
    expect(search.body.results.map((result) => result.documentId)).toContain(png.document.id);
  });

  it('does not store or index identical content twice', async () => {
    const docx = uploaded.find((file) => file.filename === 'kickoff.docx');
    if (!docx) throw new Error('no docx');
    const objectsBefore = await storedObjects();
    const [before] = await ctx.app.database.db.select({ n: count() }).from(documents);
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'kickoff copy.docx', content: docxBytes },
      { filename: 'kickoff again.docx', content: docxBytes },
    ]);
    expect(response.statusCode).toBe(201);
    const again = response.json<{ files: UploadedFile[] }>().files;
    expect(again.map((file) => [file.id, file.document.id, file.document.status])).toEqual([
      [docx.id, docx.document.id, 'ready'],
      [docx.id, docx.document.id, 'ready'],
    ]);
    const [after] = await ctx.app.database.db.select({ n: count() }).from(documents);
    expect(after?.n).toBe(before?.n);
    expect(await storedObjects()).toEqual(objectsBefore);
    expect(await ctx.app.jobs.drain()).toBeUndefined();
  });

  it('stores new bytes sent twice in one request once, and answers both with the same file', async () => {
    const objectsBefore = await storedObjects();
    const bytes = Buffer.from('The lighthouse keeper logs the fog horn at 04:10 every winter morning.');
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'log.txt', content: bytes },
      { filename: 'log copy.txt', content: bytes },
    ]);
    expect(response.statusCode).toBe(201);
    const [first, second] = response.json<{ files: UploadedFile[] }>().files;
    expect(first?.filename).toBe('log.txt');
    expect([second?.id, second?.document.id]).toEqual([first?.id, first?.document.id]);
    expect((await storedObjects()).length).toBe(objectsBefore.length + 1);
    await ctx.app.jobs.drain();
    expect((await documentOf(owner.cookie, first?.document.id ?? '')).status).toBe('ready');
  });

  it('keeps the same content of two users apart', async () => {
    const response = await postFiles(ctx, stranger.cookie, [{ filename: 'logo.png', content: TINY_PNG }]);
    expect(response.statusCode).toBe(201);
    const [theirs] = response.json<{ files: UploadedFile[] }>().files;
    const mine = uploaded.find((file) => file.filename === 'logo.png');
    expect(theirs?.id).not.toBe(mine?.id);
    await ctx.app.jobs.drain();
  });

  it('takes text whose first bytes look like a weak signature (BMP, QuickTime) as text, named or declared', async () => {
    const titles = Object.values(SIGNATURE_LIKE_TITLES);
    const response = await postFiles(ctx, owner.cookie, [
      ...titles.map((title, index) => ({
        filename: `scifact-${index}.txt`,
        content: `${title}\n\nAbstract ${index}.`,
      })),
      ...titles.map((title, index) => ({
        filename: `scifact-declared-${index}`,
        content: `${title}\n\nDeclared abstract ${index}.`,
        contentType: 'text/plain',
      })),
    ]);
    expect(response.statusCode).toBe(201);
    const stored = response.json<{ files: UploadedFile[] }>().files;
    expect(stored.map((file) => file.mimeType)).toEqual(Array(6).fill('text/plain'));
    await ctx.app.jobs.drain();
    const search = await getJson<{ results: Array<{ title: string }> }>('/api/search?q=autoantibody', owner.cookie);
    expect(search.body.results.map((result) => result.title)).toEqual(
      expect.arrayContaining(['scifact-0.txt', 'scifact-declared-0']),
    );
  });

  it.each([
    ['setup.exe', FAKE_EXE, /not a supported type \(its content is EXE\)/],
    [
      'archive.zip',
      makeZip([{ name: 'a.txt', content: Buffer.from('hello') }]),
      /not a supported type \(its content is ZIP\)/,
    ],
    ['blob.bin', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10, 0x80]), /is not a supported type/],
    ['report.pdf', Buffer.from('Just some text pretending to be a PDF.'), /named \.pdf but its content is plain text/],
    ['photo.pdf', TINY_PNG, /named \.pdf but its content is a PNG image, not a PDF/],
    ['script.js', Buffer.from('console.log(1)'), /is not a supported type/],
  ])('refuses %s with 415 and stores nothing', async (filename, content, message) => {
    const objectsBefore = await storedObjects();
    const [filesBefore] = await ctx.app.database.db.select({ n: count() }).from(files);
    const response = await postFiles(ctx, owner.cookie, [{ filename, content }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(response.json().error.message).toMatch(message);
    expect(response.json().error.message).toContain(filename);
    expect(await storedObjects()).toEqual(objectsBefore);
    const [filesAfter] = await ctx.app.database.db.select({ n: count() }).from(files);
    expect(filesAfter?.n).toBe(filesBefore?.n);
  });

  it('keeps the good files of a batch and lists each refused file with its reason, storing nothing of it', async () => {
    const objectsBefore = await storedObjects();
    const [filesBefore] = await ctx.app.database.db.select({ n: count() }).from(files);
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'fine.txt', content: 'A perfectly fine file about kumquats.' },
      { filename: 'setup.exe', content: FAKE_EXE },
      { filename: 'tool.txt', content: FAKE_ELF },
      { filename: 'empty.txt', content: '' },
      { filename: 'script.js', content: 'console.log(1)' },
      { filename: 'report.pdf', content: 'Just some text pretending to be a PDF.' },
      { filename: 'scan.pdf', content: Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00]) },
      { filename: 'photo.pdf', content: TINY_PNG },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadResponse>();
    expect(body.files.map((file) => file.filename)).toEqual(['fine.txt']);
    expect(body.refused.map(({ name, reason }) => [name, reason])).toEqual([
      ['setup.exe', 'FILE_CONTENT_NOT_SUPPORTED'],
      ['tool.txt', 'FILE_CONTENT_NOT_SUPPORTED'],
      ['empty.txt', 'FILE_EMPTY'],
      ['script.js', 'FILE_TYPE_NOT_SUPPORTED'],
      ['report.pdf', 'FILE_TEXT_MISNAMED'],
      ['scan.pdf', 'FILE_CONTENT_NOT_CLAIMED'],
      ['photo.pdf', 'FILE_CONTENT_MISMATCH'],
    ]);
    expect(body.refused[1]).toEqual({
      name: 'tool.txt',
      reason: 'FILE_CONTENT_NOT_SUPPORTED',
      message: expect.stringMatching(/^File "tool\.txt" is not a supported type \(its content is ELF\)/),
      params: { filename: 'tool.txt', content: 'ELF', supported: expect.any(String) },
    });
    expect(body.refused[4]?.message).toBe('File "report.pdf" is named .pdf but its content is plain text, not a PDF.');
    expect((await storedObjects()).length).toBe(objectsBefore.length + 1);
    expect(await stagedObjects()).toEqual([]);
    const [filesAfter] = await ctx.app.database.db.select({ n: count() }).from(files);
    expect(filesAfter?.n).toBe((filesBefore?.n ?? 0) + 1);
    await ctx.app.jobs.drain();
    const search = await getJson<{ results: Array<{ title: string }> }>('/api/search?q=kumquats', owner.cookie);
    expect(search.body.results.map((result) => result.title)).toEqual(['fine.txt']);
  });

  it('answers the first refusal, with every refused file in its details, when no file is accepted', async () => {
    const objectsBefore = await storedObjects();
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'setup.exe', content: FAKE_EXE },
      { filename: 'report.pdf', content: 'Just some text pretending to be a PDF.' },
    ]);
    expect(response.statusCode).toBe(415);
    const { error } = response.json<{ error: { reason: string; message: string; details: { refused: unknown[] } } }>();
    expect(error.reason).toBe('FILE_CONTENT_NOT_SUPPORTED');
    expect(error.message).toMatch(/^File "setup\.exe" is not a supported type/);
    expect(error.details.refused).toEqual([
      expect.objectContaining({ name: 'setup.exe', reason: 'FILE_CONTENT_NOT_SUPPORTED' }),
      expect.objectContaining({ name: 'report.pdf', reason: 'FILE_TEXT_MISNAMED' }),
    ]);
    expect(await storedObjects()).toEqual(objectsBefore);
    expect(await stagedObjects()).toEqual([]);
  });

  it('takes files larger than the JSON body limit, up to MAX_UPLOAD_MB', async () => {
    const paragraph = 'The lighthouse keeper logs every passing ship in the ledger. ';
    const large = `${paragraph.repeat(Math.ceil((ctx.config.BODY_LIMIT_BYTES * 1.5) / paragraph.length))}`;
    const response = await postFiles(ctx, owner.cookie, [{ filename: 'ledger.txt', content: large }]);
    expect(response.statusCode).toBe(201);
    const [file] = response.json<{ files: UploadedFile[] }>().files;
    expect(file?.size).toBe(Buffer.byteLength(large));
    await ctx.app.jobs.drain();
    expect((await documentOf(owner.cookie, file?.document.id ?? '')).status).toBe('ready');
  });

  it('refuses an empty file and a request without files', async () => {
    const empty = await postFiles(ctx, owner.cookie, [{ filename: 'empty.txt', content: '' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('File "empty.txt" is empty.');
    const none = await postFiles(ctx, owner.cookie, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Choose at least one file to upload.');
  });

  it('answers 400, storing nothing, when the request breaks off in the middle of a file', async () => {
    const objectsBefore = await storedObjects();
    const { payload, headers } = multipartBody([{ filename: 'cut.txt', content: 'x'.repeat(50_000) }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...TEST_ORIGIN, cookie: owner.cookie },
      payload: payload.subarray(0, 20_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'BAD_REQUEST',
      reason: 'UPLOAD_BROKE_OFF',
      message: 'The upload of "cut.txt" broke off. Please try again.',
      params: { filename: 'cut.txt' },
    });
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('asks for multipart/form-data', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...TEST_ORIGIN, cookie: owner.cookie },
      payload: { files: [] },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Send the files as multipart/form-data.');
  });

  it('needs a signed-in user', async () => {
    const response = await postFiles(ctx, '', [{ filename: 'a.txt', content: 'hello' }]);
    expect(response.statusCode).toBe(401);
  });

  it('marks a damaged PDF failed with the reason', async () => {
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'broken.pdf', content: Buffer.from('%PDF-1.7\n%garbage that is not a PDF at all\n') },
    ]);
    expect(response.statusCode).toBe(201);
    const [file] = response.json<{ files: UploadedFile[] }>().files;
    await ctx.app.jobs.drain();
    const document = await documentOf(owner.cookie, file?.document.id ?? '');
    expect(document.status).toBe('failed');
    expect(document.error).toBe('The PDF could not be read: the file seems to be damaged or is not a valid PDF.');
    expect(document.chunkCount).toBe(0);
  });

  it("indexes a request's files in one job, where a damaged file fails alone and the others are ready", async () => {
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'harbour.txt', content: Buffer.from('The harbour crane lifts forty containers an hour.') },
      { filename: 'damaged.pdf', content: Buffer.from('%PDF-1.7\n%not a PDF either\n') },
      { filename: 'orchard.md', content: Buffer.from('# Orchard\n\nThe orchard keeps 212 apple trees.') },
    ]);
    expect(response.statusCode).toBe(201);
    const uploadedNow = response.json<{ files: UploadedFile[] }>().files;
    const ids = uploadedNow.map((file) => file.document.id);
    const queued = await ctx.app.database.db.execute(sql`
      SELECT payload FROM jobs WHERE kind = 'documents.ingest' AND payload->'documentIds' ?| ${sql.param(ids)}::text[]`);
    expect(rowsOf<{ payload: { documentIds: string[] } }>(queued).map((row) => row.payload.documentIds)).toEqual([ids]);
    await ctx.app.jobs.drain();
    const statuses = await Promise.all(ids.map(async (id) => (await documentOf(owner.cookie, id)).status));
    expect(statuses).toEqual(['ready', 'failed', 'ready']);
    const damaged = await documentOf(owner.cookie, ids[1] ?? '');
    expect(damaged.error).toBe('The PDF could not be read: the file seems to be damaged or is not a valid PDF.');
  });

  it('lets a request join the ingestion job still waiting, so every document is in exactly one job', async () => {
    const upload = async (name: string) => {
      const response = await postFiles(ctx, owner.cookie, [
        { filename: `${name}-1.txt`, content: `The ${name} ledger lists ${name.length} entries.` },
        { filename: `${name}-2.txt`, content: `The ${name} archive keeps the old ${name} ledgers.` },
      ]);
      expect(response.statusCode).toBe(201);
      return response.json<{ files: UploadedFile[] }>().files.map((file) => file.document.id);
    };
    const first = await upload('walnut');
    const second = await upload('chestnut');
    const queued = rowsOf<{ id: number | string; ids: string[]; lockedAt: string | null }>(
      await ctx.app.database.db.execute(sql`
        SELECT id, payload->'documentIds' AS ids, locked_at AS "lockedAt" FROM jobs
        WHERE kind = 'documents.ingest' AND payload->'documentIds' ?| ${sql.param([...first, ...second])}::text[]
        ORDER BY id`),
    );
    const all = queued.flatMap((job) => job.ids);
    expect([...all].sort()).toEqual([...first, ...second].sort());
    // Joined when the first job was still waiting; otherwise a worker had taken it by the time the second request
    // enqueued (taken jobs are never joined).
    if (queued.length === 2) expect(queued[0]?.lockedAt).not.toBeNull();
    else expect(queued).toHaveLength(1);
    await ctx.app.jobs.drain();
    const statuses = await Promise.all(
      [...first, ...second].map(async (id) => (await documentOf(owner.cookie, id)).status),
    );
    expect(statuses).toEqual(['ready', 'ready', 'ready', 'ready']);
  });

  it('refuses to unpack an archive bomb', async () => {
    const contentTypes =
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
    const bomb = makeZip([
      { name: '[Content_Types].xml', content: Buffer.from(contentTypes) },
      { name: 'word/document.xml', content: Buffer.alloc(1000, 0x20), declaredSize: 0xfffffff0 },
    ]);
    const response = await postFiles(ctx, owner.cookie, [{ filename: 'bomb.docx', content: bomb }]);
    expect(response.statusCode).toBe(201);
    const [file] = response.json<{ files: UploadedFile[] }>().files;
    await ctx.app.jobs.drain();
    const document = await documentOf(owner.cookie, file?.document.id ?? '');
    expect(document.status).toBe('failed');
    expect(document.error).toMatch(/^This file expands to more than \d+ MB and was not indexed\.$/);
  });
});

describe('the documents of a user', () => {
  let ids: string[];

  beforeAll(async () => {
    const response = await postFiles(ctx, owner.cookie, [
      { filename: 'résumé (final).txt', content: 'Curriculum vitae of a person who likes quinces.' },
      { filename: 'contract.pdf', content: await makePdf([['A contract about the sale of quinces.']]) },
    ]);
    expect(response.statusCode).toBe(201);
    ids = response.json<{ files: UploadedFile[] }>().files.map((file) => file.document.id);
    await ctx.app.jobs.drain();
  });

  it('lists them newest first, page by page', async () => {
    const all: DocumentSummary[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page = await getJson<{ documents: DocumentSummary[]; nextCursor: string | null }>(
        `/api/documents${query}`,
        owner.cookie,
      );
      expect(page.status).toBe(200);
      expect(page.body.documents.length).toBeLessThanOrEqual(3);
      all.push(...page.body.documents);
      cursor = page.body.nextCursor;
    } while (cursor);
    const [rows] = await ctx.app.database.db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.ownerId, owner.userId));
    expect(all.length).toBe(rows?.n);
    expect(new Set(all.map((document) => document.id)).size).toBe(all.length);
    const times = all.map((document) => Date.parse(document.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.map((document) => document.id)).toEqual(expect.arrayContaining(ids));
  });

  it("never lists another user's documents", async () => {
    const page = await getJson<{ documents: DocumentSummary[] }>('/api/documents?limit=100', stranger.cookie);
    expect(page.body.documents.map((document) => document.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it('refuses a cursor it did not make', async () => {
    const response = await getJson<{ error: { code: string } }>('/api/documents?cursor=nonsense', owner.cookie);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('streams the original file with a safe name and its stored type', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${ids[0]}/content`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('Curriculum vitae of a person who likes quinces.');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="r_sum_ (final).txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.txt`,
    );
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${ids[1]}/content`,
      headers: { cookie: owner.cookie },
    });
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="contract.pdf"/);
    expect(String(pdf.headers['content-security-policy'])).not.toContain('sandbox');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for another user's document, its content and its deletion", async () => {
    const [id] = ids;
    for (const [method, url] of [
      ['GET', `/api/documents/${id}`],
      ['GET', `/api/documents/${id}/content`],
      ['DELETE', `/api/documents/${id}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { ...TEST_ORIGIN, cookie: stranger.cookie } });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.json().error).toEqual({
        code: 'NOT_FOUND',
        reason: 'DOCUMENT_NOT_FOUND',
        message: 'Document not found.',
      });
    }
    expect((await documentOf(owner.cookie, id ?? '')).status).toBe('ready');
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await getJson<{ error: { code: string } }>('/api/documents/not-a-uuid', owner.cookie);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('deletes the document, its passages, its file and the stored object', async () => {
    const id = ids[1] ?? '';
    const [file] = await ctx.app.database.db
      .select({ key: files.storageKey, fileId: files.id })
      .from(files)
      .innerJoin(documents, eq(documents.fileId, files.id))
      .where(eq(documents.id, id));
    expect(await ctx.app.storage.exists(file?.key ?? '')).toBe(true);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: { ...TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect((await getJson(`/api/documents/${id}`, owner.cookie)).status).toBe(404);
    expect(await ctx.app.storage.exists(file?.key ?? '')).toBe(false);
    const [left] = await ctx.app.database.db.select({ n: count() }).from(chunks).where(eq(chunks.documentId, id));
    expect(left?.n).toBe(0);
    const [fileLeft] = await ctx.app.database.db
      .select({ n: count() })
      .from(files)
      .where(eq(files.id, file?.fileId ?? ''));
    expect(fileLeft?.n).toBe(0);
    const search = await getJson<{ results: Array<{ documentId: string }> }>('/api/search?q=quinces', owner.cookie);
    expect(search.body.results.map((result) => result.documentId)).toEqual([ids[0]]);
  });
});

describe('upload size limit', () => {
  let small: TestContext;

  beforeAll(async () => {
    small = await buildTestApp({ MAX_UPLOAD_MB: '0.01' });
  });

  afterAll(async () => {
    await small?.close();
  });

  it('refuses a file over MAX_UPLOAD_MB on its own and keeps the files that fit', async () => {
    const { cookie } = await createSignedInUser(small);
    const response = await postFiles(small, cookie, [
      { filename: 'small.txt', content: 'Small enough.' },
      { filename: 'big.txt', content: 'x'.repeat(20 * 1024) },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadResponse>();
    expect(body.files.map((file) => file.filename)).toEqual(['small.txt']);
    expect(body.refused).toEqual([
      {
        name: 'big.txt',
        reason: 'FILE_TOO_LARGE',
        message: 'File "big.txt" is larger than the 0.01 MB limit.',
        params: { filename: 'big.txt', maxMb: 0.01 },
      },
    ]);
    expect(await stagedObjects(small.dataDir)).toEqual([]);
  });

  it('refuses a lone file over MAX_UPLOAD_MB with 413, keeping nothing', async () => {
    const { cookie } = await createSignedInUser(small);
    const [before] = await small.app.database.db.select({ n: count() }).from(files);
    const response = await postFiles(small, cookie, [{ filename: 'huge.txt', content: 'y'.repeat(20 * 1024) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      reason: 'FILE_TOO_LARGE',
      message: 'File "huge.txt" is larger than the 0.01 MB limit.',
    });
    expect(await stagedObjects(small.dataDir)).toEqual([]);
    const [after] = await small.app.database.db.select({ n: count() }).from(files);
    expect(after?.n).toBe(before?.n);
  });

  it('stores 18 files of a batch of 20 and lists the 2 refused ones: an executable named .txt and a file too large', async () => {
    const { cookie } = await createSignedInUser(small);
    const titles = Object.values(SIGNATURE_LIKE_TITLES);
    const notes = Array.from({ length: 18 }, (_, index) => ({
      filename: `note-${String(index).padStart(2, '0')}.txt`,
      content: `${titles[index % titles.length]}\n\nAbstract number ${index}.`,
      contentType: 'text/plain',
    }));
    const response = await postFiles(small, cookie, [
      ...notes.slice(0, 5),
      { filename: 'tool.txt', content: FAKE_ELF, contentType: 'text/plain' },
      ...notes.slice(5, 12),
      { filename: 'huge.txt', content: 'z'.repeat(20 * 1024), contentType: 'text/plain' },
      ...notes.slice(12),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadResponse>();
    expect(body.files.map((file) => file.filename)).toEqual(notes.map((note) => note.filename));
    expect(body.refused.map(({ name, reason }) => [name, reason])).toEqual([
      ['tool.txt', 'FILE_CONTENT_NOT_SUPPORTED'],
      ['huge.txt', 'FILE_TOO_LARGE'],
    ]);
    const stored = await readdir(path.join(small.dataDir, 'files'), { recursive: true });
    const keys = new Set(
      (await small.app.database.db.select({ key: files.storageKey }).from(files)).map((row) => row.key),
    );
    expect(stored.filter((name) => /^[0-9a-f]{2}\/./.test(String(name))).every((name) => keys.has(name))).toBe(true);
    expect(await stagedObjects(small.dataDir)).toEqual([]);
  });
});
