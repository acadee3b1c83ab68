import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { DocumentListResponse, IntegrationList, SearchResult } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from './platform/db.ts';
import { NOTE_PNG } from './test/document-fixtures.ts';
import { type GoogleDriveFake, startGoogleDriveFake } from './test/fakes/google-drive-fake.ts';
import {
  type Child,
  createInstance,
  getJson,
  type Instance,
  isOnServer,
  kill,
  openInstanceDatabase,
  removeInstances,
  signIn,
  start,
  stop,
  waitUntil,
} from './test/server-process.ts';

/**
 * Crashes for real: the server runs as a child process (`test/crash-server.ts`, what `main.ts` starts) on its own
 * DATA_DIR and port, is killed with SIGKILL at a chosen moment and started again on the same data. With DATABASE_URL
 * the child gets a fresh database on that server (the job lease path, shortened to 6 s); otherwise the embedded PGlite
 * in DATA_DIR (jobs found running at start are handed out at once).
 */
afterEach(removeInstances);

async function listDocuments(instance: Instance, cookie: string) {
  return (await getJson<DocumentListResponse>(instance, cookie, '/api/documents')).documents;
}

/** Milliseconds from the child's start to its log line saying jobs of a stopped worker were handed out again. */
function handedOutAfterMs(child: Child): number | null {
  for (const line of child.output) {
    if (!line.includes('jobs of a stopped worker handed out again')) continue;
    const time = (JSON.parse(line) as { time?: number }).time;
    return typeof time === 'number' ? time - child.startedAt : null;
  }
  return null;
}

