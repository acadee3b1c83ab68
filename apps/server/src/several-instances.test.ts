import type { DocumentListResponse, RealtimeEvent, TeamMessage, TeamMessagePage, TeamPresence } from '@lumen/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './test/fakes/openai-compatible-server.ts';
import {
  createInstance,
  getJson,
  type Instance,
  isOnServer,
  kill,
  removeInstances,
  signIn,
  start,
  waitUntil,
} from './test/server-process.ts';

/**
 * Lumen on several instances (issue #13): two server processes on one PostgreSQL server, a socket on each. A message
 * posted on A reaches B's socket (a large one too), presence is the union of both, a job queued on A runs once, a
 * `kill -9` of B loses no message and drops B's connections from presence, and a `kill -9` of the instance writing an
 * `@Lumen` answer loses no job: the other finishes it. Only with DATABASE_URL: the embedded database is one
 * process by nature.
 */
afterEach(removeInstances);

async function send(instance: Instance, cookie: string, method: string, url: string, body?: object) {
  return fetch(`${instance.base}${url}`, {
    method,
    headers: { cookie, origin: instance.base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** A signed-in socket on the instance, collecting what it is pushed. */
async function openSocket(instance: Instance, cookie: string) {
  const received: RealtimeEvent[] = [];
  const socket = new WebSocket(`${instance.base.replace('http', 'ws')}/ws`, {
    headers: { cookie, origin: instance.base },
  });
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as RealtimeEvent));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received };
}

const onlineIds = async (instance: Instance, cookie: string) =>
  (await getJson<TeamPresence>(instance, cookie, '/api/team-chat/presence')).online.map((member) => member.userId);

describe.skipIf(!isOnServer)('two instances on one PostgreSQL server', { timeout: 180_000 }, () => {
  it('a message posted on A reaches a socket on B, presence is the union, and a kill -9 of B loses nothing', async () => {
    const a = await createInstance();
    // One database and one file store (a shared folder here, S3 in production), as a deployment of two instances has.
    const b = await createInstance({}, { sharesDatabaseWith: a, sharesFilesWith: a });
    await Promise.all([start(a), start(b)]);

    // Grace creates the team on A; Alan signs up on B and accepts her invitation there.
    const grace = await signIn(a);
    const alan = await signIn(b);
    expect((await send(a, grace, 'POST', '/api/teams', { name: 'Two Instances' })).status).toBe(201);
    const me = await getJson<{ user: { id: string; email: string } }>(b, alan, '/api/auth/get-session');
    const invited = await send(a, grace, 'POST', '/api/teams/current/invitations', { email: me.user.email });
    expect(invited.status).toBe(201);
    const { invitation } = (await invited.json()) as { invitation: { id: string } };
    expect((await send(b, alan, 'POST', `/api/invitations/${invitation.id}/accept`)).status).toBe(200);

    const onA = await openSocket(a, grace);
    const onB = await openSocket(b, alan);
    try {
      // Presence is the union of both instances' connections, read from either.
      const graceId = (await getJson<{ user: { id: string } }>(a, grace, '/api/auth/get-session')).user.id;
      for (const [instance, cookie] of [
        [a, grace],
        [b, alan],
      ] as const) {
        await waitUntil('both online', async () =>
          (await onlineIds(instance, cookie)).length === 2 ? true : undefined,
        );
      }
      expect((await onlineIds(b, alan)).sort()).toEqual([graceId, me.user.id].sort());

      // Posted on A, pushed to the socket on B (through LISTEN/NOTIFY), once.
      const posted = await send(a, grace, 'POST', '/api/team-chat/messages', { content: 'Hello from instance A' });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as TeamMessage;
      await waitUntil(
        'the message on B',
        () =>
          onB.received.some((event) => event.type === 'team_message' && event.message.id === message.id) || undefined,
      );
      expect(onB.received.filter((event) => event.type === 'team_message')).toHaveLength(1);

      // A message far over NOTIFY's 8,000 bytes (4,000 three-byte letters, 12 KB) reaches B whole, in parts joined there.
      const large = '語'.repeat(4000);
      const postedLarge = await send(a, grace, 'POST', '/api/team-chat/messages', { content: large });
      expect(postedLarge.status).toBe(201);
      const largeId = ((await postedLarge.json()) as TeamMessage).id;
      const arrived = await waitUntil('the large message on B', () =>
        onB.received.find((event) => event.type === 'team_message' && event.message.id === largeId),
      );
      expect(arrived.type === 'team_message' && arrived.message.content).toBe(large);

      // A job queued on A (the ingestion of a document asked for again) runs once, whichever instance takes it.
      const form = new FormData();
      form.append('files', new Blob(['The tide tables are printed on Mondays.'], { type: 'text/plain' }), 'tides.txt');
      const upload = await fetch(`${a.base}/api/files`, {
        method: 'POST',
        headers: { cookie: grace, origin: a.base },
        body: form,
      });
      expect(upload.status).toBe(201);
      const documentId = ((await upload.json()) as { files: Array<{ document: { id: string } }> }).files[0]?.document
        .id;
      expect((await send(a, grace, 'POST', '/api/documents/process', { documentIds: [documentId] })).status).toBe(200);
      await waitUntil('the document to be ready again', async () => {
        const { documents } = await getJson<DocumentListResponse>(b, grace, '/api/documents');
        return documents.find((document) => document.id === documentId)?.status === 'ready' || undefined;
      });
      // Every ingestion job (the upload's and the one asked for again) ends done, each after one attempt.
      const client = new pg.Client({ connectionString: a.databaseUrl ?? '' });
      await client.connect();
      try {
        const jobs = await waitUntil('the ingestion jobs to be done', async () => {
          const { rows } = await client.query<{ status: string; attempts: number }>(
            "SELECT status, attempts FROM jobs WHERE kind = 'documents.ingest'",
          );
          return rows.length >= 2 && rows.every((row) => row.status === 'done') ? rows : undefined;
        });
        expect(jobs.map((row) => row.attempts)).toEqual(jobs.map(() => 1));
      } finally {
        await client.end();
      }

      // B is killed: nothing posted is lost, and its connections leave presence once its rows go stale (30 s).
      await kill(b);
      const after = await send(a, grace, 'POST', '/api/team-chat/messages', { content: 'While B is down' });
      expect(after.status).toBe(201);
      const page = await getJson<TeamMessagePage>(a, grace, `/api/team-chat/messages?after=${message.seq - 1}`);
      expect(page.messages.map((entry) => entry.content)).toEqual(['Hello from instance A', large, 'While B is down']);
      await waitUntil(
        'B to drop out of presence',
        async () => ((await onlineIds(a, grace)).length === 1 ? true : undefined),
        60_000,
      );
      expect(await onlineIds(a, grace)).toEqual([graceId]);
      // The next sweep (every 10 s) removes B's rows and tells the team.
      await waitUntil(
        'the team to be told',
        () => onA.received.some((event) => event.type === 'presence' && event.online.length === 1) || undefined,
        30_000,
      );
    } finally {
      onA.socket.terminate();
      onB.socket.terminate();
    }
  });

  it('a kill -9 of the instance writing an @Lumen answer loses no job: the other takes it over and finishes it', async () => {
    const fake: FakeOpenAiServer = await startFakeOpenAiServer();
    try {
      // A slow model (about 6 s an answer), named differently per instance so the test sees which one is writing.
      const words = Array.from({ length: 60 }, (_, index) => `tide${index}`).join(' ');
      fake.setFallback(() => ({ text: `The tables say: ${words}.`, delayMs: 100 }));
      const modelEnv = (model: string) => ({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: fake.baseUrl,
        AI_MODEL: model,
      });
      const a = await createInstance(modelEnv('model-a'));
      const b = await createInstance(modelEnv('model-b'), { sharesDatabaseWith: a, sharesFilesWith: a });
      await Promise.all([start(a), start(b)]);
      const grace = await signIn(a);
      expect((await send(a, grace, 'POST', '/api/teams', { name: 'Answer Handover' })).status).toBe(201);

      const asked = await send(a, grace, 'POST', '/api/team-chat/messages', { content: '@Lumen read me the tables' });
      expect(asked.status).toBe(201);
      const question = (await asked.json()) as TeamMessage;
      const writer = await waitUntil('an instance to ask the model', () => fake.requests[0]?.model);
      const [holder, survivor] = writer === 'model-a' ? [a, b] : [b, a];
      const survivorModel = writer === 'model-a' ? 'model-b' : 'model-a';
      // Some of the answer is written, then its writer dies.
      await waitUntil('part of the answer', async () => {
        const page = await getJson<TeamMessagePage>(survivor, grace, `/api/team-chat/messages?after=${question.seq}`);
        return (page.messages[0]?.content.length ?? 0) > 0 || undefined;
      });
      await kill(holder);

      // The survivor takes the job once the lease runs out, starts the answer over and finishes it.
      const answer = await waitUntil(
        'the answer to be finished by the survivor',
        async () => {
          const page = await getJson<TeamMessagePage>(survivor, grace, `/api/team-chat/messages?after=${question.seq}`);
          const found = page.messages.find((message) => message.replyToId === question.id);
          return found?.status === 'done' ? found : undefined;
        },
        60_000,
      );
      expect(answer.content).toBe(`The tables say: ${words}.`);
      expect(fake.requests.at(-1)?.model).toBe(survivorModel);
      const client = new pg.Client({ connectionString: a.databaseUrl ?? '' });
      await client.connect();
      try {
        // The job is marked done once its handler returns, which is just after the answer is: wait for that too.
        const rows = await waitUntil('the answer job to be done', async () => {
          const { rows } = await client.query<{ status: string; attempts: number }>(
            "SELECT status, attempts FROM jobs WHERE kind = 'team-chat.answer'",
          );
          return rows.length > 0 && rows.every((row) => row.status === 'done' || row.status === 'failed')
            ? rows
            : undefined;
        });
        expect(rows).toEqual([{ status: 'done', attempts: 2 }]);
      } finally {
        await client.end();
      }
    } finally {
      await fake.close();
    }
  });
});
