import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { UploadedFile, UploadRefusal } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { ObjectTooLargeError, type Storage } from '../../platform/storage.ts';
import { findDocumentsWithFiles, findUploadsByContent, insertUploads } from './documents.repository.ts';
import { toDocumentSummary } from './documents.service.ts';
import { createTextProbe, decideFileType } from './file-types.ts';
import { INGEST_DOCUMENT_JOB, INGEST_JOB_JOIN } from './ingestion.service.ts';

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

/** A file refused on its own, with the error it would answer with were it alone. */
interface RefusedFile {
  refusal: UploadRefusal;
  error: AppError;
}

type StageResult = { ok: true; file: StagedFile } | { ok: false; refused: RefusedFile };

/** What an upload answers: the files accepted (stored, or found already stored) and the files refused. */
export interface UploadOutcome {
  files: UploadedFile[];
  refused: UploadRefusal[];
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

/** Bytes of a file kept in memory while it is stored: a file no longer than this is sniffed without reading it back. */
const IN_MEMORY_SNIFF_BYTES = 64 * 1024;

/** The first bytes of a stream, up to a limit. */
function createHeadCollector(limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    update(chunk: Uint8Array) {
      if (size >= limit) return;
      const part = chunk.subarray(0, limit - size);
      chunks.push(part);
      size += part.length;
    },
    bytes: () => Buffer.concat(chunks, size),
  };
}

