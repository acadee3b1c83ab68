import {
  DOCUMENT_FAILURE_KEYS,
  DOCUMENT_FAILURES,
  type DocumentFailureKey,
  formatDocumentFailure,
  readDocumentFailure,
} from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { ExtractionError, extractPages, TOO_COMPLEX_REASON } from './extract.ts';
import { TOO_MANY_PASSAGES_REASON, TOO_SLOW_REASON } from './extraction-pool.ts';

const MB = 1024 * 1024;

/** Values for every placeholder: a formatted number, and a text with the characters a pattern would trip on. */
const SAMPLES = ['20,000', '1.5', 'application/x-odd+type (v2.*) [$^|?]'];

function placeholdersOf(key: DocumentFailureKey): string[] {
  return [...DOCUMENT_FAILURES[key].matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** Formats a failure with the given values for its placeholders (the helper's types want literal keys). */
const format = formatDocumentFailure as (key: DocumentFailureKey, params?: Record<string, string>) => string;

describe('DOCUMENT_FAILURES', () => {
  it('names every failure in camelCase and gives each template once', () => {
    for (const key of DOCUMENT_FAILURE_KEYS) expect(key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    const templates = Object.values(DOCUMENT_FAILURES);
    expect(new Set(templates).size).toBe(templates.length);
  });

  it.each(DOCUMENT_FAILURE_KEYS)('%s reads back as itself with its values', (key) => {
    for (const sample of SAMPLES) {
      const params = Object.fromEntries(placeholdersOf(key).map((name) => [name, sample]));
      const text = format(key, params);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(readDocumentFailure(text)).toEqual({ key, params });
    }
  });

  it('fills the placeholders as given', () => {
    expect(formatDocumentFailure('expandsTooFar', { megabytes: 100 })).toBe(
      'This file expands to more than 100 MB and was not indexed.',
    );
    expect(formatDocumentFailure('retryLater')).toBe('The file could not be processed. Please upload it again.');
  });

  it('reads any other text as null: unknown, changed, a value left out', () => {
    expect(readDocumentFailure('The file is damaged.')).toBeNull();
    expect(readDocumentFailure('')).toBeNull();
    expect(readDocumentFailure(`${DOCUMENT_FAILURES.tooSlow} Again.`)).toBeNull();
    expect(readDocumentFailure(`Note: ${DOCUMENT_FAILURES.tooSlow}`)).toBeNull();
    expect(readDocumentFailure('This file expands to more than  MB and was not indexed.')).toBeNull();
    expect(readDocumentFailure('This file expands to more than 100 MB and was not indexed')).toBeNull();
  });
});

describe('the reasons the server stores', () => {
  it('are sentences of the catalogue, word for word as before', async () => {
    expect(readDocumentFailure(TOO_MANY_PASSAGES_REASON)).toEqual({
      key: 'tooManyPassages',
      params: { passages: '20,000' },
    });
    expect(TOO_MANY_PASSAGES_REASON).toBe('This file has more than 20,000 passages and was not indexed.');
    expect(readDocumentFailure(TOO_COMPLEX_REASON)?.key).toBe('tooComplex');
    expect(readDocumentFailure(TOO_SLOW_REASON)?.key).toBe('tooSlow');

    // Three bytes of text make at least one character: past three times the limit, the file is refused unread.
    const tooMuchText = extractPages(Buffer.alloc(5 * MB, 'x'), 'text/plain', { maxTextChars: 1.5 * MB });
    await expect(tooMuchText).rejects.toThrow(
      new ExtractionError('This file has more than 1.5 MB of text and was not indexed.'),
    );
    await expect(extractPages(Buffer.from('x'), 'application/x-unknown')).rejects.toThrow(
      new ExtractionError('Files of type application/x-unknown cannot be read.'),
    );
    expect(readDocumentFailure('Files of type application/x-unknown cannot be read.')).toEqual({
      key: 'typeNotReadable',
      params: { mimeType: 'application/x-unknown' },
    });
  });

  it('name each kind of damaged archive in a sentence of its own', async () => {
    const notZip = Buffer.from('not a zip at all, no directory');
    const types = [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ];
    const reasons = await Promise.all(
      types.map(async (mimeType) => {
        try {
          await extractPages(notZip, mimeType);
          return null;
        } catch (error) {
          return error instanceof ExtractionError ? readDocumentFailure(error.message)?.key : null;
        }
      }),
    );
    expect(reasons).toEqual(['wordDamaged', 'excelDamaged', 'powerPointDamaged']);
  });
});
