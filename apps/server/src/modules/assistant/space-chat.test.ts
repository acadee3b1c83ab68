import { randomUUID } from 'node:crypto';
import { type Conversation, SPACE_MESSAGES, type Space } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataParts, indexText, parseUIMessageStream, postChat, streamedText } from '../../test/assistant-fixtures.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { type FilePart, postSpaceFiles } from '../../test/multipart.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';

/** The space chat is POST /api/chat with a spaceId: streamed, saved, listed per space, and read from that space only. */
let ctx: TestContext;
let admin: Actor;
let lead: Actor;
let employee: Actor;
let teamId: string;
let lab: Space;
let otherLab: Space;

const QUESTION = 'When did the salamander regeneration trial finish?';

type Citations = { citations: Array<{ documentId: string; title: string; index: number }> };

function upload(actor: Actor, spaceId: string, files: FilePart[]) {
  return postSpaceFiles(ctx, actor.cookie, spaceId, files);
}

async function chat(actor: Actor, text: string, options: { id?: string; spaceId?: string } = {}) {
  const id = options.id ?? randomUUID();
  const response = await postChat(ctx, actor.cookie, {
    id,
    text,
    ...(options.spaceId ? { spaceId: options.spaceId } : {}),
  });
  const chunks = response.statusCode === 200 ? parseUIMessageStream(response.body) : [];
  return {
    id,
    response,
    text: streamedText(chunks),
    thinking: dataParts<{ type: string }>(chunks, 'data-thinking').map((part) => part.type),
    citations: dataParts<Citations>(chunks, 'data-citations')[0]?.citations ?? [],
  };
}

async function listConversations(actor: Actor, spaceId?: string) {
  const query = spaceId ? `?spaceId=${spaceId}` : '';
  return callApi(ctx, actor, 'GET', `/api/conversations${query}`);
}

async function conversationIds(actor: Actor, spaceId?: string): Promise<string[]> {
  const response = await listConversations(actor, spaceId);
  expect(response.statusCode).toBe(200);
  return response.json<{ conversations: Conversation[] }>().conversations.map((conversation) => conversation.id);
}

