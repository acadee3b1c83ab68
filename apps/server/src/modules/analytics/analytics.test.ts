import { ANALYTICS_MESSAGES, DEFAULT_ANALYTICS_GOALS, type Space, type TeamAnalytics } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { postFiles, postSpaceFiles } from '../../test/multipart.ts';
import { callApi, createTeamWithRoles, errorOf, signInNewUser, type TeamWithRoles } from '../../test/team-fixtures.ts';
import { AUDIT_SCAN_JOB } from '../audit/index.ts';
import { daysOfPeriod, typeLabelOf } from './analytics.service.ts';

/** Analytics (issue #14): every figure counted from what the team did, through the real app. */
let ctx: TestContext;
let team: TeamWithRoles;
let otherTeam: TeamWithRoles;

async function analytics(actor = team.admin, query = ''): Promise<TeamAnalytics> {
  // What comes from the audit stream is counted by its scan (every few seconds in production): now, here.
  await ctx.app.jobs.enqueue(AUDIT_SCAN_JOB, {});
  await ctx.app.jobs.drain();
  const response = await callApi(ctx, actor, 'GET', `/api/analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TeamAnalytics>();
}

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { anomalyScan: { lagMs: 0, intervalMs: 3_600_000 } });
  team = await createTeamWithRoles(ctx, 'Counted Co');
  otherTeam = await createTeamWithRoles(ctx, 'Uncounted Co');
  // Documents: two own uploads (a Markdown note and a text), one file in a space.
  await postFiles(ctx, team.employee.cookie, [
    { filename: 'tides.md', content: '# Tides\n\nHigh tide at the north pier is at 06:10 on Mondays.' },
    { filename: 'crew.txt', content: 'The night crew has four people.' },
  ]);
  const space = (await callApi(ctx, team.lead, 'POST', '/api/spaces', { name: 'Harbour' })).json<Space>();
  await postSpaceFiles(ctx, team.lead.cookie, space.id, [
    { filename: 'dues.txt', content: 'Harbour dues rise in May.' },
  ]);
  await postFiles(ctx, otherTeam.employee.cookie, [{ filename: 'theirs.txt', content: 'Not counted here.' }]);
  await ctx.app.jobs.drain();
  // Questions: one answered from the documents, one declined.
  await callApi(ctx, team.employee, 'POST', '/api/ask', { query: 'When is high tide at the north pier?' });
  await callApi(ctx, team.viewer, 'POST', '/api/ask', { query: 'What is the parental leave policy?' });
  // Team chat, a task done, an invitation accepted.
  await callApi(ctx, team.lead, 'POST', '/api/team-chat/messages', { content: 'Morning all' });
  await callApi(ctx, team.viewer, 'POST', '/api/team-chat/messages', { content: 'Morning!' });
  const task = await callApi(ctx, team.lead, 'POST', '/api/teams/current/tasks', {
    title: 'Check the buoys',
    assignedTo: team.employee.userId,
  });
  await callApi(ctx, team.employee, 'PATCH', `/api/teams/current/tasks/${task.json<{ id: string }>().id}`, {
    status: 'done',
  });
  const newcomer = await signInNewUser(ctx);
  const invited = await callApi(ctx, team.admin, 'POST', '/api/teams/current/invitations', { email: newcomer.email });
  await callApi(
    ctx,
    newcomer,
    'POST',
    `/api/invitations/${invited.json<{ invitation: { id: string } }>().invitation.id}/accept`,
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('team analytics', () => {
  it('counts the questions answered and declined per day, with response times', async () => {
    const figures = await analytics();
    expect(figures.period).toBe('30d');
    expect(figures.timeAndEfficiency.queriesPerDay).toHaveLength(30);
    expect(figures.timeAndEfficiency.queriesPerDay.at(-1)).toEqual({ day: figures.to, answered: 1, declined: 1 });
    expect(figures.timeAndEfficiency).toMatchObject({ queries: 2, answered: 1, declined: 1 });
    expect(figures.timeAndEfficiency.responseMs.p50).toEqual(expect.any(Number));
    expect(figures.timeAndEfficiency.responseMs.p95).toBeGreaterThanOrEqual(
      figures.timeAndEfficiency.responseMs.p50 ?? 0,
    );
    expect(figures.businessImpact.accuracyPercent).toEqual({
      value: 50,
      goal: DEFAULT_ANALYTICS_GOALS.accuracyPercent,
    });
  });

  it("counts the team's documents by platform, type and status, and how many are filed in spaces", async () => {
    const { files, businessImpact } = await analytics();
    expect(files.total).toBe(3);
    expect(files.byPlatform).toEqual([
      { key: 'upload', count: 2 },
      { key: 'space', count: 1 },
    ]);
    expect(files.byType).toEqual([
      { key: 'Text', count: 2 },
      { key: 'Markdown', count: 1 },
    ]);
    expect(files.byStatus).toEqual([{ key: 'ready', count: 3 }]);
    expect(files).toMatchObject({ inSpaces: 1, organisedPercent: 33.3 });
    expect(files.addedPerDay.at(-1)?.count).toBe(3);
    expect(businessImpact.documents).toEqual({ value: 3, goal: DEFAULT_ANALYTICS_GOALS.documents });
    expect(businessImpact.organisationPercent.value).toBe(33.3);
  });

  it('counts members active per day, invitations accepted, tasks and team chat messages', async () => {
    const { collaboration } = await analytics(team.viewer, '?period=7d');
    expect(collaboration.activeMembersPerDay).toHaveLength(7);
    // Everyone did something today (signed in at least), the newcomer included.
    expect(collaboration.activeMembersPerDay.at(-1)?.count).toBe(5);
    expect(collaboration).toMatchObject({
      members: 5,
      invitationsAccepted: 1,
      tasksCreated: 1,
      tasksDone: 1,
      chatMessages: 2,
    });
    // Another team's figures are its own.
    const theirs = await analytics(otherTeam.admin);
    expect(theirs.files.total).toBe(1);
    expect(theirs.timeAndEfficiency.queries).toBe(0);
    expect(theirs.collaboration.chatMessages).toBe(0);
  });

  it('lets an admin set the goals; others may only read them; bad goals and periods get a clear 400', async () => {
    expect((await analytics(team.lead)).canEditGoals).toBe(false);
    expect((await analytics()).canEditGoals).toBe(true);
    const goals = { documents: 10, organisationPercent: 50, accuracyPercent: 75 };
    const refused = await callApi(ctx, team.lead, 'PUT', '/api/analytics/goals', goals);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(ANALYTICS_MESSAGES.goalsAdminsOnly);
    expect((await callApi(ctx, team.admin, 'PUT', '/api/analytics/goals', goals)).statusCode).toBe(200);
    const { businessImpact, goals: saved } = await analytics(team.viewer);
    expect(saved).toEqual(goals);
    expect(businessImpact.documents).toEqual({ value: 3, goal: 10 });
    for (const [body, message] of [
      [{ ...goals, documents: 0 }, ANALYTICS_MESSAGES.documentsGoalInvalid],
      [{ ...goals, accuracyPercent: 101 }, ANALYTICS_MESSAGES.percentGoalInvalid],
      [{ ...goals, organisationPercent: 'ninety' }, ANALYTICS_MESSAGES.percentGoalInvalid],
    ] as const) {
      const response = await callApi(ctx, team.admin, 'PUT', '/api/analytics/goals', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    const badPeriod = await callApi(ctx, team.admin, 'GET', '/api/analytics?period=2w');
    expect(badPeriod.statusCode).toBe(400);
    expect(errorOf(badPeriod).message).toContain(ANALYTICS_MESSAGES.periodInvalid);
    expect((await callApi(ctx, await signInNewUser(ctx), 'GET', '/api/analytics')).statusCode).toBe(404);
  });

  it('names the days of a period and the types of documents', () => {
    expect(daysOfPeriod(3, new Date('2026-03-01T15:00:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(typeLabelOf('application/pdf')).toBe('PDF');
    expect(typeLabelOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Word');
    expect(typeLabelOf('image/png')).toBe('Image');
    expect(typeLabelOf(null)).toBe('Other');
  });
});
