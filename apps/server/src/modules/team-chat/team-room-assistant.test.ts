import {
  NO_ANSWER_REPLY,
  PRODUCT_NAME,
  type RealtimeEvent,
  type Space,
  TEAM_CHAT_MESSAGES,
  TEAM_ROOM_ANSWERS_AT_ONCE,
  type TeamMessage,
  type TeamMessagePage,
} from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages } from '../../db/schema/index.ts';
import { indexText } from '../../test/assistant-fixtures.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fakes/openai-compatible-server.ts';
import { openSocket, waitFor } from '../../test/integration-fixtures.ts';
import { postSpaceFiles } from '../../test/multipart.ts';
import { type Actor, callApi, createTeamWithRoles, errorOf, type TeamWithRoles } from '../../test/team-fixtures.ts';

/**
 * `@Lumen` in the team room (issue #13): the assistant answers in the room from the documents every member of the team
 * may view (the team's public spaces' files), never what only the one asking may see, with citations, streamed to
 * every member's socket; it declines what those documents do not say.
 */

async function send(ctx: TestContext, actor: Actor, content: string) {
  return callApi(ctx, actor, 'POST', '/api/team-chat/messages', { content });
}

async function roomOf(ctx: TestContext, actor: Actor): Promise<TeamMessage[]> {
  const response = await callApi(ctx, actor, 'GET', '/api/team-chat/messages');
  expect(response.statusCode).toBe(200);
  return response.json<TeamMessagePage>().messages;
}

/** Asks the assistant and waits until its answer is written; the question and the answer as stored. */
async function ask(ctx: TestContext, actor: Actor, content: string) {
  const sent = await send(ctx, actor, content);
  expect(sent.statusCode).toBe(201);
  const question = sent.json<TeamMessage>();
  await ctx.app.jobs.drain();
  const room = await roomOf(ctx, actor);
  const answer = room.find((message) => message.replyToId === question.id);
  if (!answer) throw new Error('no answer in the room');
  return { question, answer };
}

function eventsAbout(events: RealtimeEvent[], id: string) {
  return events.filter(
    (event) =>
      ((event.type === 'team_message' || event.type === 'team_message_changed') && event.message.id === id) ||
      (event.type === 'team_message_delta' && event.id === id),
  );
}