async function messageRoles(actor: Actor, conversationId: string): Promise<string[]> {
  const response = await callApi(ctx, actor, 'GET', `/api/conversations/${conversationId}`);
  return response.json<{ messages: Array<{ role: string }> }>().messages.map((message) => message.role);
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, teamId } = await createTeamWithAdmin(ctx, 'Salamanders'));
  lead = await addMember(ctx, teamId, 'team_lead');
  employee = await addMember(ctx, teamId, 'employee');
  lab = (await callApi(ctx, lead, 'POST', '/api/spaces', { name: 'Fin Lab' })).json<Space>();
  otherLab = (await callApi(ctx, lead, 'POST', '/api/spaces', { name: 'Other Lab' })).json<Space>();
  await upload(lead, lab.id, [
    { filename: 'fins.txt', content: 'The salamander regeneration trial finished in March with twelve subjects.' },
  ]);
  await upload(lead, otherLab.id, [
    { filename: 'other.txt', content: 'The salamander regeneration trial was cancelled in April.' },
  ]);
  // The lead's own file outside spaces says something else: the space chat must not read it.
  await indexText(ctx, lead.userId, 'personal.txt', [
    { page: null, text: 'The salamander regeneration trial finished in June, says my diary.' },
  ]);
  await ctx.app.jobs.drain();
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/chat with a spaceId', () => {
  it("streams an answer citing only that space's file, and saves it in that space's conversation", async () => {
    const reply = await chat(lead, QUESTION, { spaceId: lab.id });
    expect(reply.response.statusCode).toBe(200);
    expect(reply.response.headers['content-type']).toContain('text/event-stream');
    expect(reply.thinking).toContain('rag');
    expect(reply.text).toContain('March');
    expect(reply.text).not.toContain('June');
    expect(reply.citations.map((citation) => citation.title)).toEqual(['fins.txt']);

    expect(await messageRoles(lead, reply.id)).toEqual(['user', 'assistant']);
    const detail = (await callApi(ctx, lead, 'GET', `/api/conversations/${reply.id}`)).json<{
      conversation: Conversation;
      messages: Array<{ metadata: { citations: Array<{ title: string }> } }>;
    }>();
    expect(detail.conversation.spaceId).toBe(lab.id);
    expect(detail.messages[1]?.metadata.citations.map((citation) => citation.title)).toEqual(['fins.txt']);
  });

  it('continues a space conversation in the same space, with its history', async () => {
    const first = await chat(lead, QUESTION, { spaceId: lab.id });
    const second = await chat(lead, 'How many subjects were in the trial?', { id: first.id, spaceId: lab.id });
    expect(second.response.statusCode).toBe(200);
    expect(second.citations.map((citation) => citation.title)).toEqual(['fins.txt']);
    expect(await messageRoles(lead, first.id)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('refuses to continue a conversation in another space, or outside its space, like a foreign conversation', async () => {
    const inLab = await chat(lead, QUESTION, { spaceId: lab.id });
    const personal = await chat(lead, QUESTION);
    expect(personal.response.statusCode).toBe(200);

    for (const [id, spaceId] of [
      [inLab.id, otherLab.id],
      [inLab.id, undefined],
      [personal.id, lab.id],
    ] as const) {
      const refused = await chat(lead, 'And the other trial?', { id, ...(spaceId ? { spaceId } : {}) });
      expect(refused.response.statusCode).toBe(404);
      expect(errorOf(refused.response).message).toBe('Conversation not found.');
    }
    // Nothing was added to either conversation.
    expect(await messageRoles(lead, inLab.id)).toEqual(['user', 'assistant']);
    expect(await messageRoles(lead, personal.id)).toEqual(['user', 'assistant']);
  });

  it('answers 404 Space not found to a team member outside a private space, another team and a user without a team', async () => {
    const vault = (
      await callApi(ctx, lead, 'POST', '/api/spaces', { name: 'Vault', isPrivate: true, memberIds: [] })
    ).json<Space>();
    await upload(lead, vault.id, [{ filename: 'vault.txt', content: 'The vault code is kept by the quokka.' }]);
    await ctx.app.jobs.drain();
    const otherTeam = await createTeamWithAdmin(ctx, 'Rivals');

    for (const outsider of [employee, otherTeam.admin]) {
      const refused = await chat(outsider, 'Who keeps the vault code?', { spaceId: vault.id });
      expect(refused.response.statusCode).toBe(404);
      expect(errorOf(refused.response).message).toBe(SPACE_MESSAGES.notFound);
      const listed = await listConversations(outsider, vault.id);
      expect(listed.statusCode).toBe(404);
      expect(errorOf(listed).message).toBe(SPACE_MESSAGES.notFound);
      // No conversation was created for them.
      expect(await conversationIds(outsider)).toEqual([]);
    }
    const teamless = await signInNewUser(ctx);
    expect((await chat(teamless, 'Who keeps the vault code?', { spaceId: vault.id })).response.statusCode).toBe(404);
    expect((await listConversations(teamless, vault.id)).statusCode).toBe(404);

    // The team admin sees every space of the team, private ones included.
    const byAdmin = await chat(admin, 'Who keeps the vault code?', { spaceId: vault.id });
    expect(byAdmin.response.statusCode).toBe(200);
    expect(byAdmin.citations.map((citation) => citation.title)).toEqual(['vault.txt']);
  });

  it('refuses a spaceId that is not a UUID', async () => {
    const response = await postChat(ctx, lead.cookie, { id: randomUUID(), text: QUESTION, spaceId: 'fin-lab' });
    expect(response.statusCode).toBe(400);
    expect((await listConversations(lead, 'fin-lab')).statusCode).toBe(400);
  });

  it('does not offer to delete files in a space chat', async () => {
    const reply = await chat(lead, 'Delete the file fins.txt', { spaceId: lab.id });
    expect(reply.response.statusCode).toBe(200);
    expect(reply.text).toContain("I can't delete files here");
    const files = (await callApi(ctx, lead, 'GET', `/api/spaces/${lab.id}/files`)).json<{
      files: Array<{ filename: string }>;
    }>();
    expect(files.files.map((file) => file.filename)).toEqual(['fins.txt']);
  });

  it('does not offer to save to cloud storage in a space chat', async () => {
    const reply = await chat(lead, 'Save fins.txt to my Dropbox', { spaceId: lab.id });
    expect(reply.response.statusCode).toBe(200);
    expect(reply.text).toContain("I can't save to your cloud storage here");
  });
});

describe('GET /api/conversations', () => {
  it("lists a space's conversations of the caller with spaceId, and only conversations outside spaces without it", async () => {
    const member = await addMember(ctx, teamId, 'employee');
    const inLab = await chat(member, QUESTION, { spaceId: lab.id });
    const inOtherLab = await chat(member, QUESTION, { spaceId: otherLab.id });
    const personal = await chat(member, 'What did my diary say?');

    expect(await conversationIds(member)).toEqual([personal.id]);
    expect(await conversationIds(member, lab.id)).toEqual([inLab.id]);
    expect(await conversationIds(member, otherLab.id)).toEqual([inOtherLab.id]);
    // Another member of the same space sees only their own conversations of it.
    expect(await conversationIds(employee, lab.id)).not.toContain(inLab.id);
    // A space conversation is still its owner's alone to open and delete.
    expect((await callApi(ctx, employee, 'GET', `/api/conversations/${inLab.id}`)).statusCode).toBe(404);
    expect((await callApi(ctx, employee, 'DELETE', `/api/conversations/${inLab.id}`)).statusCode).toBe(404);
    expect((await callApi(ctx, member, 'DELETE', `/api/conversations/${inLab.id}`)).statusCode).toBe(204);
    expect(await conversationIds(member, lab.id)).toEqual([]);
  });

  it("deletes a space's conversations with the space", async () => {
    const doomed = (await callApi(ctx, lead, 'POST', '/api/spaces', { name: 'Doomed Lab' })).json<Space>();
    const reply = await chat(lead, QUESTION, { spaceId: doomed.id });
    expect(reply.response.statusCode).toBe(200);
    expect((await callApi(ctx, lead, 'DELETE', `/api/spaces/${doomed.id}`)).statusCode).toBe(204);
    expect((await callApi(ctx, lead, 'GET', `/api/conversations/${reply.id}`)).statusCode).toBe(404);
  });
});