// Each test starts the server twice (a few seconds each on a loaded machine) and waits for real work.
describe(`a server killed with SIGKILL (${isOnServer ? 'PostgreSQL server' : 'embedded PGlite'})`, {
  timeout: 180_000,
}, () => {
  it('finishes the ingestion it was killed in, within 30 s of the restart, and the file is found once', async () => {
    const instance = await createInstance();
    await start(instance);
    const cookie = await signIn(instance);
    const form = new FormData();
    form.append('files', new Blob([NOTE_PNG], { type: 'image/png' }), 'harbour-note.png');
    const upload = await fetch(`${instance.base}/api/files`, {
      method: 'POST',
      headers: { cookie, origin: instance.base },
      body: form,
    });
    expect(upload.status).toBe(201);
    const documentId = ((await upload.json()) as { files: Array<{ document: { id: string } }> }).files[0]?.document.id;

    // The image is read by OCR, which takes seconds: kill the server while the document is being processed.
    await waitUntil('the document to be processing', async () => {
      const document = (await listDocuments(instance, cookie)).find((candidate) => candidate.id === documentId);
      return document?.status === 'processing' || undefined;
    });
    await kill(instance);

    const restarted = await start(instance);
    const ready = await waitUntil(
      'the document to be ready',
      async () => {
        const document = (await listDocuments(instance, cookie)).find((candidate) => candidate.id === documentId);
        if (document?.status === 'failed') throw new Error(`the document failed: ${JSON.stringify(document)}`);
        return document?.status === 'ready' ? Date.now() : undefined;
      },
      30_000,
    );
    const takenAfterMs = handedOutAfterMs(restarted);
    console.info(
      `[crash-recovery] ingestion: job handed out again ${takenAfterMs ?? '?'} ms after the restart began; ` +
        `document ready ${ready - restarted.startedAt} ms after it`,
    );
    if (!isOnServer) expect(takenAfterMs).not.toBeNull();

    const { results } = await getJson<{ results: SearchResult[] }>(instance, cookie, '/api/search?q=quay+moorings');
    expect(results.map((result) => result.documentId)).toEqual([documentId]);
    expect(await listDocuments(instance, cookie)).toHaveLength(1);
  });

  it('leaves no staged file and lists nothing of an upload killed while its body was being sent', async () => {
    const instance = await createInstance();
    await start(instance);
    const cookie = await signIn(instance);
    const stagingDir = path.join(instance.dataDir, 'files', '.tmp');
    const boundary = `----LumenCrash${randomUUID().replaceAll('-', '')}`;
    const sending = httpRequest(`${instance.base}/api/files`, {
      method: 'POST',
      headers: {
        cookie,
        origin: instance.base,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * 1024 * 1024),
      },
    });
    sending.on('error', () => {});
    sending.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="half.txt"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
    );
    // Half a megabyte of a ten-megabyte body, then nothing more: the server is staging the file when it dies.
    sending.write(Buffer.alloc(512 * 1024, 'half an upload\n'));
    await waitUntil('the upload to be staged', async () => {
      const staged = await readdir(stagingDir).catch(() => []);
      return staged.length > 0 || undefined;
    });
    await kill(instance);
    sending.destroy();
    expect((await readdir(stagingDir)).length).toBeGreaterThan(0);

    await start(instance);
    if (!isOnServer) expect(await readdir(stagingDir)).toEqual([]);
    expect(await listDocuments(instance, cookie)).toEqual([]);
    await stop(instance);
    const database = await openInstanceDatabase(instance);
    try {
      const counts = rowsOf<{ files: number; documents: number }>(
        await database.db.execute(
          sql`SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM documents) AS documents`,
        ),
      )[0];
      expect(counts).toEqual({ files: 0, documents: 0 });
    } finally {
      await database.close();
    }
  });

  it("resumes a first sync from the last committed page, and ends with every file once (issue #11's journey)", async () => {
    const FILE_COUNT = 100;
    const PAGE_SIZE = 10;
    const drive: GoogleDriveFake = await startGoogleDriveFake({ maxPageSize: PAGE_SIZE });
    try {
      drive.addFiles(FILE_COUNT, (index) => ({
        name: `ledger-${String(index).padStart(3, '0')}.txt`,
        mimeType: 'text/plain',
        content: `Ledger page ${index}: the lighthouse keeper logged ${index} ships.`,
      }));
      const instance = await createInstance({
        GOOGLE_CLIENT_ID: drive.clientId,
        GOOGLE_CLIENT_SECRET: drive.clientSecret,
        GOOGLE_DISCOVERY_URL: `${drive.baseUrl}/.well-known/openid-configuration`,
        CONNECTOR_BASE_URL_GOOGLE_DRIVE: drive.baseUrl,
      });
      await start(instance);
      const cookie = await signIn(instance);

      const connect = await fetch(`${instance.base}/api/integrations/google-drive/connect`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(connect.status).toBe(302);
      const consent = await fetch(String(connect.headers.get('location')), { redirect: 'manual' });
      const callback = new URL(String(consent.headers.get('location')));
      const result = await fetch(`${instance.base}${callback.pathname}${callback.search}`, { headers: { cookie } });
      expect(await result.text()).toContain('data-ok="true"');

      // files.list asks for the page after a committed one: kill once two pages are in, well before the tenth.
      const listings = () =>
        drive.requests.filter((request) => request.method === 'GET' && request.path === '/drive/v3/files');
      const tokenOf = (query: string) => new URLSearchParams(query).get('pageToken');
      await waitUntil('two committed pages', () => listings().some((request) => tokenOf(request.query) === '20'));
      await kill(instance);
      const listedBefore = listings().length;
      const lastTokenBefore = Number(tokenOf(listings().at(-1)?.query ?? '') ?? 0);
      expect(lastTokenBefore).toBeGreaterThanOrEqual(20);
      expect(lastTokenBefore).toBeLessThan(FILE_COUNT);

      const restarted = await start(instance);
      const card = await waitUntil(
        'the sync to finish',
        async () => {
          const list = await getJson<IntegrationList>(instance, cookie, '/api/integrations');
          const drivecard = list.integrations.find((integration) => integration.provider === 'google-drive');
          return drivecard && !drivecard.syncing && drivecard.lastSyncedAt ? drivecard : undefined;
        },
        60_000,
      );
      expect(card.lastError).toBeNull();
      const resumed = listings().slice(listedBefore);
      const firstResumedToken = Number(tokenOf(resumed[0]?.query ?? '') ?? Number.NaN);
      console.info(
        `[crash-recovery] sync: killed after files.list pageToken=${lastTokenBefore}; resumed at ` +
          `pageToken=${firstResumedToken}, job handed out again ${handedOutAfterMs(restarted) ?? '?'} ms after restart`,
      );
      // Resumed from the committed cursor: never from the first page again.
      expect(resumed.length).toBeGreaterThan(0);
      expect(firstResumedToken).toBeGreaterThanOrEqual(lastTokenBefore);

      await stop(instance);
      const database = await openInstanceDatabase(instance);
      try {
        const rows = rowsOf<{ externalId: string; copies: number }>(
          await database.db.execute(sql`
            SELECT external_id AS "externalId", count(*)::int AS copies FROM documents
            WHERE source = 'google-drive' GROUP BY external_id`),
        );
        expect(rows).toHaveLength(FILE_COUNT);
        expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await drive.close();
    }
  });
});
