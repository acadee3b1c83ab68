import { SAVED_FILE_BASE_MAX, savedFileMimeType, toStorageFileName } from '@lumen/contract';
import { describe, expect, it } from 'vitest';

/** The name save_to_storage uploads (and the chat's confirmation shows): one rule, in the contract. */
describe('toStorageFileName', () => {
  it.each([
    ['Q3 plan', 'Q3 plan.md'],
    ['notes.txt', 'notes.txt'],
    ['Notes.TXT', 'Notes.txt'],
    ['report.pdf', 'report.md'],
    ['Minutes 27.11', 'Minutes 27.11.md'],
    ['summary.md', 'summary.md'],
    ['../../etc/passwd', 'etc passwd.md'],
    ['a/b\\c:d*e?f"g<h>i|j#k%l', 'a b c d e f g h i j k l.md'],
    ['  ..hidden.. ', 'hidden.md'],
    ['line\nbreak\u0000', 'linebreak.md'],
    ['', 'Lumen answer.md'],
    ['???', 'Lumen answer.md'],
  ])('%j -> %j', (requested, saved) => {
    expect(toStorageFileName(requested)).toBe(saved);
  });

  it(`keeps at most ${SAVED_FILE_BASE_MAX} characters before the extension`, () => {
    expect(toStorageFileName(`${'x'.repeat(300)}.txt`)).toBe(`${'x'.repeat(SAVED_FILE_BASE_MAX)}.txt`);
  });

  it('types the file by its extension', () => {
    expect(savedFileMimeType('a.md')).toBe('text/markdown');
    expect(savedFileMimeType('a.txt')).toBe('text/plain');
  });
});
