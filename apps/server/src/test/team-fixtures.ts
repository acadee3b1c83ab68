import type { ApiErrorBody, Role } from '@lumen/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLogs, user } from '../db/schema/index.ts';
import { createSignedInUser, TEST_APP_URL, type TestContext } from './build-test-app.ts';
import { seedMember } from './seed.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Actor {
  cookie: string;
  userId: string;
  email: string;
}

export function callApi(
  ctx: TestContext,
  actor: Actor,
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie, origin: TEST_APP_URL },
    ...(payload ? { payload } : {}),
  });
}

export async function signInNewUser(ctx: TestContext): Promise<Actor> {
  const { user: created, cookie } = await createSignedInUser(ctx);
  const [row] = await ctx.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, created.email));
  if (!row) throw new Error('user missing');
  return { cookie, userId: row.id, email: created.email };
}

/** A signed-in user who created a team through the API; they are its admin. */
export async function createTeamWithAdmin(ctx: TestContext, name = 'Acme'): Promise<{ admin: Actor; teamId: string }> {
  const admin = await signInNewUser(ctx);
  const response = await callApi(ctx, admin, 'POST', '/api/teams', { name });
  if (response.statusCode !== 201) throw new Error(`team not created: ${response.body}`);
  return { admin, teamId: (response.json() as { team: { id: string } }).team.id };
}

/** A new signed-in user who is an active member of the team with the role. */
export async function addMember(ctx: TestContext, teamId: string, role: Role): Promise<Actor> {
  const actor = await signInNewUser(ctx);
  await seedMember(ctx.app.database.db, actor.email, teamId, role);
  return actor;
}

export function errorOf(response: LightMyRequestResponse): ApiErrorBody['error'] {
  return response.json<ApiErrorBody>().error;
}

export interface TeamWithRoles {
  teamId: string;
  admin: Actor;
  lead: Actor;
  employee: Actor;
  viewer: Actor;
}

/** The team most tests start from: its admin (the creator) and one signed-in member of every other role. */
export async function createTeamWithRoles(ctx: TestContext, name = 'Acme'): Promise<TeamWithRoles> {
  const { admin, teamId } = await createTeamWithAdmin(ctx, name);
  const lead = await addMember(ctx, teamId, 'team_lead');
  const employee = await addMember(ctx, teamId, 'employee');
  const viewer = await addMember(ctx, teamId, 'viewer');
  return { teamId, admin, lead, employee, viewer };
}

/** The audit actions written for one record of the team, in the order they were written. */
export async function auditActionsOf(ctx: TestContext, teamId: string, resourceId: string): Promise<string[]> {
  const rows = await ctx.app.database.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(eq(auditLogs.teamId, teamId), eq(auditLogs.resourceId, resourceId)))
    .orderBy(asc(auditLogs.seq));
  return rows.map((row) => row.action);
}
