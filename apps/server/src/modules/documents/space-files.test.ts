import type { SearchResult, Space, SpaceFile, SpaceFileUpload } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { FAKE_ELF, SIGNATURE_LIKE_TITLES } from '../../test/document-fixtures.ts';
import { type FilePart, postSpaceFiles } from '../../test/multipart.ts';
import {
  type Actor,
  callApi,
  createTeamWithAdmin,
  createTeamWithRoles,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';

let ctx: TestContext;
let admin: Actor;
let lead: Actor;
let employee: Actor;
let viewer: Actor;
let space: Space;

function upload(actor: Actor, spaceId: string, files: FilePart[]) {
  return postSpaceFiles(ctx, actor.cookie, spaceId, files);
}

async function listFiles(actor: Actor, spaceId = space.id): Promise<SpaceFile[]> {
  return ((await callApi(ctx, actor, 'GET', `/api/spaces/${spaceId}/files`)).json() as { files: SpaceFile[] }).files;
}

async function search(actor: Actor, q: string): Promise<SearchResult[]> {
  return (
    (await callApi(ctx, actor, 'GET', `/api/search?q=${encodeURIComponent(q)}`)).json() as {
      results: SearchResult[];
    }
  ).results;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, lead, employee, viewer } = await createTeamWithRoles(ctx, 'Umbrella'));
  space = (await callApi(ctx, admin, 'POST', '/api/spaces', { name: 'Research' })).json<Space>();
  for (const [member, role] of [
    [lead, 'team_lead'],
    [employee, 'employee'],
    [viewer, 'viewer'],
  ] as const) {
    await callApi(ctx, admin, 'PUT', `/api/spaces/${space.id}/members/${member.userId}/role`, { role });
  }
});
afterAll(async () => {
  await ctx?.close();
});

