import { type ConnectorProvider, type IntegrationList, PLATFORM_LABELS } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  dataParts,
  indexText,
  lastAssistantMessage,
  sendChat,
} from '../../test/assistant-fixtures.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { startDropboxFake } from '../../test/fakes/dropbox-fake.ts';
import { dropboxFakeEnv, googleDriveFakeEnv, oneDriveFakeEnv } from '../../test/fakes/fake-env.ts';
import { startGoogleDriveFake } from '../../test/fakes/google-drive-fake.ts';
import { startOneDriveFake } from '../../test/fakes/onedrive-fake.ts';
import { connectAtFake } from '../../test/integration-fixtures.ts';
import { type Actor, callApi, signInNewUser } from '../../test/team-fixtures.ts';
import { RECONNECT_MESSAGE } from '../integrations/index.ts';

/**
 * save_to_storage through /api/chat with the builtin model and each real driver against its fake provider: the
 * confirmation comes before any upload, the confirmed file lands at the provider, and the sync it queues brings it
 * back into search and the assistant's citations.
 */

/** One provider's fake, behind what this test needs. */
interface Store {
  env: Record<string, string>;
  /** The text of the file the fake holds under this name (in `folder`, for a store addressed by paths). */
  readSaved(name: string, folder?: string): string | null;
  /** Upload requests the fake received so far. */
  countUploads(): number;
  /** The access tokens expire and the refresh tokens are revoked (a password change, say). */
  revokeGrant(): void;
  /** Folders are ids at Google Drive: a path cannot name one there. */
  hasFolderPaths: boolean;
  close(): Promise<void>;
}

/** Every fake has the same two controls for it. */
function revokeGrant(fake: { expireAccessTokens(): void; revokeRefreshTokens(): void }): void {
  fake.expireAccessTokens();
  fake.revokeRefreshTokens();
}

async function startGoogleDrive(): Promise<Store> {
  const fake = await startGoogleDriveFake();
  return {
    env: googleDriveFakeEnv(fake),
    readSaved: (name) => fake.findFileByName(name)?.content.toString('utf8') ?? null,
    countUploads: () => fake.countRequests('/upload/drive/v3/files', 'POST'),
    revokeGrant: () => revokeGrant(fake),
    hasFolderPaths: false,
    close: () => fake.close(),
  };
}

async function startOneDrive(): Promise<Store> {
  const fake = await startOneDriveFake();
  return {
    env: oneDriveFakeEnv(fake),
    readSaved: (name) => {
      const id = fake.findFileByName(name);
      return id ? (fake.readFile(id)?.content.toString('utf8') ?? null) : null;
    },
    countUploads: () => fake.requests.filter((request) => request.method === 'PUT').length,
    revokeGrant: () => revokeGrant(fake),
    hasFolderPaths: true,
    close: () => fake.close(),
  };
}

async function startDropbox(): Promise<Store> {
  const fake = await startDropboxFake();
  return {
    env: dropboxFakeEnv(fake),
    readSaved: (name, folder = '') => fake.getFile(`${folder}/${name}`)?.content.toString('utf8') ?? null,
    countUploads: () => fake.requests.filter((request) => request.path === '/2/files/upload').length,
    revokeGrant: () => revokeGrant(fake),
    hasFolderPaths: true,
    close: () => fake.close(),
  };
}

const PROVIDERS: Array<{ provider: ConnectorProvider; start: () => Promise<Store> }> = [
  { provider: 'google-drive', start: startGoogleDrive },
  { provider: 'onedrive', start: startOneDrive },
  { provider: 'dropbox', start: startDropbox },
];

const LIGHTHOUSE_TEXT = 'The lighthouse keeper of Skerry Point is Oddny Brightwater.';

const hasApprovalRequest = (turn: { chunks: Array<{ type: string }> }) =>
  turn.chunks.some((chunk) => chunk.type === 'tool-approval-request');

