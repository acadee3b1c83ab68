import { randomUUID } from 'node:crypto';
import type { Role, Space, SpaceFile } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import { multipartBody } from '../../test/multipart.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';

/**
 * Every space role (and the team admin, and a team member outside a private space) against every file action, allowed
 * and refused (docs/product-rules.md#space-file-permissions): view all; upload all but viewer; rename admin and
 * team_lead; delete admin only.
 */
let ctx: TestContext;
let teamAdmin: Actor;
let space: Space;
const members = {} as Record<Role, Actor>;
let outsider: Actor;

const EXPECTED: Record<Role | 'teamAdmin', { upload: boolean; rename: boolean; delete: boolean }> = {
  admin: { upload: true, rename: true, delete: true },
  team_lead: { upload: true, rename: true, delete: false },
  employee: { upload: true, rename: false, delete: false },
  viewer: { upload: false, rename: false, delete: false },
  teamAdmin: { upload: true, rename: true, delete: true },
};

function upload(actor: Actor, name: string) {
  const { payload, headers } = multipartBody([{ filename: name, content: `Content of ${name}.` }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/spaces/${space.id}/files`,
    headers: { ...headers, ...TEST_ORIGIN, cookie: actor.cookie },
    payload,
  });
}

/** A fresh file to act on, uploaded by the space's admin. */
async function freshFile(name: string): Promise<SpaceFile> {
  const response = await upload(members.admin, name);
  const [file] = response.json<{ files: SpaceFile[] }>().files;
  if (!file) throw new Error('no file');
  return file;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const team = await createTeamWithAdmin(ctx, 'Matrix');
  teamAdmin = team.admin;
  for (const role of ['admin', 'team_lead', 'employee', 'viewer'] as const) {
    members[role] = await addMember(ctx, team.teamId, 'employee');
  }
  outsider = await addMember(ctx, team.teamId, 'team_lead');
  space = (
    await callApi(ctx, teamAdmin, 'POST', '/api/spaces', { name: 'Matrix Space', isPrivate: true })
  ).json<Space>();
  for (const role of ['admin', 'team_lead', 'employee', 'viewer'] as const) {
    const url = `/api/spaces/${space.id}/members/${members[role].userId}/role`;
    expect((await callApi(ctx, teamAdmin, 'PUT', url, { role })).statusCode).toBe(200);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const cases = ['admin', 'team_lead', 'employee', 'viewer', 'teamAdmin'] as const;

describe.each(cases)('space role %s', (who) => {
  const actor = () => (who === 'teamAdmin' ? teamAdmin : members[who]);
  const expected = EXPECTED[who];

  it('views the files and opens one', async () => {
    const file = await freshFile(`view-${who}.txt`);
    const listed = await callApi(ctx, actor(), 'GET', `/api/spaces/${space.id}/files`);
    expect(listed.statusCode).toBe(200);
    const content = await callApi(ctx, actor(), 'GET', `/api/spaces/${space.id}/files/${file.id}/content?download=1`);
    expect(content.statusCode).toBe(200);
    expect(content.body).toBe(`Content of view-${who}.txt.`);
  });

  it(`${expected.upload ? 'uploads' : 'is refused an upload'}`, async () => {
    const response = await upload(actor(), `upload-${who}.txt`);
    if (expected.upload) {
      expect(response.statusCode).toBe(201);
    } else {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe("Access Denied: You don't have permission to upload files");
    }
  });

  it(`${expected.rename ? 'renames' : 'is refused a rename'}`, async () => {
    const file = await freshFile(`rename-${who}.txt`);
    const response = await callApi(ctx, actor(), 'PATCH', `/api/spaces/${space.id}/files/${file.id}`, {
      filename: `renamed-${who}.txt`,
    });
    if (expected.rename) {
      expect(response.json()).toMatchObject({ filename: `renamed-${who}.txt` });
    } else {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe("Access Denied: You don't have permission to edit files");
    }
  });

  it(`${expected.delete ? 'deletes' : 'is refused a delete'}`, async () => {
    const file = await freshFile(`delete-${who}.txt`);
    const response = await callApi(ctx, actor(), 'DELETE', `/api/spaces/${space.id}/files/${file.id}`);
    if (expected.delete) {
      expect(response.statusCode).toBe(204);
    } else {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe("Access Denied: You don't have permission to delete files");
    }
  });
});

describe('outside the space', () => {
  it('a team member outside a private space, another team and a user without a team get 404 for every file action', async () => {
    const file = await freshFile('outside.txt');
    const other = await createTeamWithAdmin(ctx, 'Other Matrix');
    for (const actor of [outsider, other.admin, await signInNewUser(ctx)]) {
      const base = `/api/spaces/${space.id}/files`;
      expect((await callApi(ctx, actor, 'GET', base)).statusCode).toBe(404);
      expect((await upload(actor, 'intruder.txt')).statusCode).toBe(404);
      expect((await callApi(ctx, actor, 'GET', `${base}/${file.id}/content`)).statusCode).toBe(404);
      expect((await callApi(ctx, actor, 'PATCH', `${base}/${file.id}`, { filename: 'x.txt' })).statusCode).toBe(404);
      expect((await callApi(ctx, actor, 'DELETE', `${base}/${file.id}`)).statusCode).toBe(404);
      const chat = {
        id: randomUUID(),
        spaceId: space.id,
        message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'What is inside?' }] },
      };
      expect((await callApi(ctx, actor, 'POST', '/api/chat', chat)).statusCode).toBe(404);
    }
    const listed = (await callApi(ctx, members.viewer, 'GET', `/api/spaces/${space.id}/files`)).json<{
      files: SpaceFile[];
    }>();
    expect(listed.files.map((item) => item.filename)).toContain('outside.txt');
  });
});