describe('space files', () => {
  it('lets an employee upload; the files are listed newest first and indexed for the space', async () => {
    const first = await upload(employee, space.id, [{ filename: 'findings.txt', content: 'Zebrafish regrow fins.' }]);
    expect(first.statusCode).toBe(201);
    const second = await upload(employee, space.id, [{ filename: 'notes.md', content: '# Notes\nAxolotl limbs.' }]);
    expect(second.statusCode).toBe(201);
    const files = await listFiles(viewer);
    expect(files.map((file) => file.filename)).toEqual(['notes.md', 'findings.txt']);
    expect(files[1]).toMatchObject({ fileSize: 22, mimeType: 'text/plain', spaceId: space.id });
    expect(['pending', 'processing', 'ready']).toContain(files[1]?.status);

    await ctx.app.jobs.drain();
    const results = await search(viewer, 'zebrafish');
    expect(results.map((result) => result.title)).toEqual(['findings.txt']);
    const stats = (await callApi(ctx, admin, 'GET', `/api/spaces/${space.id}`)).json<Space>();
    expect(stats.fileCount).toBe(2);
  });

  it('keeps the good files of a batch and lists each refused one with its reason', async () => {
    const response = await upload(employee, space.id, [
      { filename: 'circadian.txt', content: `${SIGNATURE_LIKE_TITLES.bmpToo}\n\nMice without BMAL1.` },
      { filename: 'tool.txt', content: FAKE_ELF },
      { filename: 'deck.pptx', content: 'Slides, but only in words.' },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<SpaceFileUpload>();
    expect(body.files.map((file) => [file.filename, file.mimeType])).toEqual([['circadian.txt', 'text/plain']]);
    expect(body.refused).toEqual([
      expect.objectContaining({ name: 'tool.txt', reason: 'FILE_CONTENT_NOT_SUPPORTED' }),
      {
        name: 'deck.pptx',
        reason: 'FILE_TEXT_MISNAMED',
        message: 'File "deck.pptx" is named .pptx but its content is plain text, not a PowerPoint presentation.',
        params: { filename: 'deck.pptx', extension: 'pptx', claimed: 'PowerPoint presentation' },
      },
    ]);
    const listed = (await listFiles(viewer)).map((file) => file.filename);
    expect(listed).toContain('circadian.txt');
    expect(listed).not.toContain('tool.txt');
    expect(listed).not.toContain('deck.pptx');
  });

  it('answers the first refusal when every file is refused, and stores none', async () => {
    const before = (await listFiles(admin)).map((file) => file.id);
    const response = await upload(employee, space.id, [
      { filename: 'tool.txt', content: FAKE_ELF },
      { filename: 'empty.md', content: '' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({ reason: 'FILE_CONTENT_NOT_SUPPORTED' });
    expect(response.json().error.details.refused).toEqual([
      expect.objectContaining({ name: 'tool.txt', reason: 'FILE_CONTENT_NOT_SUPPORTED' }),
      expect.objectContaining({ name: 'empty.md', reason: 'FILE_EMPTY' }),
    ]);
    expect((await listFiles(admin)).map((file) => file.id)).toEqual(before);
  });

  it("refuses a viewer's upload with the spec's Access Denied message and stores nothing", async () => {
    const response = await upload(viewer, space.id, [{ filename: 'nope.txt', content: 'Not allowed.' }]);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe("Access Denied: You don't have permission to upload files");
    expect((await listFiles(admin)).map((file) => file.filename)).not.toContain('nope.txt');
  });

  it('serves a file in place when safe, or as a download with a safe Content-Disposition', async () => {
    const [file] = (
      await upload(employee, space.id, [{ filename: 'résumé final.txt', content: 'Plain text here.' }])
    ).json<{ files: SpaceFile[] }>().files;
    if (!file) throw new Error('no file');
    const inline = await callApi(ctx, viewer, 'GET', `/api/spaces/${space.id}/files/${file.id}/content`);
    expect(inline.statusCode).toBe(200);
    expect(inline.body).toBe('Plain text here.');
    expect(inline.headers['content-disposition']).toMatch(
      /^inline; filename="r_sum_ final.txt"; filename\*=UTF-8''r%C3%A9sum%C3%A9%20final.txt$/,
    );
    const download = await callApi(ctx, viewer, 'GET', `/api/spaces/${space.id}/files/${file.id}/content?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets admins and team leads rename (a blank name is ignored), not employees', async () => {
    const [file] = await listFiles(admin);
    if (!file) throw new Error('no file');
    const url = `/api/spaces/${space.id}/files/${file.id}`;
    const denied = await callApi(ctx, employee, 'PATCH', url, { filename: 'mine.txt' });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe("Access Denied: You don't have permission to edit files");
    const blank = await callApi(ctx, lead, 'PATCH', url, { filename: '   ' });
    expect(blank.json()).toMatchObject({ filename: file.filename });
    const renamed = await callApi(ctx, lead, 'PATCH', url, { filename: '../Summary.txt' });
    expect(renamed.json()).toMatchObject({ filename: 'Summary.txt' });
  });

  it('lets only space admins delete; the document leaves search', async () => {
    const files = await listFiles(admin);
    const target = files.find((file) => file.filename === 'findings.txt');
    if (!target) throw new Error('no file');
    const url = `/api/spaces/${space.id}/files/${target.id}`;
    const denied = await callApi(ctx, lead, 'DELETE', url);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe("Access Denied: You don't have permission to delete files");
    expect((await callApi(ctx, admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await listFiles(admin)).map((file) => file.filename)).not.toContain('findings.txt');
    expect(await search(viewer, 'zebrafish')).toEqual([]);
    expect((await callApi(ctx, admin, 'DELETE', url)).statusCode).toBe(404);
  });
});

describe('who reads space files', () => {
  it('keeps a private space’s files from team members outside it, and from other teams', async () => {
    const secret = (
      await callApi(ctx, lead, 'POST', '/api/spaces', { name: 'Vault', isPrivate: true, memberIds: [employee.userId] })
    ).json<Space>();
    expect(
      (await upload(lead, secret.id, [{ filename: 'vault.txt', content: 'Quokka census data.' }])).statusCode,
    ).toBe(201);
    await ctx.app.jobs.drain();
    expect((await search(employee, 'quokka')).map((result) => result.title)).toEqual(['vault.txt']);
    expect(await search(viewer, 'quokka')).toEqual([]);
    expect((await search(admin, 'quokka')).length).toBe(1);

    const [file] = await listFiles(lead, secret.id);
    if (!file) throw new Error('no file');
    const other = await createTeamWithAdmin(ctx, 'Rival');
    for (const actor of [viewer, other.admin, await signInNewUser(ctx)]) {
      expect((await callApi(ctx, actor, 'GET', `/api/spaces/${secret.id}/files`)).statusCode).toBe(404);
      expect((await callApi(ctx, actor, 'GET', `/api/spaces/${secret.id}/files/${file.id}/content`)).statusCode).toBe(
        404,
      );
      expect((await callApi(ctx, actor, 'DELETE', `/api/spaces/${secret.id}/files/${file.id}`)).statusCode).toBe(404);
      expect(await search(actor, 'quokka')).toEqual([]);
    }
  });

  it('does not let the chat delete a space file, even for its uploader', async () => {
    const [file] = await listFiles(employee);
    if (!file?.documentId) throw new Error('no file');
    expect((await callApi(ctx, employee, 'DELETE', `/api/documents/${file.documentId}`)).statusCode).toBe(404);
  });
});
