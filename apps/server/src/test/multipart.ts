import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, type TestContext } from './build-test-app.ts';

export interface FilePart {
  filename: string;
  content: Buffer | string;
  /** What the browser claims; the server decides from the content anyway. */
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body the way a browser's FormData sends files. */
export function multipartBody(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----LumenBoundary${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    const name = file.filename.replaceAll('"', '%22').replaceAll('\r', '').replaceAll('\n', '');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/files as the signed-in user. */
export function postFiles(ctx: TestContext, cookie: string, files: FilePart[]): Promise<LightMyRequestResponse> {
  return postMultipart(ctx, cookie, '/api/files', files);
}

/** POST /api/spaces/:id/files as the signed-in user. */
export function postSpaceFiles(
  ctx: TestContext,
  cookie: string,
  spaceId: string,
  files: FilePart[],
): Promise<LightMyRequestResponse> {
  return postMultipart(ctx, cookie, `/api/spaces/${spaceId}/files`, files);
}

function postMultipart(ctx: TestContext, cookie: string, url: string, files: FilePart[]) {
  const { payload, headers } = multipartBody(files);
  return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...TEST_ORIGIN, cookie }, payload });
}
