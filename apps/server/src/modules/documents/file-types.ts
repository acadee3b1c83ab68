import path from 'node:path';
import { AppError } from '../../platform/errors.ts';

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

const TEXT_TYPES: FileTypeId[] = ['txt', 'md', 'csv', 'html'];
const IMAGE_TYPES: FileTypeId[] = ['png', 'jpeg', 'gif'];
/** What file-type calls the formats we take, by its `ext`. */
const SNIFFED: Record<string, FileTypeId> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  png: 'png',
  jpg: 'jpeg',
  gif: 'gif',
};
/** Sniffed types that are really text (an XHTML page starts like XML). */
const TEXTUAL_SNIFFS = new Set(['xml']);

export const SUPPORTED_EXTENSIONS_TEXT = 'PDF, DOC, DOCX, TXT, MD, CSV, HTML, XLSX, PPTX, PNG, JPG and GIF';

export function isImageMimeType(mimeType: string | null): boolean {
  return IMAGE_TYPES.some((id) => FILE_TYPES[id].mimeType === mimeType);
}

function typeOfExtension(extension: string): FileTypeId | undefined {
  return (Object.keys(FILE_TYPES) as FileTypeId[]).find((id) =>
    (FILE_TYPES[id].extensions as readonly string[]).includes(extension),
  );
}

export interface SniffInput {
  filename: string;
  /** What file-type found in the content (magic bytes), if anything. */
  sniffed: { ext: string; mime: string } | undefined;
  /** The whole content is valid UTF-8 without NUL bytes. */
  isText: boolean;
}

/** A refusal is the error to answer with (415, its reason and message from the catalogue). */
export type SniffResult = { ok: true; type: FileTypeId; mimeType: string } | { ok: false; error: AppError };

/**
 * Decides the type of an upload from its content. Binary formats by their magic bytes; text formats by being UTF-8
 * text, with the extension choosing between them. A name that claims another supported type than the content has
 * is refused (a ".pdf" that is not a PDF), except among images, which are often misnamed.
 */
export function decideFileType({ filename, sniffed, isText }: SniffInput): SniffResult {
  const extension = path.extname(filename).slice(1).toLowerCase();
  const claimed = extension ? typeOfExtension(extension) : undefined;
  const refuse = (error: AppError): SniffResult => ({ ok: false, error });
  const supported = SUPPORTED_EXTENSIONS_TEXT;
  const ok = (type: FileTypeId): SniffResult => ({ ok: true, type, mimeType: FILE_TYPES[type].mimeType });

  let actual: FileTypeId | undefined;
  if (sniffed && !TEXTUAL_SNIFFS.has(sniffed.ext)) {
    actual = SNIFFED[sniffed.ext];
    // Legacy Word files are OLE compound files, like old Excel and PowerPoint files: take them only as .doc.
    if (sniffed.ext === 'cfb' && claimed === 'doc') actual = 'doc';
    if (!actual) {
      return refuse(
        AppError.of('FILE_CONTENT_NOT_SUPPORTED', { filename, content: sniffed.ext.toUpperCase(), supported }),
      );
    }
  } else if (isText) {
    if (!extension) return ok('txt');
    if (claimed && TEXT_TYPES.includes(claimed)) return ok(claimed);
    if (claimed) {
      return refuse(AppError.of('FILE_TEXT_MISNAMED', { filename, extension, claimed: FILE_TYPES[claimed].label }));
    }
    return refuse(AppError.of('FILE_TYPE_NOT_SUPPORTED', { filename, supported }));
  } else {
    if (claimed) {
      return refuse(
        AppError.of('FILE_CONTENT_NOT_CLAIMED', { filename, extension, claimed: FILE_TYPES[claimed].label }),
      );
    }
    return refuse(AppError.of('FILE_TYPE_NOT_SUPPORTED', { filename, supported }));
  }

  const isImageMix = claimed && IMAGE_TYPES.includes(claimed) && IMAGE_TYPES.includes(actual);
  if (claimed && claimed !== actual && !isImageMix) {
    return refuse(
      AppError.of('FILE_CONTENT_MISMATCH', {
        filename,
        extension,
        actual: FILE_TYPES[actual].label,
        claimed: FILE_TYPES[claimed].label,
      }),
    );
  }
  return ok(actual);
}

/** Checks that a byte stream is UTF-8 text, chunk by chunk, as it is being stored. */
export function createTextProbe() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isText = true;
  return {
    update(chunk: Uint8Array) {
      if (!isText) return;
      if (chunk.includes(0)) {
        isText = false;
        return;
      }
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        isText = false;
      }
    },
    finish(): boolean {
      if (!isText) return false;
      try {
        decoder.decode();
      } catch {
        isText = false;
      }
      return isText;
    },
  };
}
