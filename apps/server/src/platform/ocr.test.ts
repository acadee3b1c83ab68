import { afterAll, describe, expect, it } from 'vitest';
import { LANDSCAPE_PNG, NOTE_PNG, NOTE_PNG_TEXT, RECEIPT_JPEG, TINY_PNG } from '../test/document-fixtures.ts';
import { createTesseractReader, imageDimensions } from './ocr.ts';

describe('imageDimensions', () => {
  it('reads the size from PNG, JPEG and GIF headers', () => {
    expect(imageDimensions(NOTE_PNG)).toEqual({ width: 900, height: 220 });
    expect(imageDimensions(RECEIPT_JPEG)).toEqual({ width: 640, height: 120 });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00])]);
    expect(imageDimensions(gif)).toEqual({ width: 320, height: 240 });
    expect(imageDimensions(Buffer.from('not an image'))).toBeNull();
  });
});

describe('the offline OCR reader (tesseract.js with the packaged English model)', () => {
  const reader = createTesseractReader({ idleMs: 200 });
  afterAll(() => reader.close());

  it('reads the text of a PNG and of a JPEG', async () => {
    expect(await reader.read(NOTE_PNG)).toBe(NOTE_PNG_TEXT);
    expect(await reader.read(RECEIPT_JPEG)).toBe('Receipt 2291: lantern oil, 3 litres.');
  });

  it('finds no text in a picture without any, nor in a one-pixel image', async () => {
    expect(await reader.read(LANDSCAPE_PNG)).toBe('');
    expect(await reader.read(TINY_PNG)).toBe('');
  });

  it('does not decode an image that declares a huge canvas, nor a damaged one', async () => {
    const huge = Buffer.from(NOTE_PNG);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    expect(await reader.read(huge)).toBe('');
    const damaged = Buffer.concat([NOTE_PNG.subarray(0, 200), Buffer.alloc(500, 7)]);
    expect(await reader.read(damaged)).toBe('');
  });

  it('still reads an image after idling longer than the worker is kept', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await reader.read(RECEIPT_JPEG)).toContain('lantern oil');
  });
});
