import { fillPlaceholders, PLACEHOLDER, type PlaceholdersOf } from './placeholders.ts';

/**
 * Why a document could not be indexed, by a stable camelCase key. The server stores the English sentence on the
 * document (`documents.error`, built with `formatDocumentFailure`); the web app reads the key and the values back from
 * that sentence (`readDocumentFailure`) and shows `documents.failures.<key>` in the reader's language, or the stored
 * text when it is none of these (a row written before a sentence changed). `{name}` marks a value the server fills
 * in; a value is never an English word (each kind of file that has its own sentence has its own key), so a translated
 * sentence holds no English. Each template appears once, and no sentence one template makes is read by another.
 */
export const DOCUMENT_FAILURES = {
  // ---- Limits of what is read (extract.ts, extraction-pool.ts) ----
  tooMuchText: 'This file has more than {megabytes} MB of text and was not indexed.',
  tooManyPdfPages: 'This PDF has more than {pages} pages and was not indexed.',
  expandsTooFar: 'This file expands to more than {megabytes} MB and was not indexed.',
  partExpandsTooFar: 'A part of this file expands to more than {megabytes} MB and was not indexed.',
  compressionTooHigh: 'This file expands to more than {ratio} times its compressed size and was not indexed.',
  tooManyParts: 'This file has more than {parts} parts and was not indexed.',
  tooManyPassages: 'This file has more than {passages} passages and was not indexed.',
  tooComplex: 'This file is too complex to read and was not indexed.',
  tooSlow: 'This file took too long to read and was not indexed.',
  crashed: 'This file could not be read and was not indexed.',

  // ---- Files that cannot be read (extract.ts) ----
  typeNotReadable: 'Files of type {mimeType} cannot be read.',
  pdfPasswordProtected: 'The PDF is password-protected, so its text cannot be read.',
  pdfDamaged: 'The PDF could not be read: the file seems to be damaged or is not a valid PDF.',
  wordDamaged: 'The Word document could not be read: the file seems to be damaged.',
  word97Unreadable: 'The Word 97-2003 document could not be read: its text is not in a form that can be extracted.',
  excelDamaged: 'The Excel workbook could not be read: the file seems to be damaged.',
  powerPointDamaged: 'The PowerPoint presentation could not be read: the file seems to be damaged.',

  // ---- Ingestion gave up (ingestion.service.ts) ----
  retryLater: 'The file could not be processed. Please upload it again.',
} as const satisfies Record<string, string>;

export type DocumentFailureKey = keyof typeof DOCUMENT_FAILURES;

type PlaceholdersOfFailure<Key extends DocumentFailureKey> = PlaceholdersOf<(typeof DOCUMENT_FAILURES)[Key]>;

/** The values a failure's template needs (`{}` for a fixed sentence). */
export type DocumentFailureParams<Key extends DocumentFailureKey> = {
  readonly [Name in PlaceholdersOfFailure<Key>]: string | number;
};

/** A sentence read back: its key and the values found in place of its placeholders (as text). */
export interface DocumentFailure {
  key: DocumentFailureKey;
  params: Record<string, string>;
}

export const DOCUMENT_FAILURE_KEYS = Object.keys(DOCUMENT_FAILURES) as DocumentFailureKey[];

/**
 * The English sentence of a failure, its placeholders filled in. Values are written as given: the server passes
 * numbers already formatted (`20,000`, `1.5`).
 */
export function formatDocumentFailure<Key extends DocumentFailureKey>(
  key: Key,
  ...args: [PlaceholdersOfFailure<Key>] extends [never] ? [] : [params: DocumentFailureParams<Key>]
): string {
  const template: string = DOCUMENT_FAILURES[key];
  return fillPlaceholders(template, args[0] ?? {});
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let matchers: ReadonlyArray<{ key: DocumentFailureKey; pattern: RegExp }> | null = null;

/** One anchored pattern per template (made on first use): its text escaped, each placeholder a group of `.+?`. */
function documentFailureMatchers(): ReadonlyArray<{ key: DocumentFailureKey; pattern: RegExp }> {
  matchers ??= DOCUMENT_FAILURE_KEYS.map((key) => {
    // Split by a capturing group, a template alternates text and placeholder names: text, name, text, ..., text.
    const parts = DOCUMENT_FAILURES[key].split(PLACEHOLDER);
    const source = parts.map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part))).join('');
    return { key, pattern: new RegExp(`^${source}$`) };
  });
  return matchers;
}

/** The failure a stored sentence says, with its values, or null for any other text (shown as it is). */
export function readDocumentFailure(text: string): DocumentFailure | null {
  for (const { key, pattern } of documentFailureMatchers()) {
    const match = pattern.exec(text);
    if (match) return { key, params: { ...match.groups } };
  }
  return null;
}
