import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The plumbing the fake providers (Slack, Notion, Confluence, Dropbox, Google Drive, OneDrive) share: each is a
 * `node:http` server on a free loopback port that reads whole request bodies and closes cleanly between suites. What
 * tells them apart (routes, JSON error shapes, content types) stays in each fake.
 */

/** Reads a request's whole body. */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts `server` on a free port of 127.0.0.1 and answers its origin, `http://127.0.0.1:<port>`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops `server`: drops the connections clients keep alive, and settles once it is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
}
