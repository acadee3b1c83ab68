import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { FAKE_ELF, FAKE_EXE, makeZip, SIGNATURE_LIKE_TITLES, TINY_PNG } from '../../test/document-fixtures.ts';
import { createTextProbe, decideFileType } from './file-types.ts';

function isText(bytes: Uint8Array, chunkSize = bytes.length): boolean {
  const probe = createTextProbe();
  for (let start = 0; start < bytes.length; start += chunkSize) probe.update(bytes.subarray(start, start + chunkSize));
  return probe.finish();
}

async function decide(filename: string, content: Buffer) {
  return decideFileType({ filename, sniffed: await fileTypeFromBuffer(content), isText: isText(content) });
}

describe('createTextProbe', () => {
  it('takes UTF-8 text, with or without a byte order mark, however it is cut into chunks', () => {
    const text = Buffer.from('Circadian timing – “∼21 nucleotides” 🧬\r\n\tEnd.\f');
    expect(isText(text)).toBe(true);
    expect(isText(text, 1)).toBe(true);
    expect(isText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]), 3)).toBe(true);
  });

  it('takes UTF-16 with its byte order mark, in either byte order', () => {
    const body = 'Zebrafish regrow fins.\n';
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]);
    const bigEndian = Buffer.from(littleEndian).swap16();
    expect(isText(littleEndian, 1)).toBe(true);
    expect(isText(bigEndian)).toBe(true);
    expect(isText(Buffer.from(body, 'utf16le'))).toBe(false);
  });

  it('refuses NUL bytes, invalid sequences and more than a few control characters', () => {
    expect(isText(Buffer.from('text\u0000more'))).toBe(false);
    expect(isText(Buffer.from([0x41, 0xc3, 0x28]))).toBe(false);
    expect(isText(Buffer.from([0x41, 0xe2, 0x82]))).toBe(false);
    expect(isText(Buffer.from(`${'\u0001\u0002\u0003'.repeat(4)}letters`))).toBe(false);
    expect(isText(Buffer.from(`${'a'.repeat(200)}\u001b[0m`))).toBe(true);
  });
});

describe('decideFileType', () => {
  it.each(Object.values(SIGNATURE_LIKE_TITLES))('takes "%s" as text, named .txt or not at all', async (title) => {
    const content = Buffer.from(`${title}\n\nAbstract text.`);
    expect(await fileTypeFromBuffer(content)).toBeDefined();
    expect(await decide('paper.txt', content)).toMatchObject({ ok: true, type: 'txt', mimeType: 'text/plain' });
    expect(await decide('paper', content)).toMatchObject({ ok: true, type: 'txt' });
    expect(await decide('paper.md', content)).toMatchObject({ ok: true, type: 'md' });
  });

  it('calls text named as another supported type misnamed, weak signature or not', async () => {
    const result = await decide('scan.png', Buffer.from(SIGNATURE_LIKE_TITLES.bmp));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe('FILE_TEXT_MISNAMED');
  });

  it('still lets a weak signature decide for content that is not text', async () => {
    const bitmap = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    const result = await decide('picture.txt', bitmap);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/its content is BMP/);
  });

  it('lets a strong signature decide even when the bytes decode as text', async () => {
    expect(await decide('broken.pdf', Buffer.from('%PDF-1.7\n%plain ASCII\n'))).toMatchObject({
      ok: true,
      type: 'pdf',
    });
    const pdfAsText = await decide('notes.txt', Buffer.from('%PDF-1.7\n%plain ASCII\n'));
    expect(pdfAsText.ok).toBe(false);
    if (!pdfAsText.ok) expect(pdfAsText.error.reason).toBe('FILE_CONTENT_MISMATCH');
    const gifAsText = await decide('notes.txt', Buffer.from('GIF89a\u0001\u0000\u0001\u0000 and then some words'));
    expect(gifAsText.ok).toBe(false);
  });

  it.each([
    ['an ELF executable', 'notes.txt', FAKE_ELF, 'FILE_CONTENT_NOT_SUPPORTED'],
    ['a Windows executable', 'notes.txt', FAKE_EXE, 'FILE_CONTENT_NOT_SUPPORTED'],
    [
      'a ZIP archive',
      'report.pdf',
      makeZip([{ name: 'a.txt', content: Buffer.from('hi') }]),
      'FILE_CONTENT_NOT_SUPPORTED',
    ],
    ['a PNG image', 'report.pdf', TINY_PNG, 'FILE_CONTENT_MISMATCH'],
  ])('keeps refusing %s named %s', async (_label, filename, content, reason) => {
    const result = await decide(filename, content);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe(reason);
  });
});
