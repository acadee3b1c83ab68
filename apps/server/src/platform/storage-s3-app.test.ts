import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, type TestContext } from '../test/build-test-app.ts';
import { type S3Peer, startS3Peer } from '../test/fakes/s3-peer.ts';
import { postFiles } from '../test/multipart.ts';

const BUCKET = 'lumen-app-test';
const PREFIX = 'uploads';

let s3: S3Peer;
let ctx: TestContext;

beforeAll(async () => {
  s3 = await startS3Peer([BUCKET]);
  ctx = await buildTestApp(s3.env(BUCKET, PREFIX));
});

afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe('the app with STORAGE_URL=s3://…', () => {
  it('stores an upload in the bucket, not on local disk, and serves it back from there', async () => {
    expect(ctx.config.storage).toMatchObject({ driver: 's3', bucket: BUCKET, prefix: PREFIX });
    const { cookie } = await createSignedInUser(ctx);
    const content = 'Minutes of the orchard committee.\n';

    const response = await postFiles(ctx, cookie, [{ filename: 'minutes.txt', content, contentType: 'text/plain' }]);
    expect(response.statusCode).toBe(201);
    const [uploaded] = response.json<{ files: UploadedFile[] }>().files;
    if (!uploaded) throw new Error('no file in the response');

    const objects = await s3.listObjects(BUCKET);
    expect(objects).toHaveLength(1);
    expect(objects[0]).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect((await s3.readObject(BUCKET, objects[0] ?? '')).toString()).toBe(content);
    const localFiles = await readdir(path.join(ctx.dataDir, 'files'), { recursive: true }).catch(() => []);
    expect(localFiles.filter((name) => name !== '.tmp')).toEqual([]);

    const served = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${uploaded.document.id}/content`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(content);
  });
});