async function sniffBytes(bytes: Uint8Array) {
  try {
    return await fileTypeFromBuffer(bytes);
  } catch {
    return undefined;
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

function refuseFile(filename: string, error: AppError): StageResult {
  const refusal = {
    name: filename,
    reason: error.reason ?? error.code,
    message: error.message,
    params: { ...error.params },
  };
  return { ok: false, refused: { refusal, error } };
}

/**
 * Stores one file and decides its type from its content. A refused file (too large, empty, not a supported type)
 * leaves nothing behind and is reported on its own; a request that breaks off fails as a whole.
 */
async function stageFile(deps: UploadDeps, file: IncomingFile): Promise<StageResult> {
  const filename = cleanFilename(file.filename);
  const maxBytes = Math.floor(deps.maxUploadMb * 1024 * 1024);
  const probe = createTextProbe();
  const head = createHeadCollector(IN_MEMORY_SNIFF_BYTES);
  let stored: Awaited<ReturnType<Storage['put']>>;
  try {
    stored = await deps.storage.put(
      observe(file.stream, (chunk) => {
        probe.update(chunk);
        head.update(chunk);
      }),
      { maxBytes },
    );
  } catch (error) {
    // Drained so the parser moves on to the next file.
    file.stream.resume();
    if (error instanceof ObjectTooLargeError) return refuseFile(filename, tooLarge(filename, deps.maxUploadMb));
    if (error instanceof IncomingStreamError) {
      throw AppError.of('UPLOAD_BROKE_OFF', { filename });
    }
    throw error;
  }
  const refuse = async (error: AppError) => {
    await deps.storage.delete(stored.key);
    return refuseFile(filename, error);
  };
  if (file.wasTruncated()) return refuse(tooLarge(filename, deps.maxUploadMb));
  if (stored.size === 0) return refuse(AppError.of('FILE_EMPTY', { filename }));
  const decision = decideFileType({
    filename,
    // A small file is whole in memory: the same bytes the stored copy holds, without opening it again.
    sniffed:
      stored.size <= IN_MEMORY_SNIFF_BYTES
        ? await sniffBytes(head.bytes())
        : await sniffStored(deps.storage, stored.key),
    isText: probe.finish(),
  });
  if (!decision.ok) return refuse(decision.error);
  return {
    ok: true,
    file: { filename, key: stored.key, size: stored.size, sha256: stored.sha256, mimeType: decision.mimeType },
  };
}

/**
 * The error of a batch where every file was refused: the first file's (its 4xx, reason and message, as a single
 * refused file always answered), with every refusal in `details.refused`.
 */
function allRefusedError(refused: RefusedFile[]): AppError {
  const [first] = refused;
  if (!first) return AppError.of('NO_FILES');
  const { code, message, reason, params } = first.error;
  return new AppError(code, message, { refused: refused.map((file) => file.refusal) }, reason, params);
}

/**
 * Stores a batch of uploads and queues their ingestion. Each file is accepted or refused on its own (ADR 0091): a
 * refused file (too large, empty, unsupported type) leaves nothing behind and is listed with its reason, the others
 * are kept. When every file is refused, the request fails with the first refusal. A request that breaks off, or rows
 * that cannot be written, keep nothing of the batch. The same bytes uploaded again by the same user are not stored or
 * indexed twice: the earlier file and document are returned.
 */
export async function uploadFiles(
  deps: UploadDeps,
  ownerId: string,
  incoming: AsyncIterable<IncomingFile>,
  space: { spaceId: string; teamId: string } | null = null,
): Promise<UploadOutcome> {
  const staged: StagedFile[] = [];
  const refused: RefusedFile[] = [];
  const discard = async (keys: string[]) => {
    for (const key of keys) {
      await deps.storage.delete(key).catch((error: unknown) => {
        deps.log.error({ err: error, key }, 'could not remove a stored object');
      });
    }
  };

  let results: Array<{ fileId: string; documentId: string; duplicateKey: string | null }>;
  try {
    for await (const file of incoming) {
      const result = await stageFile(deps, file);
      if (result.ok) staged.push(result.file);
      else refused.push(result.refused);
    }
    if (staged.length === 0) throw allRefusedError(refused);
    results = await deps.db.transaction(async (tx) => {
      const earlier = await findUploadsByContent(
        tx,
        ownerId,
        staged.map((file) => file.sha256),
        space?.spaceId ?? null,
      );
      // The first file of each content not stored before is new; the same bytes again (stored earlier or earlier in
      // this request) are answered with the first one and their staged copy discarded.
      const firstOfContent = new Map<string, StagedFile>();
      const fresh: StagedFile[] = [];
      for (const file of staged) {
        if (earlier.has(file.sha256) || firstOfContent.has(file.sha256)) continue;
        firstOfContent.set(file.sha256, file);
        fresh.push(file);
      }
      const created = await insertUploads(
        tx,
        fresh.map((file) => ({
          ownerId,
          spaceId: space?.spaceId ?? null,
          teamId: space?.teamId ?? null,
          filename: file.filename,
          fileSize: file.size,
          mimeType: file.mimeType,
          sha256: file.sha256,
          storageKey: file.key,
        })),
      );
      const createdFor = new Map(fresh.map((file, index) => [file, created[index]]));
      // One job for the request's new documents, or the waiting one joined: they are indexed together (ADR 0093).
      if (created.length > 0)
        await deps.jobs.enqueue(
          INGEST_DOCUMENT_JOB,
          { documentIds: created.map((item) => item.documentId) },
          { db: tx, joinOn: INGEST_JOB_JOIN },
        );
      return staged.map((file) => {
        const own = createdFor.get(file);
        if (own) return { ...own, duplicateKey: null };
        const first = earlier.get(file.sha256);
        if (first) return { fileId: first.file.id, documentId: first.documentId, duplicateKey: file.key };
        const firstInRequest = firstOfContent.get(file.sha256);
        const sameRequest = firstInRequest && createdFor.get(firstInRequest);
        if (!sameRequest) throw new Error('upload without a stored file');
        return { ...sameRequest, duplicateKey: file.key };
      });
    });
  } catch (error) {
    await discard(staged.map((file) => file.key));
    throw error;
  }
  deps.jobs.wake();
  await discard(results.flatMap((result) => (result.duplicateKey ? [result.duplicateKey] : [])));

  // Read after the commit: a document may already be indexing, and the answer says where it is.
  const stored = new Map(
    (
      await findDocumentsWithFiles(
        deps.db,
        results.map((result) => result.documentId),
      )
    ).map((row) => [row.document.id, row]),
  );
  const accepted = results.flatMap(({ fileId, documentId }) => {
    const row = stored.get(documentId);
    if (!row || row.file.id !== fileId) return [];
    const { document, file } = row;
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
  return { files: accepted, refused: refused.map((file) => file.refusal) };
}
