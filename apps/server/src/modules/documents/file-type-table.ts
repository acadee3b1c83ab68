/**
 * The file types Lumen reads and how text is decoded, with no imports: the extraction worker loads them without the
 * server's platform modules (ADR 0110), which made each worker start seconds slower.
 */

/** The types an upload may have: decided from the content, never from the name alone (ADR 0012). */
export const FILE_TYPES = {
  pdf: { mimeType: 'application/pdf', label: 'PDF', extensions: ['pdf'] },
  doc: { mimeType: 'application/msword', label: 'Word 97-2003 document', extensions: ['doc'] },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word document',
    extensions: ['docx'],
  },
  xlsx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel workbook',
    extensions: ['xlsx'],
  },
  pptx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint presentation',
    extensions: ['pptx'],
  },
  png: { mimeType: 'image/png', label: 'PNG image', extensions: ['png'] },
  jpeg: { mimeType: 'image/jpeg', label: 'JPEG image', extensions: ['jpg', 'jpeg'] },
  gif: { mimeType: 'image/gif', label: 'GIF image', extensions: ['gif'] },
  txt: { mimeType: 'text/plain', label: 'text file', extensions: ['txt'] },
  md: { mimeType: 'text/markdown', label: 'Markdown file', extensions: ['md', 'markdown'] },
  csv: { mimeType: 'text/csv', label: 'CSV file', extensions: ['csv'] },
  html: { mimeType: 'text/html', label: 'HTML page', extensions: ['html', 'htm'] },
} as const;

export type FileTypeId = keyof typeof FILE_TYPES;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding of text by its first bytes: UTF-16 only with its byte order mark, else UTF-8 (with or without one). */
export function detectTextEncoding(head: Uint8Array): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
