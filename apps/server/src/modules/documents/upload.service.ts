import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { UploadedFile } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { ObjectTooLargeError, type Storage } from '../../platform/storage.ts';
import { findDocumentsByIds, findFilesByIds, findUploadByContent, insertUpload } from './documents.repository.ts';
import { toDocumentSummary } from './documents.service.ts';
import { createTextProbe, decideFileType } from './file-types.ts';
import { INGEST_DOCUMENT_JOB } from './ingestion.service.ts';

/** One file of a multipart upload, as the route hands it over. */
export interface IncomingFile {
  filename: string;
  stream: Readable;
  /** True when the multipart parser cut the file at the size limit. */
  wasTruncated(): boolean;
}

export interface UploadDeps {
  db: Database;
  storage: Storage;
  jobs: JobQueue;
  maxUploadMb: number;
  log: FastifyBaseLogger;
}

interface StagedFile {
  filename: string;
  key: string;
  size: number;
  sha256: string;
  mimeType: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The name as shown to people: no path, no control characters, at most 255 characters. */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(CONTROL_CHARACTERS, '').normalize('NFC').trim();
  return cleaned.slice(0, 255) || 'Untitled';
}

/** The request body broke off or was malformed while a file was being read. */
class IncomingStreamError extends Error {}

async function* observe(stream: Readable, onChunk: (chunk: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<unknown>;
    try {
      next = await chunks.next();
    } catch (error) {
      throw new IncomingStreamError(error instanceof Error ? error.message : String(error));
    }
    if (next.done) return;
    onChunk(next.value as Uint8Array);
    yield next.value as Uint8Array;
  }
}

async function sniffStored(storage: Storage, key: string) {
  const stream = await storage.open(key);
  try {
    return await fileTypeFromStream(Readable.toWeb(stream) as WebReadableStream<Uint8Array>);
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
}

function tooLarge(filename: string, maxUploadMb: number): AppError {
  return AppError.of('FILE_TOO_LARGE', { filename, maxMb: maxUploadMb });
}

/** Stores one file and decides its type from its content; refused files leave nothing behind. */
async function stageFile(deps: UploadDeps, file: IncomingFile): Promise<StagedFile> {
  const filename = cleanFilename(file.filename);
  const maxBytes = Math.floor(deps.maxUploadMb * 1024 * 1024);
  const probe = createTextProbe();
  let stored: Awaited<ReturnType<Storage['put']>>;
  try {
    stored = await deps.storage.put(
      observe(file.stream, (chunk) => probe.update(chunk)),
      { maxBytes },
    );
  } catch (error) {
    file.stream.resume();
    if (error instanceof ObjectTooLargeError) throw tooLarge(filename, deps.maxUploadMb);
    if (error instanceof IncomingStreamError) {
      throw AppError.of('UPLOAD_BROKE_OFF', { filename });
    }
    throw error;
  }
  const refuse = async (error: AppError) => {
    await deps.storage.delete(stored.key);
    return error;
  };
  if (file.wasTruncated()) throw await refuse(tooLarge(filename, deps.maxUploadMb));
  if (stored.size === 0) throw await refuse(AppError.of('FILE_EMPTY', { filename }));
  const decision = decideFileType({
    filename,
    sniffed: await sniffStored(deps.storage, stored.key),
    isText: probe.finish(),
  });
  if (!decision.ok) throw await refuse(decision.error);
  return { filename, key: stored.key, size: stored.size, sha256: stored.sha256, mimeType: decision.mimeType };
}

/**
 * Stores a batch of uploads and queues their ingestion. A batch is all or nothing: if any file is refused (too large,
 * unsupported type), nothing of the batch is kept. The same bytes uploaded again by the same user are not stored or
 * indexed twice: the earlier file and document are returned.
 */
export async function uploadFiles(
  deps: UploadDeps,
  ownerId: string,
  incoming: AsyncIterable<IncomingFile>,
  space: { spaceId: string; teamId: string } | null = null,
): Promise<UploadedFile[]> {
  const staged: StagedFile[] = [];
  const discard = async (keys: string[]) => {
    for (const key of keys) {
      await deps.storage.delete(key).catch((error: unknown) => {
        deps.log.error({ err: error, key }, 'could not remove a stored object');
      });
    }
  };

  let results: Array<{ fileId: string; documentId: string; duplicateKey: string | null }>;
  try {
    for await (const file of incoming) staged.push(await stageFile(deps, file));
    if (staged.length === 0) throw AppError.of('NO_FILES');
    results = await deps.db.transaction(async (tx) => {
      const saved: Array<{ fileId: string; documentId: string; duplicateKey: string | null }> = [];
      for (const file of staged) {
        const earlier = await findUploadByContent(tx, ownerId, file.sha256, space?.spaceId ?? null);
        if (earlier) {
          saved.push({ fileId: earlier.file.id, documentId: earlier.documentId, duplicateKey: file.key });
          continue;
        }
        const created = await insertUpload(tx, {
          ownerId,
          spaceId: space?.spaceId ?? null,
          teamId: space?.teamId ?? null,
          filename: file.filename,
          fileSize: file.size,
          mimeType: file.mimeType,
          sha256: file.sha256,
          storageKey: file.key,
        });
        await deps.jobs.enqueue(INGEST_DOCUMENT_JOB, { documentId: created.documentId }, { db: tx });
        saved.push({ ...created, duplicateKey: null });
      }
      return saved;
    });
  } catch (error) {
    await discard(staged.map((file) => file.key));
    throw error;
  }
  deps.jobs.wake();
  await discard(results.flatMap((result) => (result.duplicateKey ? [result.duplicateKey] : [])));

  const files = new Map(
    (
      await findFilesByIds(
        deps.db,
        results.map((result) => result.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  const documents = new Map(
    (
      await findDocumentsByIds(
        deps.db,
        results.map((result) => result.documentId),
      )
    ).map((d) => [d.id, d]),
  );
  return results.flatMap(({ fileId, documentId }) => {
    const file = files.get(fileId);
    const document = documents.get(documentId);
    if (!file || !document) return [];
    return [
      {
        id: file.id,
        filename: file.filename,
        size: Number(file.fileSize),
        mimeType: file.mimeType,
        sha256: file.sha256,
        document: toDocumentSummary(document),
      },
    ];
  });
}
