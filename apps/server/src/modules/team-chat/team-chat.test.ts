import {
  TEAM_CHAT_MESSAGES,
  TEAM_CHAT_PAGE_SIZE,
  TEAM_CHAT_RATE_MAX,
  TEAM_MESSAGE_MAX,
  type TeamChatUnread,
  type TeamMessage,
  type TeamMessagePage,
  type TeamPresence,
} from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages, teamPresence, user } from '../../db/schema/index.ts';
import { sweepStalePresence } from '../../platform/presence.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { openSocket, waitFor } from '../../test/integration-fixtures.ts';
import {
  type Actor,
  auditActionsOf,
  callApi,
  createTeamWithRoles,
  errorOf,
  signInNewUser,
  type TeamWithRoles,
} from '../../test/team-fixtures.ts';

let ctx: TestContext;
let team: TeamWithRoles;
let otherTeam: TeamWithRoles;

beforeAll(async () => {
  ctx = await buildTestApp();
  team = await createTeamWithRoles(ctx, 'Chatty Co');
  otherTeam = await createTeamWithRoles(ctx, 'Quiet Co');
});
afterAll(async () => {
  await ctx?.close();
});

async function send(actor: Actor, content: string) {
  return callApi(ctx, actor, 'POST', '/api/team-chat/messages', { content });
}

