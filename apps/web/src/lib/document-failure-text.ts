import { DOCUMENT_FAILURES, type DocumentFailureKey, readDocumentFailure } from '@lumen/contract';
import type { TFunction } from 'i18next';
import { addEnglishTexts, toI18nextPlaceholders } from './i18n';

/** English's failure texts: the contract's catalogue, as the server errors are (ADR 0109). */
export function englishDocumentFailures(): Record<DocumentFailureKey, string> {
  return Object.fromEntries(
    Object.entries(DOCUMENT_FAILURES).map(([key, template]) => [key, toI18nextPlaceholders(template)]),
  ) as Record<DocumentFailureKey, string>;
}

addEnglishTexts({ documents: { failures: englishDocumentFailures() } });

/** A number as the server writes it in English (`20,000`, `1.5`, `100`). */
const ENGLISH_NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** A value of a failure in the reader's language: numbers are written the reader's way, anything else as it is. */
function localValue(value: string, language: string): string {
  const match = ENGLISH_NUMBER.exec(value);
  if (!match) return value;
  const digits = match[1]?.length ?? 0;
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    Number(value.replaceAll(',', '')),
  );
}

/**
 * Why a document was not indexed, in the reader's language: the server stores the English sentence of its catalogue
 * (`DOCUMENT_FAILURES`), read back here to its key and values (`documents.failures.<key>`); any other text is shown
 * as it was stored.
 */
export function documentFailureText(t: TFunction, error: string, language: string): string {
  const failure = readDocumentFailure(error);
  if (!failure) return error;
  // Typed as i18next takes values (a string index signature would read as a `context` to it).
  const params: Readonly<Record<string, string | number>> = Object.fromEntries(
    Object.entries(failure.params).map(([name, value]) => [name, localValue(value, language)]),
  );
  return t(`documents.failures.${failure.key}`, { ...params });
}
