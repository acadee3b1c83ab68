import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { Config } from '../config.ts';

/**
 * Offline OCR (ADR 0015): tesseract.js runs Tesseract's LSTM engine as WebAssembly in a worker thread, with the
 * English model that the @tesseract.js-data/eng package ships (nothing is downloaded at run time).
 */
export interface ImageTextReader {
  /** The text of an image (PNG, JPEG, GIF), or '' when it has none that can be read with confidence. */
  read(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

export interface TesseractReaderOptions {
  log?: FastifyBaseLogger;
  /** The worker (about 100 MB) is ended after this long without work, and started again by the next image. */
  idleMs?: number;
  /** Text whose mean word confidence (0-100) is below this is taken for noise: photos without text read as junk. */
  minConfidence?: number;
  /** Images with more pixels than this are not read (a small PNG can declare a huge canvas). */
  maxPixels?: number;
}

const require = createRequire(import.meta.url);
/** The "best_int" model: LSTM weights quantised to 8 bits, as accurate as "best" and faster. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

const DEFAULTS = { idleMs: 60_000, minConfidence: 60, maxPixels: 40_000_000 };

/** Width and height from a PNG, GIF or JPEG header (null when the header cannot be read). */
export function imageDimensions(image: Buffer): { width: number; height: number } | null {
  if (image.length >= 24 && image.readUInt32BE(0) === 0x89504e47 && image.toString('latin1', 12, 16) === 'IHDR') {
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  }
  if (image.length >= 10 && image.toString('latin1', 0, 3) === 'GIF') {
    return { width: image.readUInt16LE(6), height: image.readUInt16LE(8) };
  }
  if (image.length >= 4 && image[0] === 0xff && image[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC).
    let offset = 2;
    while (offset + 9 < image.length) {
      if (image[offset] !== 0xff) return null;
      const marker = image[offset + 1] ?? 0;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
        offset += marker === 0xff ? 1 : 2;
        continue;
      }
      const length = image.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: image.readUInt16BE(offset + 7), height: image.readUInt16BE(offset + 5) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

/** Whether OCR output looks like text: at least one word of three letters or more. */
function hasWords(text: string): boolean {
  return /\p{L}{3,}/u.test(text);
}

/** Blank lines collapsed, lines trimmed: Tesseract separates paragraphs with blank lines already. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function createTesseractReader(options: TesseractReaderOptions = {}): ImageTextReader {
  const { idleMs, minConfidence, maxPixels } = { ...DEFAULTS, ...options };
  let worker: Promise<Worker> | null = null;
  let busy = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const startWorker = () =>
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      gzip: true,
      // The model is read from the package each time a worker starts; nothing is written beside the app.
      cacheMethod: 'none',
      errorHandler: (error: unknown) => options.log?.warn({ err: error }, 'OCR worker error'),
    });

  const endWorker = async () => {
    const current = worker;
    worker = null;
    if (current) await (await current).terminate();
  };

  const scheduleIdleEnd = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (busy === 0) void endWorker().catch(() => {});
    }, idleMs);
    idleTimer.unref();
  };

  return {
    async read(image) {
      if (closed) return '';
      const size = imageDimensions(image);
      if (!size || size.width * size.height > maxPixels || size.width < 8 || size.height < 8) return '';
      busy++;
      if (idleTimer) clearTimeout(idleTimer);
      try {
        worker ??= startWorker();
        const { data } = await (await worker).recognize(image);
        const text = tidy(data.text ?? '');
        return data.confidence >= minConfidence && hasWords(text) ? text : '';
      } catch (error) {
        // A worker that failed (a damaged image can abort it) is not reused.
        options.log?.warn({ err: error }, 'OCR could not read an image');
        await endWorker().catch(() => {});
        return '';
      } finally {
        busy--;
        if (busy === 0 && !closed) scheduleIdleEnd();
      }
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      await endWorker().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads text from images for ingestion; null when OCR_ENABLED=false. */
    ocr: ImageTextReader | null;
  }
}

export const ocrPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const reader = config.OCR_ENABLED ? createTesseractReader({ log: app.log }) : null;
    app.decorate('ocr', reader);
    app.addHook('onClose', async () => {
      await reader?.close();
    });
  },
  { name: 'ocr' },
);