async function page(actor: Actor, query = ''): Promise<TeamMessagePage> {
  const response = await callApi(ctx, actor, 'GET', `/api/team-chat/messages${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<TeamMessagePage>();
}

describe('the team chat room', () => {
  it('a member sends a message; every member of the team reads it with its sender, other teams never', async () => {
    const sent = await send(team.employee, '  Stand-up moves to 9:30 tomorrow.  ');
    expect(sent.statusCode).toBe(201);
    const message = sent.json<TeamMessage>();
    expect(message).toMatchObject({
      content: 'Stand-up moves to 9:30 tomorrow.',
      userId: team.employee.userId,
      editedAt: null,
    });
    expect(message.sender.name).not.toBe(TEAM_CHAT_MESSAGES.unknownUser);
    for (const member of [team.admin, team.lead, team.viewer]) {
      expect((await page(member)).messages.map((entry) => entry.id)).toContain(message.id);
    }
    expect((await page(otherTeam.admin)).messages.map((entry) => entry.id)).not.toContain(message.id);
    // Someone without a team has no room.
    const loner = await signInNewUser(ctx);
    expect((await callApi(ctx, loner, 'GET', '/api/team-chat/messages')).statusCode).toBe(404);
    expect((await send(loner, 'hello?')).statusCode).toBe(404);
  });

  it('refuses blank and overlong messages and bad positions with a clear 400, storing nothing', async () => {
    const before = (await page(team.admin)).messages.length;
    for (const content of ['', '   \n ']) {
      const response = await send(team.admin, content);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(TEAM_CHAT_MESSAGES.contentRequired);
    }
    const missing = await callApi(ctx, team.admin, 'POST', '/api/team-chat/messages', {});
    expect(errorOf(missing).message).toBe(TEAM_CHAT_MESSAGES.contentRequired);
    const long = await send(team.admin, 'x'.repeat(TEAM_MESSAGE_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe(TEAM_CHAT_MESSAGES.contentTooLong);
    expect((await send(team.admin, 'y'.repeat(TEAM_MESSAGE_MAX))).statusCode).toBe(201);
    for (const [query, field] of [
      ['?before=abc', 'before'],
      ['?after=-1', 'after'],
      ['?before=1.5', 'before'],
    ]) {
      const response = await callApi(ctx, team.admin, 'GET', `/api/team-chat/messages${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(`${field}: ${TEAM_CHAT_MESSAGES.cursorInvalid}`);
    }
    expect((await page(team.admin)).messages.length).toBe(before + 1);
  });

  it('opens on the last 50 in order, pages back with before, and catches up with after', async () => {
    const { admin, lead, teamId } = await createTeamWithRoles(ctx, 'Paging Co');
    // Written straight to the table: the API would rate-limit 55 messages in a row.
    for (let index = 0; index < TEAM_CHAT_PAGE_SIZE + 5; index += 1) {
      const author = index % 2 ? admin : lead;
      await ctx.app.database.db
        .insert(teamMessages)
        .values({ teamId, userId: author.userId, content: `message ${index}` });
    }
    const newest = await page(admin);
    expect(newest.messages).toHaveLength(TEAM_CHAT_PAGE_SIZE);
    expect(newest.hasOlder).toBe(true);
    expect(newest.messages.at(-1)?.content).toBe(`message ${TEAM_CHAT_PAGE_SIZE + 4}`);
    const seqs = newest.messages.map((message) => message.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const older = await page(admin, `?before=${seqs[0]}`);
    expect(older.messages.map((message) => message.content)).toEqual([0, 1, 2, 3, 4].map((n) => `message ${n}`));
    expect(older.hasOlder).toBe(false);
    // A client that saw up to the 50th asks for what came after: the rest, oldest first, nothing twice.
    const after = await page(admin, `?after=${seqs[TEAM_CHAT_PAGE_SIZE - 3]}`);
    expect(after.messages.map((message) => message.seq)).toEqual(seqs.slice(TEAM_CHAT_PAGE_SIZE - 2));
  });

  it('the author edits a message; nobody else may; every member sees the new text', async () => {
    const message = (await send(team.lead, 'Lunch at noon')).json<TeamMessage>();
    const edited = await callApi(ctx, team.lead, 'PATCH', `/api/team-chat/messages/${message.id}`, {
      content: 'Lunch at one',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TeamMessage>()).toMatchObject({ content: 'Lunch at one', editedAt: expect.any(String) });
    for (const other of [team.admin, team.employee]) {
      const refused = await callApi(ctx, other, 'PATCH', `/api/team-chat/messages/${message.id}`, { content: 'no' });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toBe(TEAM_CHAT_MESSAGES.notYours);
    }
    const blank = await callApi(ctx, team.lead, 'PATCH', `/api/team-chat/messages/${message.id}`, { content: ' ' });
    expect(errorOf(blank).message).toBe(TEAM_CHAT_MESSAGES.contentRequired);
    expect((await page(team.viewer)).messages.find((entry) => entry.id === message.id)?.content).toBe('Lunch at one');
    // Another team's member, an unknown id and a malformed one: not found.
    for (const [actor, id] of [
      [otherTeam.admin, message.id],
      [team.lead, '00000000-0000-4000-8000-000000000000'],
      [team.lead, 'not-an-id'],
    ] as const) {
      const response = await callApi(ctx, actor, 'PATCH', `/api/team-chat/messages/${id}`, { content: 'x' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(TEAM_CHAT_MESSAGES.notFound);
    }
  });

  it("the author deletes their message; a team admin deletes anyone's (audited); others may not", async () => {
    const own = (await send(team.employee, 'typo')).json<TeamMessage>();
    expect((await callApi(ctx, team.employee, 'DELETE', `/api/team-chat/messages/${own.id}`)).statusCode).toBe(204);
    expect(await auditActionsOf(ctx, team.teamId, own.id)).toEqual([]);

    const theirs = (await send(team.viewer, 'off-topic')).json<TeamMessage>();
    const refused = await callApi(ctx, team.lead, 'DELETE', `/api/team-chat/messages/${theirs.id}`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(TEAM_CHAT_MESSAGES.cannotDelete);
    expect((await callApi(ctx, otherTeam.admin, 'DELETE', `/api/team-chat/messages/${theirs.id}`)).statusCode).toBe(
      404,
    );
    expect((await callApi(ctx, team.admin, 'DELETE', `/api/team-chat/messages/${theirs.id}`)).statusCode).toBe(204);
    expect(await auditActionsOf(ctx, team.teamId, theirs.id)).toEqual(['team_message_delete']);
    const ids = (await page(team.admin)).messages.map((entry) => entry.id);
    expect(ids).not.toContain(own.id);
    expect(ids).not.toContain(theirs.id);
  });

  it("pushes sends, edits and deletions live to the team's sockets only", async () => {
    const member = await openSocket(ctx, team.viewer);
    const outsider = await openSocket(ctx, otherTeam.viewer);
    try {
      const message = (await send(team.admin, 'Live update')).json<TeamMessage>();
      await waitFor(() => member.received.some((event) => event.type === 'team_message'));
      expect(member.received.find((event) => event.type === 'team_message')).toEqual({
        type: 'team_message',
        message,
      });
      await callApi(ctx, team.admin, 'PATCH', `/api/team-chat/messages/${message.id}`, { content: 'Live, edited' });
      await callApi(ctx, team.admin, 'DELETE', `/api/team-chat/messages/${message.id}`);
      await waitFor(() => member.received.some((event) => event.type === 'team_message_deleted'));
      expect(member.received.map((event) => event.type)).toEqual([
        'team_message',
        'team_message_edited',
        'team_message_deleted',
      ]);
      expect(outsider.received.filter((event) => event.type.startsWith('team_message'))).toEqual([]);
    } finally {
      member.socket.terminate();
      outsider.socket.terminate();
    }
  });

  it('shows "Unknown User" for a message whose author account is gone', async () => {
    const { admin, employee } = await createTeamWithRoles(ctx, 'Gone Co');
    const message = (await send(employee, 'Bye all')).json<TeamMessage>();
    await ctx.app.database.db.delete(user).where(eq(user.id, employee.userId));
    const shown = (await page(admin)).messages.find((entry) => entry.id === message.id);
    expect(shown).toMatchObject({
      userId: null,
      sender: { name: 'Unknown User', avatarUrl: null },
      content: 'Bye all',
    });
  });

  it("counts the messages of others after the member's read position, which only moves forward", async () => {
    const crew = await createTeamWithRoles(ctx, 'Unread Co');
    const unread = async (actor: Actor) =>
      (await callApi(ctx, actor, 'GET', '/api/team-chat/unread')).json<TeamChatUnread>();
    expect(await unread(crew.viewer)).toEqual({ count: 0, isCapped: false, lastReadSeq: null });
    const first = (await send(crew.admin, 'One')).json<TeamMessage>();
    await send(crew.lead, 'Two');
    await send(crew.viewer, 'My own does not count');
    expect(await unread(crew.viewer)).toEqual({ count: 2, isCapped: false, lastReadSeq: null });
    expect((await callApi(ctx, crew.viewer, 'PUT', '/api/team-chat/read', { seq: first.seq })).statusCode).toBe(204);
    expect(await unread(crew.viewer)).toEqual({ count: 1, isCapped: false, lastReadSeq: first.seq });
    // An older position (another tab) does not bring them back.
    await callApi(ctx, crew.viewer, 'PUT', '/api/team-chat/read', { seq: 0 });
    expect(await unread(crew.viewer)).toEqual({ count: 1, isCapped: false, lastReadSeq: first.seq });
    const bad = await callApi(ctx, crew.viewer, 'PUT', '/api/team-chat/read', { seq: 'latest' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain(TEAM_CHAT_MESSAGES.cursorInvalid);
    // Over the cap: 99 and capped.
    await ctx.app.database.db.insert(teamMessages).values(
      Array.from({ length: 120 }, (_, index) => ({
        teamId: crew.teamId,
        userId: crew.admin.userId,
        content: `${index}`,
      })),
    );
    expect(await unread(crew.viewer)).toMatchObject({ count: 99, isCapped: true });
    expect((await callApi(ctx, otherTeam.viewer, 'GET', '/api/team-chat/unread')).json<TeamChatUnread>().count).toBe(0);
  });

  it(`limits each person to ${TEAM_CHAT_RATE_MAX} messages in 10 seconds`, async () => {
    const { admin, employee } = await createTeamWithRoles(ctx, 'Flood Co');
    for (let index = 0; index < TEAM_CHAT_RATE_MAX; index += 1) {
      expect((await send(admin, `burst ${index}`)).statusCode).toBe(201);
    }
    const limited = await send(admin, 'one too many');
    expect(limited.statusCode).toBe(429);
    // Someone else in the team still gets through.
    expect((await send(employee, 'me too')).statusCode).toBe(201);
  });
});

describe('presence and membership', () => {
  async function onlineNames(actor: Actor): Promise<string[]> {
    const response = await callApi(ctx, actor, 'GET', '/api/team-chat/presence');
    expect(response.statusCode).toBe(200);
    return response.json<TeamPresence>().online.map((member) => member.userId);
  }

  it('counts a member with two tabs once, drops them when their last socket closes, and tells the team live', async () => {
    const crew = await createTeamWithRoles(ctx, 'Presence Co');
    expect(await onlineNames(crew.admin)).toEqual([]);
    const firstTab = await openSocket(ctx, crew.employee);
    const secondTab = await openSocket(ctx, crew.employee);
    const watcher = await openSocket(ctx, crew.viewer);
    try {
      expect((await onlineNames(crew.admin)).sort()).toEqual([crew.employee.userId, crew.viewer.userId].sort());
      // The watcher was told when it arrived, with both members.
      await waitFor(() => watcher.presence.some((event) => event.online.length === 2));
      // Another team sees none of them.
      expect(await onlineNames(otherTeam.admin)).not.toContain(crew.employee.userId);

      firstTab.socket.terminate();
      await waitFor(() => watcher.presence.length > 0);
      expect(await onlineNames(crew.admin)).toContain(crew.employee.userId);
      secondTab.socket.terminate();
      await waitFor(
        () => watcher.presence.at(-1)?.online.every((member) => member.userId !== crew.employee.userId) ?? false,
      );
      expect(await onlineNames(crew.admin)).toEqual([crew.viewer.userId]);
    } finally {
      firstTab.socket.terminate();
      secondTab.socket.terminate();
      watcher.socket.terminate();
    }
  });

  it("a removed member's open socket stops receiving the team's messages at once, and leaves its online list", async () => {
    const crew = await createTeamWithRoles(ctx, 'Removal Co');
    const leaving = await openSocket(ctx, crew.employee);
    const staying = await openSocket(ctx, crew.viewer);
    try {
      await send(crew.admin, 'Before the change');
      await waitFor(() => leaving.received.some((event) => event.type === 'team_message'));
      const removed = await callApi(ctx, crew.admin, 'DELETE', `/api/teams/current/members/${crew.employee.userId}`);
      expect(removed.statusCode).toBe(204);
      await waitFor(
        () => staying.presence.at(-1)?.online.every((member) => member.userId !== crew.employee.userId) ?? false,
      );
      await send(crew.admin, 'After the change');
      await waitFor(() => staying.received.filter((event) => event.type === 'team_message').length === 2);
      expect(leaving.received.filter((event) => event.type === 'team_message')).toHaveLength(1);
      expect((await callApi(ctx, crew.employee, 'GET', '/api/team-chat/messages')).statusCode).toBe(404);
    } finally {
      leaving.socket.terminate();
      staying.socket.terminate();
    }
  });

  it('forgets an instance that stopped refreshing its rows (it died) after 30 seconds', async () => {
    const crew = await createTeamWithRoles(ctx, 'Crash Co');
    await ctx.app.database.db.insert(teamPresence).values([
      {
        instanceId: 'dead-instance',
        userId: crew.lead.userId,
        teamId: crew.teamId,
        seenAt: new Date(Date.now() - 60_000),
      },
      { instanceId: 'live-instance', userId: crew.viewer.userId, teamId: crew.teamId, seenAt: new Date() },
    ]);
    // Not counted even before the sweep, then swept.
    expect(await onlineNames(crew.admin)).toEqual([crew.viewer.userId]);
    expect(await sweepStalePresence(ctx.app.database.db)).toContain(crew.teamId);
    const rows = await ctx.app.database.db.select().from(teamPresence).where(eq(teamPresence.teamId, crew.teamId));
    expect(rows.map((row) => row.instanceId)).toEqual(['live-instance']);
  });
});
