import { DOCUMENT_FAILURE_KEYS, DOCUMENT_FAILURES, formatDocumentFailure } from '@lumen/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentFailureText, englishDocumentFailures } from '@/lib/document-failure-text';
import { changeLanguage, i18n } from '@/lib/i18n';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { documentSummary } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { DocumentStatusBadge } from './document-status';

/** Shows the badge of a failed document whose stored reason is `error`. */
function renderFailed(error: string | null) {
  stubFetch({
    'GET /api/documents/d1': jsonResponse(documentSummary('d1', 'archive.docx', { status: 'failed', error })),
  });
  return renderWithProviders(<DocumentStatusBadge documentId="d1" />);
}

describe('DocumentStatusBadge', () => {
  it("shows a catalogued reason in the reader's language", async () => {
    await changeLanguage('fr');
    renderFailed(formatDocumentFailure('expandsTooFar', { megabytes: 100 }));
    expect(
      await screen.findByText("Échec : Ce fichier dépasse 100 Mo une fois décompressé et n'a pas été indexé."),
    ).toBeInTheDocument();
  });

  it('shows a reason the catalogue does not have as it was stored', async () => {
    await changeLanguage('fr');
    renderFailed('The file is damaged.');
    expect(await screen.findByText('Échec : The file is damaged.')).toBeInTheDocument();
  });

  it('shows the English sentence word for word in English', async () => {
    renderFailed('This file has more than 20,000 passages and was not indexed.');
    expect(
      await screen.findByText('Failed: This file has more than 20,000 passages and was not indexed.'),
    ).toBeInTheDocument();
  });
});

describe('documentFailureText', () => {
  it('has an English text for every failure, the catalogue word for word', () => {
    const english: Record<string, string> = englishDocumentFailures();
    for (const key of DOCUMENT_FAILURE_KEYS) {
      expect(english[key], key).toBe(DOCUMENT_FAILURES[key].replace(/\{(\w+)\}/g, '{{$1}}'));
    }
    expect(Object.keys(english).sort()).toEqual([...DOCUMENT_FAILURE_KEYS].sort());
  });

  it('writes the numbers of a reason the way the reader does', async () => {
    // Loads the German and Spanish texts (the test setup switches back to English after each test).
    await changeLanguage('de');
    await changeLanguage('es');
    const tooManyPassages = formatDocumentFailure('tooManyPassages', { passages: '20,000' });
    expect(documentFailureText(i18n.getFixedT('de'), tooManyPassages, 'de')).toBe(
      'Diese Datei hat mehr als 20.000 Abschnitte und wurde nicht indexiert.',
    );
    const tooMuchText = formatDocumentFailure('tooMuchText', { megabytes: '1.5' });
    expect(documentFailureText(i18n.getFixedT('es'), tooMuchText, 'es')).toBe(
      'Este archivo tiene más de 1,5 MB de texto y no se indexó.',
    );
    const typeNotReadable = formatDocumentFailure('typeNotReadable', { mimeType: 'application/x-foo' });
    expect(documentFailureText(i18n.getFixedT('en'), typeNotReadable, 'en')).toBe(typeNotReadable);
  });
});