describe.each(PROVIDERS)('save_to_storage with $provider', ({ provider, start }) => {
  const label = PLATFORM_LABELS[provider];
  let store: Store;
  let ctx: TestContext;
  let owner: Actor;

  beforeAll(async () => {
    store = await start();
    ctx = await buildTestApp(store.env, undefined, { connectorSync: { sleep: async () => {} } });
    owner = await signInNewUser(ctx);
    await connectAtFake(ctx, owner, provider);
    await ctx.app.jobs.drain();
    await indexText(ctx, owner.userId, 'lighthouse.pdf', [{ page: 1, text: LIGHTHOUSE_TEXT }], 'application/pdf');
    // For the later requests: once synced back, the saved copy of lighthouse.pdf is a second 'lighthouse' document.
    await indexText(ctx, owner.userId, 'tides.txt', [{ page: null, text: 'High tide at Gullhaven comes at noon.' }]);
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.close();
  });

  it('asks first, uploads the answer only after Confirm, and the sync makes it searchable and citable', async () => {
    const answer = await sendChat(ctx, owner.cookie, 'Who is the lighthouse keeper of Skerry Point?');
    expect(answer.text).toContain('Oddny Brightwater');
    const uploadsBefore = store.countUploads();

    const ask = await sendChat(ctx, owner.cookie, `Save this answer to my ${label}`, answer.id);
    expect(ask.thinking).toContain('upload');
    expect(hasApprovalRequest(ask)).toBe(true);
    const pending = await lastAssistantMessage(ctx, owner.cookie, ask.id);
    expect(pending.parts.find((part) => part.type === 'tool-save_to_storage')).toMatchObject({
      state: 'approval-requested',
      input: { provider, fileName: 'Who is the lighthouse keeper of', text: answer.text },
    });
    // Nothing reached the provider before the user confirmed.
    expect(store.countUploads()).toBe(uploadsBefore);

    const savedName = 'Who is the lighthouse keeper of.md';
    const confirmed = await answerConfirmation(ctx, owner.cookie, ask.id, true);
    expect(dataParts<{ type: string }>(confirmed.chunks, 'data-thinking')[0]).toEqual({ type: 'upload' });
    expect(confirmed.text).toContain(`Saved "${savedName}" to ${label}.`);
    expect(store.countUploads()).toBe(uploadsBefore + 1);
    expect(store.readSaved(savedName)).toBe(answer.text);

    // The sync the save queued brings the file back like any other synced file.
    await ctx.app.jobs.drain();
    const found = await sendChat(ctx, owner.cookie, 'Find the files about Brightwater');
    expect(found.text).toContain(`**${savedName}** (${label})`);
    expect(found.citations).toContainEqual(expect.objectContaining({ title: savedName, source: provider }));
  });

  it('saves a document the user may view, by its name, into a folder', async () => {
    const folderWords = store.hasFolderPaths ? ' in the Archive folder' : '';
    const ask = await sendChat(ctx, owner.cookie, `Save lighthouse.pdf to my ${label}${folderWords}`);
    const pending = await lastAssistantMessage(ctx, owner.cookie, ask.id);
    expect(pending.parts.find((part) => part.type === 'tool-save_to_storage')).toMatchObject({
      state: 'approval-requested',
      input: {
        provider,
        documentTitle: 'lighthouse.pdf',
        fileName: 'lighthouse.pdf',
        ...(store.hasFolderPaths ? { folder: '/Archive' } : {}),
      },
    });
    const confirmed = await answerConfirmation(ctx, owner.cookie, ask.id, true);
    expect(confirmed.text).toContain(`Saved "lighthouse.md" to ${label}`);
    expect(store.readSaved('lighthouse.md', store.hasFolderPaths ? '/Archive' : undefined)).toBe(LIGHTHOUSE_TEXT);
  });

  it.runIf(provider === 'google-drive')(
    'says at once that a folder path cannot be used where folders are named by id',
    async () => {
      const attempt = await sendChat(ctx, owner.cookie, `Save lighthouse.pdf to my ${label} in the Archive folder`);
      expect(hasApprovalRequest(attempt)).toBe(false);
      expect(attempt.text).toBe(
        `${label} names folders by id, so I can't save into "/Archive" by its path. Ask again without the folder to save it at the top of your ${label}.`,
      );
    },
  );

  it('uploads nothing when the user cancels', async () => {
    const uploadsBefore = store.countUploads();
    const ask = await sendChat(ctx, owner.cookie, `Save tides.txt to ${label} as keeper.txt`);
    expect(hasApprovalRequest(ask)).toBe(true);
    const declined = await answerConfirmation(ctx, owner.cookie, ask.id, false);
    expect(declined.text).toBe("OK, I won't save it.");
    expect(store.countUploads()).toBe(uploadsBefore);
    expect(store.readSaved('keeper.txt')).toBeNull();
  });

  it("answers another user's document as not found, without asking", async () => {
    const stranger = await signInNewUser(ctx);
    const theirs = await indexText(ctx, stranger.userId, 'salaries.txt', [{ page: null, text: 'Salaries rise.' }]);
    const uploadsBefore = store.countUploads();
    for (const text of [`Save document ${theirs} to my ${label}`, `Save salaries.txt to my ${label}`]) {
      const attempt = await sendChat(ctx, owner.cookie, text);
      expect(hasApprovalRequest(attempt)).toBe(false);
      expect(attempt.text).toMatch(/^I couldn't find a document named ".+" that you can view\.$/);
    }
    expect(store.countUploads()).toBe(uploadsBefore);
  });

  it('tells a user without a connection to connect, and is not offered where nobody can confirm', async () => {
    const unconnected = await signInNewUser(ctx);
    const attempt = await sendChat(ctx, unconnected.cookie, `Save this answer to my ${label}`);
    expect(hasApprovalRequest(attempt)).toBe(false);
    expect(attempt.text).toBe(
      `${label} is not connected. Connect Google Drive, OneDrive or Dropbox in Connected services first.`,
    );
    const asked = await callApi(ctx, owner, 'POST', '/api/ask', { query: `Save tides.txt to my ${label}` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<{ response: string }>().response).toBe(
      "I can't save to your cloud storage here. Ask me in the main chat, where you can confirm it.",
    );
  });

  it('asks the user to connect again when the provider refuses the grant', async () => {
    const ask = await sendChat(ctx, owner.cookie, `Save tides.txt to my ${label}`);
    expect(hasApprovalRequest(ask)).toBe(true);
    store.revokeGrant();
    const confirmed = await answerConfirmation(ctx, owner.cookie, ask.id, true);
    expect(confirmed.text).toBe(`I couldn't save to ${label}. ${RECONNECT_MESSAGE}`);
    const list = (await callApi(ctx, owner, 'GET', '/api/integrations')).json<IntegrationList>();
    expect(list.integrations.find((integration) => integration.provider === provider)?.status).toBe('needs_reconnect');

    // From now on it says so at once, without asking.
    const again = await sendChat(ctx, owner.cookie, `Save tides.txt to my ${label}`);
    expect(hasApprovalRequest(again)).toBe(false);
    expect(again.text).toBe(`I couldn't save to ${label}. ${RECONNECT_MESSAGE}`);
  });
});
