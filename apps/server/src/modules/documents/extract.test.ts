import { describe, expect, it } from 'vitest';
import { makeDoc, makeDocx, makePdf, makePptx, makeXlsx, makeZip } from '../../test/document-fixtures.ts';
import { assertZipWithinLimits, ExtractionError, extractPages, htmlToText, parseCsv } from './extract.ts';
import { decideFileType } from './file-types.ts';

describe('extractPages', () => {
  it('reads text in UTF-8 and in UTF-16 by its byte order mark, without the mark', async () => {
    const body = 'Le cœur a ses raisons.';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]);
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]);
    expect(await extractPages(utf16, 'text/plain')).toEqual([{ page: null, text: body }]);
    expect(await extractPages(Buffer.from(utf16).swap16(), 'text/plain')).toEqual([{ page: null, text: body }]);
    expect(await extractPages(utf8, 'text/plain')).toEqual([{ page: null, text: body }]);
  });

  it('reads a PDF page by page', async () => {
    const pdf = await makePdf([['Page one says hello.'], ['Page two has the answer: 42.', 'And a second line.']]);
    const pages = await extractPages(pdf, 'application/pdf');
    expect(pages).toEqual([
      { page: 1, text: 'Page one says hello.' },
      { page: 2, text: 'Page two has the answer: 42. And a second line.' },
    ]);
  });

  it('turns a large gap between PDF lines into a paragraph break', async () => {
    const pdf = await makePdf([['First paragraph line.', '', '', 'Second paragraph after a gap.']]);
    const [page] = await extractPages(pdf, 'application/pdf');
    expect(page?.text).toBe('First paragraph line.\n\nSecond paragraph after a gap.');
  });

  it('keeps a PDF heading set larger than its text apart from the sentence below it', async () => {
    const pdf = await makePdf([
      [
        { text: 'Emergencies', size: 15 },
        'The code is QX87754.',
        'Call the duty manager.',
        { text: 'Deliveries', size: 15 },
      ],
    ]);
    const [page] = await extractPages(pdf, 'application/pdf');
    expect(page?.text).toBe('Emergencies\n\nThe code is QX87754. Call the duty manager.\n\nDeliveries');
  });

  it('explains a damaged PDF', async () => {
    await expect(extractPages(Buffer.from('%PDF-1.4 broken'), 'application/pdf')).rejects.toThrow(
      new ExtractionError('The PDF could not be read: the file seems to be damaged or is not a valid PDF.'),
    );
  });

  it('reads DOCX paragraphs', async () => {
    const docx = await makeDocx(['Heading', 'Body text of the document.']);
    const pages = await extractPages(docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(pages).toEqual([{ page: null, text: 'Heading\n\nBody text of the document.' }]);
  });

  it('reads the text of a Word 97-2003 document', async () => {
    const doc = makeDoc(['Minutes of the meeting', 'The café on pier 4 opens at 07:30.']);
    const pages = await extractPages(doc, 'application/msword');
    expect(pages).toEqual([{ page: null, text: 'Minutes of the meeting\n\nThe café on pier 4 opens at 07:30.' }]);
  });

  it('reads a legacy DOC only when its text can be extracted', async () => {
    const notWord = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    await expect(extractPages(notWord, 'application/msword')).rejects.toThrow(ExtractionError);
  });

  it('reads every sheet of a workbook as a table with its header', async () => {
    const xlsx = await makeXlsx([
      {
        name: 'Staff',
        rows: [
          ['Name', 'Role'],
          ['Ada', 'Engineer'],
          ['Grace', 'Admiral'],
        ],
      },
      { name: 'Empty', rows: [] },
    ]);
    const pages = await extractPages(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(pages).toEqual([
      { page: 1, text: 'Sheet: Staff\n\nName | Role\nAda | Engineer\nGrace | Admiral' },
      { page: 2, text: 'Sheet: Empty' },
    ]);
  });

  it('repeats the header for each group of rows of a long table', async () => {
    const rows: Array<Array<string | number>> = [['Id', 'Item']];
    for (let index = 1; index <= 45; index += 1) rows.push([index, `item ${index}`]);
    const [page] = await extractPages(
      await makeXlsx([{ name: 'Items', rows }]),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const groups = page?.text.split('\n\n').slice(1) ?? [];
    expect(groups).toHaveLength(3);
    for (const group of groups) expect(group.startsWith('Id | Item\n')).toBe(true);
  });

  it('reads slides in order, one page each', async () => {
    const pptx = await makePptx([
      { title: 'One', body: 'First & foremost' },
      { title: 'Two', body: 'Second <slide>' },
    ]);
    const pages = await extractPages(pptx, 'application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(pages).toEqual([
      { page: 1, text: 'One\n\nFirst & foremost' },
      { page: 2, text: 'Two\n\nSecond <slide>' },
    ]);
  });

  it('has no text for images (no OCR)', async () => {
    expect(await extractPages(Buffer.from('GIF89a'), 'image/gif')).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('keeps the visible text in blocks and drops scripts, styles and the head', () => {
    const html = `<html><head><title>Ignored</title><style>p { color: red }</style></head>
      <body><h1>Title &amp; more</h1><p>First   paragraph
      continues.</p><script>alert("x")</script><ul><li>one</li><li>two</li></ul>
      <table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table><p>Line<br>break</p>
      <pre>keep
  this</pre></body></html>`;
    expect(htmlToText(html)).toBe(
      'Title & more\n\nFirst paragraph continues.\n\none\n\ntwo\n\nA | B\n\n1 | 2\n\nLine\nbreak\n\nkeep\nthis',
    );
  });
});

describe('parseCsv', () => {
  it('handles quotes, commas and line breaks inside fields', () => {
    expect(parseCsv('a,b,c\n"x, y","say ""hi""","multi\nline"\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'multi line'],
      ['1', '2', '3'],
    ]);
  });
});

describe('assertZipWithinLimits', () => {
  it('accepts an ordinary archive and refuses one that expands too far', () => {
    const small = makeZip([{ name: 'a.xml', content: Buffer.alloc(1000) }]);
    expect(assertZipWithinLimits(small, { maxUnpackedBytes: 10_000 }, 'wordDamaged')).toMatchObject([
      { name: 'a.xml', uncompressedSize: 1000 },
    ]);
    expect(() => assertZipWithinLimits(small, { maxUnpackedBytes: 500 }, 'wordDamaged')).toThrow(
      /^This file expands to more than [\d.]+ MB and was not indexed\.$/,
    );
    expect(() =>
      assertZipWithinLimits(Buffer.from('not a zip at all, no directory'), { maxUnpackedBytes: 500 }, 'wordDamaged'),
    ).toThrow(/damaged/);
  });
});

describe('decideFileType', () => {
  const pdf = { ext: 'pdf', mime: 'application/pdf' };
  const png = { ext: 'png', mime: 'image/png' };

  it('takes the type from the content', () => {
    expect(decideFileType({ filename: 'scan', sniffed: pdf, isText: false })).toMatchObject({ ok: true, type: 'pdf' });
    expect(decideFileType({ filename: 'a.PDF', sniffed: pdf, isText: false })).toMatchObject({ ok: true });
    expect(decideFileType({ filename: 'photo.jpg', sniffed: png, isText: false })).toMatchObject({
      ok: true,
      mimeType: 'image/png',
    });
  });

  it('reads text formats by extension, and plain text without one', () => {
    expect(decideFileType({ filename: 'a.md', sniffed: undefined, isText: true })).toMatchObject({ type: 'md' });
    expect(decideFileType({ filename: 'page.htm', sniffed: undefined, isText: true })).toMatchObject({ type: 'html' });
    expect(
      decideFileType({ filename: 'x.html', sniffed: { ext: 'xml', mime: 'application/xml' }, isText: true }),
    ).toMatchObject({
      type: 'html',
    });
    expect(decideFileType({ filename: 'README', sniffed: undefined, isText: true })).toMatchObject({ type: 'txt' });
  });

  it('takes an OLE compound file only as a .doc', () => {
    const cfb = { ext: 'cfb', mime: 'application/x-cfb' };
    expect(decideFileType({ filename: 'old.doc', sniffed: cfb, isText: false })).toMatchObject({ type: 'doc' });
    expect(decideFileType({ filename: 'old.xls', sniffed: cfb, isText: false })).toMatchObject({ ok: false });
  });

  it('refuses content that contradicts its name', () => {
    const decision = decideFileType({ filename: 'a.docx', sniffed: pdf, isText: false });
    expect(decision.ok).toBe(false);
    expect(decision.ok ? null : decision.error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      reason: 'FILE_CONTENT_MISMATCH',
      message: 'File "a.docx" is named .docx but its content is a PDF, not a Word document.',
    });
  });
});
