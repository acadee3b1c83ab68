import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`), speaking the documented wire
 * format. Vectors are a hashed bag of words over a small fixed dimension, with a few synonym groups folded together,
 * so "automobile" lands near "car" the way a real model would put them.
 */
export interface FakeEmbeddingsServer {
  /** The API base to configure: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: Array<{ authorization: string | undefined; model: string; inputs: string[] }>;
  /** Makes the next calls fail with this status (0 to stop failing). */
  failWith(status: number): void;
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSIONS = 64;

const SYNONYMS: Record<string, string> = {
  automobile: 'car',
  vehicle: 'car',
  cars: 'car',
  physician: 'doctor',
  doctors: 'doctor',
  canine: 'dog',
  dogs: 'dog',
};

export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const word = SYNONYMS[raw] ?? raw;
    const digest = createHash('sha256').update(word).digest();
    const index = (digest[0] ?? 0) % FAKE_EMBEDDING_DIMENSIONS;
    vector[index] = (vector[index] ?? 0) + 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeEmbeddingsServer(): Promise<FakeEmbeddingsServer> {
  const requests: FakeEmbeddingsServer['requests'] = [];
  let failStatus = 0;
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(await readBody(request)) as { model: string; input: string | string[] };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      requests.push({ authorization: request.headers.authorization, model: body.model, inputs });
      if (failStatus) {
        response.writeHead(failStatus, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) })),
          model: body.model,
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failWith(status) {
      failStatus = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
