import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../../platform/storage-s3.ts';

/** s3rver accepts any signature made with these. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface S3Peer {
  endpoint: string;
  /** A client for the peer, configured the way the app configures its own. */
  client: S3Client;
  /** The environment that points Lumen at `bucket` on this peer (optionally under `prefix`). */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** Every object name in the bucket, sorted. */
  listObjects(bucket: string): Promise<string[]>;
  readObject(bucket: string, name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a loopback port, keeping its buckets in a temporary directory. */
export async function startS3Peer(buckets: string[]): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lumen-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createS3Client({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });

  return {
    endpoint,
    client,
    env: (bucket, prefix) => ({
      STORAGE_URL: prefix ? `s3://${bucket}/${prefix}` : `s3://${bucket}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    }),
    async listObjects(bucket) {
      const response = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (response.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async readObject(bucket, name) {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      if (!response.Body) throw new Error(`s3 object ${name} has no body`);
      return Buffer.from(await response.Body.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
