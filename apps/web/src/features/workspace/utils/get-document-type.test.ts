import { describe, expect, it } from 'vitest';
import { getDocumentType } from './get-document-type';

describe('getDocumentType', () => {
  it('names common MIME types', () => {
    expect(getDocumentType('application/pdf', 'Q3 report')).toBe('PDF');
    expect(
      getDocumentType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'brief.docx'),
    ).toBe('DOCX');
    expect(getDocumentType('text/plain; charset=utf-8', 'notes')).toBe('TXT');
  });

  it("falls back to the title's extension, then to a short MIME subtype", () => {
    expect(getDocumentType('application/octet-stream', 'slides.key')).toBe('KEY');
    expect(getDocumentType(null, 'budget.xlsx')).toBe('XLSX');
    expect(getDocumentType('image/avif', 'photo')).toBe('AVIF');
    expect(getDocumentType(null, 'Meeting notes')).toBeNull();
  });
});
