import { NO_TEAM_ROLE_STATE, type Role } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { seedRole, seedTeam } from '../../test/seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function getRole(cookie?: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: cookie ? { cookie } : {} });
}

describe('GET /api/me/role', () => {
  it('needs a signed-in user', async () => {
    const response = await getRole();
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'SIGN_IN_REQUIRED',
      message: 'Please sign in to continue.',
    });
  });

  it('is empty for a user without a team', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await getRole(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(NO_TEAM_ROLE_STATE);
  });

  it.each<[Role, boolean, boolean]>([
    ['admin', true, true],
    ['team_lead', false, true],
    ['employee', false, false],
    ['viewer', false, false],
  ])('derives the flags for %s', async (role, isAdmin, canManageTeam) => {
    const team = await seedTeam(ctx.app.database.db, `Team of a ${role}`);
    const { cookie, user } = await createSignedInUser(ctx);
    await seedRole(ctx.app.database.db, user.email, team.id, role);
    expect((await getRole(cookie)).json()).toEqual({
      role,
      teamId: team.id,
      teamName: team.name,
      isAdmin,
      canManageTeam,
      hasTeam: true,
    });
  });

  it("answers with the caller's own role, never another user's", async () => {
    const team = await seedTeam(ctx.app.database.db, 'Other team');
    const admin = await createSignedInUser(ctx);
    await seedRole(ctx.app.database.db, admin.user.email, team.id, 'admin');
    const outsider = await createSignedInUser(ctx);
    expect((await getRole(outsider.cookie)).json()).toEqual(NO_TEAM_ROLE_STATE);
  });
});
