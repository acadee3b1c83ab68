import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFile } from './upload.service.ts';

/** Files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 20;

/** The files of a multipart request; the parser's own limit errors become messages a person understands. */
export async function* incomingFiles(request: FastifyRequest, maxUploadMb: number): AsyncGenerator<IncomingFile> {
  const { multipartErrors } = request.server;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      yield { filename: part.filename, stream: part.file, wasTruncated: () => part.file.truncated };
    }
  } catch (error) {
    if (error instanceof multipartErrors.FilesLimitError || error instanceof multipartErrors.PartsLimitError) {
      throw AppError.of('TOO_MANY_FILES', { max: MAX_FILES_PER_UPLOAD });
    }
    if (error instanceof multipartErrors.RequestFileTooLargeError) {
      throw AppError.of('UPLOAD_TOO_LARGE', { maxMb: maxUploadMb });
    }
    if (error instanceof AppError) throw error;
    throw AppError.of('UPLOAD_UNREADABLE');
  }
}
