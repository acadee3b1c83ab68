import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@/lib/format-file-size';
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

describe('formatFileSize', () => {
  it('picks a unit and formats in the language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 kB');
  });

  it('says nothing for an unknown size', () => {
    expect(formatFileSize(null, 'en')).toBeNull();
    expect(formatFileSize(-1, 'en')).toBeNull();
  });
});
