import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import { isStorageKey, newStorageKey, type Storage, storedFileNotFound, writeMeasured } from './storage.ts';

export type S3Settings = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver' | 'bucket' | 'prefix'>;

/** Where the SDK's own warnings go (e.g. the app's logger); without one it prints them to the console. */
export interface S3ClientLog {
  warn(message: string): void;
  error(message: string): void;
}

const ignore = () => {};

export function createS3Client(settings: S3Settings, log?: S3ClientLog): S3Client {
  return new S3Client({
    // Only warnings and errors: at info level the SDK would log every command with its input and output.
    logger: log && {
      debug: ignore,
      info: ignore,
      warn: (...content: unknown[]) => log.warn(`S3 client: ${content.map(String).join(' ')}`),
      error: (...content: unknown[]) => log.error(`S3 client: ${content.map(String).join(' ')}`),
    },
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // With the SDK's default ('WHEN_SUPPORTED') streamed bodies are sent with aws-chunked framing and a trailing
    // checksum, which several S3-compatible servers (s3rver among them) store verbatim inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every object name in the bucket (`prefix/ab/<uuid>`); the keys `put` returns stay `ab/<uuid>`. */
  prefix?: string;
  /** A local directory where content waits while it is read and measured, before anything is sent to the bucket. */
  spoolDir: string;
}

/**
 * Objects in an S3-compatible bucket under generated `ab/<uuid>` keys.
 *
 * Nothing half-stored: `put` first spools the content to a private local file while hashing it and enforcing
 * `maxBytes`, and only once the whole content was read and accepted sends it with one PutObject of known length.
 * S3 makes an object visible only when a PutObject completes, so a refused, failed or interrupted upload never
 * creates an object, not even for a moment. The alternatives were worse: uploading while reading and deleting on
 * refusal makes the object briefly readable and leaves it behind if the delete (or the process) fails; a multipart
 * upload aborted on refusal leaves billed, invisible parts behind when the abort fails. The spool costs local disk
 * (up to MAX_UPLOAD_MB per concurrent upload) and a second read of the bytes, which uploads of this size afford.
 */
export function createS3Storage({ client, bucket, prefix = '', spoolDir }: S3StorageOptions): Storage {
  const objectName = (key: string) => (prefix ? `${prefix}/${key}` : key);

  return {
    async put(source, options = {}) {
      const key = newStorageKey();
      // A name of its own, so that two processes sharing the spool directory never collide.
      const spoolFile = path.join(spoolDir, `s3-${randomUUID()}`);
      const measured = await writeMeasured(source, spoolFile, options.maxBytes);
      try {
        // The SDK never retries a request with a streamed body, so transient failures are retried here, each time
        // from a fresh read of the spooled file.
        for (let attempt = 1; ; attempt++) {
          const body = createReadStream(spoolFile);
          // A server that answers before reading the body (a full bucket's 507) leaves the stream unread, still
          // opening its file when the spool is removed: its ENOENT must not become an uncaught exception. The SDK
          // listens for errors itself while it reads.
          body.on('error', () => {});
          try {
            await client.send(
              new PutObjectCommand({
                Bucket: bucket,
                Key: objectName(key),
                Body: body,
                ContentLength: measured.size,
                ContentType: 'application/octet-stream',
              }),
            );
            break;
          } catch (error) {
            if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw error;
            await setTimeout(100 * 2 ** attempt * (0.5 + Math.random()));
          } finally {
            body.destroy();
          }
        }
      } finally {
        await rm(spoolFile, { force: true });
      }
      return { key, ...measured };
    },

    async open(key) {
      if (!isStorageKey(key)) throw storedFileNotFound();
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectName(key) }));
        // In Node the SDK answers with an IncomingMessage; anything else means a browser build was bundled.
        if (!(response.Body instanceof Readable)) throw new Error('The S3 client did not return a Node stream');
        return response.Body;
      } catch (error) {
        if (isMissingObject(error)) throw storedFileNotFound();
        throw error;
      }
    },

    async delete(key) {
      if (!isStorageKey(key)) return;
      // DeleteObject succeeds for a missing object too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectName(key) }));
    },

    async exists(key) {
      if (!isStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectName(key) }));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },
  };
}

const PUT_ATTEMPTS = 3;

/**
 * Network failures, 5xx answers (S3's InternalError, SlowDown, ServiceUnavailable) and S3's 400 RequestTimeout; a full
 * bucket is not: it stays full for longer than a retry waits.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return true;
  if (isBucketFull(error)) return false;
  return (error.$metadata.httpStatusCode ?? 500) >= 500 || error.name === 'RequestTimeout';
}

/** The names S3-compatible servers give a write refused for want of space. */
const BUCKET_FULL_ERRORS = new Set([
  // MinIO, below its free drive threshold (answered 507 Insufficient Storage).
  'XMinioStorageFull',
  // Ceph RGW, a bucket or user over its quota.
  'QuotaExceeded',
]);

/** A write the bucket has no room for: a 507 Insufficient Storage answer, or one of the servers' quota errors. */
export function isBucketFull(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 507 || BUCKET_FULL_ERRORS.has(error.name);
}

/**
 * A missing object, as opposed to a missing bucket or refused credentials, which are configuration errors and must
 * not look like "file not found". HEAD responses have no body, so the SDK can only name those 'NotFound'.
 */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}
