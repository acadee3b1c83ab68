import path from 'node:path';
import { AppError } from '../../platform/errors.ts';
import { detectTextEncoding, FILE_TYPES, type FileTypeId } from './file-type-table.ts';

export { detectTextEncoding, FILE_TYPES, type FileTypeId, type TextEncoding } from './file-type-table.ts';

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
/**
 * Signatures long or structural enough that text does not carry them by chance: they decide even when the bytes also
 * decode as text (an ASCII-only PDF). Every other signature is a few letters a sentence may start with (BMP's 'BM',
 * QuickTime's 'wide' at offset 4, MP3's 'ID3', 'MZ'), so it counts only when the content is not text (issue #17).
 * A real executable (PE, ELF, Mach-O) holds NUL bytes or invalid UTF-8 and so is never text either way.
 */
const STRONG_SIGNATURES = new Set([
  'pdf',
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'docm',
  'xlsm',
  'pptm',
  'odt',
  'ods',
  'odp',
  'epub',
  'jar',
  'apk',
  'png',
  'jpg',
  'gif',
  'webp',
  'elf',
  'macho',
  'cfb',
  'gz',
  '7z',
  'rar',
  'xz',
  'bz2',
  'zst',
  'wasm',
  'sqlite',
]);

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
  /** The whole content decodes as text (`createTextProbe`). */
  isText: boolean;
}

/** A refusal is the error to answer with (415, its reason and message from the catalogue). */
export type SniffResult = { ok: true; type: FileTypeId; mimeType: string } | { ok: false; error: AppError };

/** Whether a sniffed signature decides the type: a strong one always, a weak one only for content that is not text. */
function isDecisiveSniff(sniffed: SniffInput['sniffed'], isText: boolean): sniffed is { ext: string; mime: string } {
  if (!sniffed || TEXTUAL_SNIFFS.has(sniffed.ext)) return false;
  return !isText || STRONG_SIGNATURES.has(sniffed.ext);
}

/**
 * Decides the type of an upload from its content. Binary formats by their magic bytes (a weak signature only when the
 * content is not text); text formats by being text, with the extension choosing between them. A name that claims another supported type than the content has
 * is refused (a ".pdf" that is not a PDF), except among images, which are often misnamed.
 */
export function decideFileType({ filename, sniffed, isText }: SniffInput): SniffResult {
  const extension = path.extname(filename).slice(1).toLowerCase();
  const claimed = extension ? typeOfExtension(extension) : undefined;
  const refuse = (error: AppError): SniffResult => ({ ok: false, error });
  const supported = SUPPORTED_EXTENSIONS_TEXT;
  const ok = (type: FileTypeId): SniffResult => ({ ok: true, type, mimeType: FILE_TYPES[type].mimeType });

  let actual: FileTypeId | undefined;
  if (isDecisiveSniff(sniffed, isText)) {
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

/** Characters that text has: tab, line feed, form feed, carriage return. Other C0 controls and DEL are binary. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: counting control characters is the point
const CONTROL_CHARACTERS = /[\u0001-\u0008\u000b\u000e-\u001f\u007f]/g;
/** More control characters than this share of the text means binary data that happens to decode. */
const MAX_CONTROL_SHARE = 0.02;

/**
 * Checks that a byte stream is text, chunk by chunk, as it is being stored: valid UTF-8 (or UTF-16 with a byte order
 * mark), no NUL character, and at most a small share of other control characters.
 */
export function createTextProbe() {
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  // The first bytes wait until the byte order mark can be read.
  let head = new Uint8Array(0);
  let isText = true;
  let characters = 0;
  let controls = 0;
  const decode = (bytes: Uint8Array, stream: boolean) => {
    if (!decoder) decoder = new TextDecoder(detectTextEncoding(bytes), { fatal: true });
    let text: string;
    try {
      text = decoder.decode(bytes, { stream });
    } catch {
      isText = false;
      return;
    }
    if (text.includes('\u0000')) {
      isText = false;
      return;
    }
    characters += text.length;
    controls += text.match(CONTROL_CHARACTERS)?.length ?? 0;
  };
  return {
    update(chunk: Uint8Array) {
      if (!isText) return;
      if (decoder) return decode(chunk, true);
      head = Buffer.concat([head, chunk]);
      if (head.length < 2) return;
      decode(head, true);
      head = new Uint8Array(0);
    },
    finish(): boolean {
      if (!isText) return false;
      decode(head, false);
      return isText && controls <= characters * MAX_CONTROL_SHARE;
    },
  };
}