describe('the assistant in the team room (builtin model)', () => {
  let ctx: TestContext;
  let team: TeamWithRoles;
  let otherTeam: TeamWithRoles;

  beforeAll(async () => {
    ctx = await buildTestApp();
    team = await createTeamWithRoles(ctx, 'Cold Chain');
    otherTeam = await createTeamWithRoles(ctx, 'Elsewhere');
    const publicSpace = (await callApi(ctx, team.lead, 'POST', '/api/spaces', { name: 'Operations' })).json<Space>();
    const privateSpace = (
      await callApi(ctx, team.lead, 'POST', '/api/spaces', { name: 'Board Room', isPrivate: true })
    ).json<Space>();
    expect(privateSpace.isPrivate).toBe(true);
    await postSpaceFiles(ctx, team.lead.cookie, publicSpace.id, [
      {
        filename: 'cold-store.txt',
        content: 'The emergency shutdown code for the Tromso cold store is QX87754.',
      },
    ]);
    await postSpaceFiles(ctx, team.lead.cookie, privateSpace.id, [
      { filename: 'merger.txt', content: 'The merger with Nordfrost closes on the fourteenth of March.' },
    ]);
    // The lead's own file outside spaces: only theirs, so never read in the room.
    await indexText(ctx, team.lead.userId, 'locker.txt', [
      { page: null, text: 'My gym locker combination is 4471 at the harbour gym.' },
    ]);
    await ctx.app.jobs.drain();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers from the team's public spaces with a citation, pushed to every member's socket and no other team's", async () => {
    const employeeSocket = await openSocket(ctx, team.employee);
    const outsiderSocket = await openSocket(ctx, otherTeam.admin);
    try {
      const { question, answer } = await ask(
        ctx,
        team.viewer,
        '@Lumen what is the emergency shutdown code for the cold store?',
      );
      expect(answer).toMatchObject({
        kind: 'assistant',
        userId: null,
        status: 'done',
        sender: { name: PRODUCT_NAME, avatarUrl: null },
        replyToId: question.id,
      });
      expect(answer.seq).toBeGreaterThan(question.seq);
      expect(answer.content).toContain('QX87754');
      expect(answer.citations).toEqual([
        expect.objectContaining({ index: 1, title: 'cold-store.txt', source: 'space' }),
      ]);
      expect(answer.content).toContain('[1]');

      // Every member's socket saw the answer appear ('answering') and finish with the text and citations.
      await waitFor(() =>
        employeeSocket.received.some(
          (event) => event.type === 'team_message_changed' && event.message.id === answer.id,
        ),
      );
      const seen = eventsAbout(employeeSocket.received, answer.id);
      expect(seen[0]).toMatchObject({ type: 'team_message', message: { status: 'answering', content: '' } });
      expect(seen.at(-1)).toMatchObject({ type: 'team_message_changed', message: { status: 'done' } });
      expect(outsiderSocket.received.filter((event) => event.type.startsWith('team_message'))).toEqual([]);
      // The other team's room holds neither.
      expect((await roomOf(ctx, otherTeam.admin)).map((message) => message.id)).not.toContain(answer.id);
    } finally {
      employeeSocket.socket.terminate();
      outsiderSocket.socket.terminate();
    }
  });

  it("never reads a private space's files or the asker's own, even when the asker may: the usual decline", async () => {
    // The lead is a member of the private space and owns the locker file; the room still may not read them.
    for (const content of [
      '@Lumen when does the merger with Nordfrost close?',
      '@lumen: what is my gym locker combination?',
    ]) {
      const { answer } = await ask(ctx, team.lead, content);
      expect(answer.status).toBe('done');
      expect(answer.content).toBe(NO_ANSWER_REPLY);
      expect(answer.citations).toEqual([]);
    }
    // In the lead's own chat the same question is answered from the private space.
    const mine = await callApi(ctx, team.lead, 'POST', '/api/ask', {
      query: 'When does the merger with Nordfrost close?',
    });
    expect(mine.json<{ response: string }>().response).toContain('fourteenth of March');
  });

  it('a message without a question, or without the mention, gets no answer', async () => {
    for (const content of ['@Lumen', 'Thanks, I will ask lumen later', 'mail me at ops@lumen.example']) {
      const sent = await send(ctx, team.employee, content);
      expect(sent.statusCode).toBe(201);
      await ctx.app.jobs.drain();
      const room = await roomOf(ctx, team.employee);
      expect(room.some((message) => message.replyToId === sent.json<TeamMessage>().id)).toBe(false);
    }
  });

  it("an answer cannot be edited; a team admin may delete it; a deleted question's answer says so", async () => {
    const { answer } = await ask(ctx, team.employee, '@Lumen what is the shutdown code?');
    const edit = await callApi(ctx, team.employee, 'PATCH', `/api/team-chat/messages/${answer.id}`, { content: 'x' });
    expect(edit.statusCode).toBe(403);
    expect(errorOf(edit).message).toBe(TEAM_CHAT_MESSAGES.notYours);
    expect((await callApi(ctx, team.employee, 'DELETE', `/api/team-chat/messages/${answer.id}`)).statusCode).toBe(403);
    expect((await callApi(ctx, team.admin, 'DELETE', `/api/team-chat/messages/${answer.id}`)).statusCode).toBe(204);

    // A question deleted before its answer was written: the answer ends as failed, saying why.
    const [orphan] = await ctx.app.database.db
      .insert(teamMessages)
      .values({ teamId: team.teamId, kind: 'assistant', status: 'answering', content: '' })
      .returning({ id: teamMessages.id });
    await ctx.app.jobs.enqueue('team-chat.answer', { answerId: orphan?.id ?? '' });
    await ctx.app.jobs.drain();
    const [row] = await ctx.app.database.db
      .select()
      .from(teamMessages)
      .where(eq(teamMessages.id, orphan?.id ?? ''));
    expect(row).toMatchObject({ status: 'failed', content: TEAM_CHAT_MESSAGES.assistantQuestionGone });
  });

  it('an answer an earlier attempt left half written starts over, and every member is told', async () => {
    const employeeSocket = await openSocket(ctx, team.employee);
    try {
      const sent = await send(ctx, team.admin, 'plain question to reuse');
      const questionId = sent.json<TeamMessage>().id;
      await ctx.app.database.db
        .update(teamMessages)
        .set({ content: '@Lumen what is the emergency shutdown code?' })
        .where(eq(teamMessages.id, questionId));
      const [half] = await ctx.app.database.db
        .insert(teamMessages)
        .values({
          teamId: team.teamId,
          kind: 'assistant',
          status: 'answering',
          replyToId: questionId,
          content: 'The emer',
        })
        .returning({ id: teamMessages.id });
      const answerId = half?.id ?? '';
      await ctx.app.jobs.enqueue('team-chat.answer', { answerId });
      await ctx.app.jobs.drain();
      await waitFor(() =>
        employeeSocket.received.some(
          (event) =>
            event.type === 'team_message_changed' && event.message.id === answerId && event.message.status === 'done',
        ),
      );
      const changes = eventsAbout(employeeSocket.received, answerId).filter(
        (event) => event.type === 'team_message_changed',
      );
      expect(changes[0]).toMatchObject({ message: { status: 'answering', content: '' } });
      expect(changes.at(-1)).toMatchObject({
        message: { status: 'done', content: expect.stringContaining('QX87754') },
      });
    } finally {
      employeeSocket.socket.terminate();
    }
  });

  it(`answers at most ${TEAM_ROOM_ANSWERS_AT_ONCE} questions of a team at once: more get a clear 429, plain messages still go`, async () => {
    const inserted = await ctx.app.database.db
      .insert(teamMessages)
      .values(
        Array.from({ length: TEAM_ROOM_ANSWERS_AT_ONCE }, () => ({
          teamId: team.teamId,
          kind: 'assistant' as const,
          status: 'answering' as const,
          content: '',
        })),
      )
      .returning({ id: teamMessages.id });
    try {
      const before = (await roomOf(ctx, team.employee)).length;
      const busy = await send(ctx, team.employee, '@Lumen what is the shutdown code?');
      expect(busy.statusCode).toBe(429);
      expect(errorOf(busy)).toMatchObject({
        reason: 'TEAM_ROOM_ASSISTANT_BUSY',
        message: TEAM_CHAT_MESSAGES.assistantBusy,
      });
      // Nothing of the refused question was stored.
      expect((await roomOf(ctx, team.employee)).length).toBe(before);
      expect((await send(ctx, team.employee, 'Just a note')).statusCode).toBe(201);
      // Another team's assistant is not held up.
      const { answer } = await ask(ctx, otherTeam.employee, '@Lumen anything about fjords?');
      expect(answer.status).toBe('done');
    } finally {
      for (const row of inserted) await ctx.app.database.db.delete(teamMessages).where(eq(teamMessages.id, row.id));
    }
  });
});

describe('the assistant in the team room (a remote model)', () => {
  let ctx: TestContext;
  let fake: FakeOpenAiServer;
  let team: TeamWithRoles;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    ctx = await buildTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model' });
    team = await createTeamWithRoles(ctx, 'Streamers');
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it("streams the answer's text to every member as it is written: the pieces at their offsets make the answer", async () => {
    const socket = await openSocket(ctx, team.viewer);
    try {
      const words = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ');
      fake.enqueue({ text: `Here is a slow answer: ${words}.`, delayMs: 15 });
      const { answer } = await ask(ctx, team.lead, '@Lumen tell me slowly');
      expect(answer).toMatchObject({ status: 'done', content: `Here is a slow answer: ${words}.` });
      // The model was asked as in the room: the team room's instructions and the question without the mention.
      const request = fake.requests.at(-1);
      expect(request?.messages[0]?.content).toContain("team's chat room");
      expect(request?.messages.at(-1)?.content).toBe('tell me slowly');

      const deltas = socket.received.filter(
        (event): event is Extract<RealtimeEvent, { type: 'team_message_delta' }> =>
          event.type === 'team_message_delta' && event.id === answer.id,
      );
      expect(deltas.length).toBeGreaterThan(1);
      let text = '';
      for (const delta of deltas) {
        expect(delta.offset).toBe(text.length);
        text += delta.text;
      }
      expect(answer.content.startsWith(text)).toBe(true);
    } finally {
      socket.socket.terminate();
    }
  });

  it('a model failure ends the answer as failed with a clear message; the question stays', async () => {
    fake.enqueue({ error: { status: 500, message: 'The model is overloaded' } });
    fake.enqueue({ error: { status: 500, message: 'The model is overloaded' } });
    const { question, answer } = await ask(ctx, team.employee, '@Lumen are you there?');
    expect(answer).toMatchObject({ status: 'failed', content: TEAM_CHAT_MESSAGES.assistantFailed, citations: [] });
    expect((await roomOf(ctx, team.employee)).map((message) => message.id)).toContain(question.id);
  });
});
