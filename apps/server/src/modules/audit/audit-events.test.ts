import type { AuditEntry, AuditLogPage, DocumentListResponse } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { MemoryConnector } from '../../test/fakes/memory-connector.ts';
import { connectThroughPopup } from '../../test/integration-fixtures.ts';
import { postFiles } from '../../test/multipart.ts';
import { callApi, createTeamWithRoles, type TeamWithRoles } from '../../test/team-fixtures.ts';

/**
 * Everything that matters is audited (issue #14): questions to the assistant (who asked, what was cited, never the
 * text), documents opened and deleted, integrations connected, synced and disconnected — each in the team's log.
 */
let ctx: TestContext;
let team: TeamWithRoles;
const dropbox = new MemoryConnector('dropbox');

beforeAll(async () => {
  ctx = await buildTestApp({ DROPBOX_APP_KEY: 'dropbox-key', DROPBOX_APP_SECRET: 'dropbox-secret' }, undefined, {
    drivers: [dropbox],
  });
  team = await createTeamWithRoles(ctx, 'Audited Co');
});
afterAll(async () => {
  await ctx?.close();
});

async function entries(action: string): Promise<AuditEntry[]> {
  const response = await callApi(ctx, team.admin, 'GET', `/api/audit/logs?range=1d&action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>().entries;
}

describe('audited events', () => {
  it('records a question to the assistant with what it cited and whether it answered, never the words', async () => {
    const uploaded = await postFiles(ctx, team.employee.cookie, [
      { filename: 'ferry.txt', content: 'The winter ferry to Svalbard leaves every Tuesday at 06:40.' },
    ]);
    expect(uploaded.statusCode).toBe(201);
    await ctx.app.jobs.drain();
    const documentId = uploaded.json<{ files: Array<{ document: { id: string } }> }>().files[0]?.document.id;
    const answered = await callApi(ctx, team.employee, 'POST', '/api/ask', {
      query: 'When does the winter ferry leave?',
    });
    expect(answered.statusCode).toBe(200);
    await callApi(ctx, team.employee, 'POST', '/api/ask', { query: 'What is our parental leave policy?' });

    const queries = await entries('ai_query');
    expect(queries).toHaveLength(2);
    const [declined, answer] = queries;
    expect(answer).toMatchObject({
      actor: { userId: team.employee.userId },
      metadata: { surface: 'ask', isAnswered: true, citedDocumentIds: [documentId], model: expect.any(String) },
    });
    expect(answer?.metadata.durationMs).toEqual(expect.any(Number));
    expect(declined?.metadata).toMatchObject({ isAnswered: false, citedDocumentIds: [] });
    expect(JSON.stringify(queries)).not.toMatch(/ferry|parental/i);
  });

  it('records a document opened, processed again and deleted by its owner, with the address it came from', async () => {
    const uploaded = await postFiles(ctx, team.lead.cookie, [{ filename: 'budget.txt', content: 'Budget: 12 boats.' }]);
    await ctx.app.jobs.drain();
    const documentId = uploaded.json<{ files: Array<{ document: { id: string } }> }>().files[0]?.document.id ?? '';
    expect((await callApi(ctx, team.lead, 'GET', `/api/documents/${documentId}/content`)).statusCode).toBe(200);
    expect(
      (await callApi(ctx, team.lead, 'POST', '/api/documents/process', { documentIds: [documentId] })).statusCode,
    ).toBe(200);
    await ctx.app.jobs.drain();
    expect((await callApi(ctx, team.lead, 'DELETE', `/api/documents/${documentId}`)).statusCode).toBe(204);
    // Someone else's id is refused and records nothing.
    expect((await callApi(ctx, team.viewer, 'GET', `/api/documents/${documentId}/content`)).statusCode).toBe(404);

    const [opened] = (await entries('file_access')).filter((entry) => entry.resourceId === documentId);
    expect(opened).toMatchObject({ actor: { userId: team.lead.userId }, newValues: { title: 'budget.txt' } });
    expect(opened?.ipAddress).toEqual(expect.any(String));
    const edited = (await entries('file_edit')).filter((entry) => entry.resourceId === documentId);
    expect(edited).toEqual([expect.objectContaining({ actor: expect.objectContaining({ userId: team.lead.userId }) })]);
    const deleted = (await entries('file_delete')).filter((entry) => entry.resourceId === documentId);
    expect(deleted).toEqual([
      expect.objectContaining({ severity: 'low', oldValues: { title: 'budget.txt', source: 'upload' } }),
    ]);
    expect(deleted[0]?.description).toContain('deleted a file: budget.txt');
  });

  it('records an integration connected, each sync with its result, and its disconnection', async () => {
    dropbox.addFile({ name: 'harbour.txt', content: 'Harbour dues rise in May.' });
    const connection = await connectThroughPopup(ctx, team.admin, dropbox);
    await ctx.app.jobs.drain();
    const { documents } = (await callApi(ctx, team.admin, 'GET', '/api/documents')).json<DocumentListResponse>();
    expect(documents.some((document) => document.title === 'harbour.txt')).toBe(true);
    dropbox.failAfterPages(0);
    await callApi(ctx, team.admin, 'POST', '/api/integrations/dropbox/sync');
    await ctx.app.jobs.drain();
    dropbox.reset();
    expect((await callApi(ctx, team.admin, 'POST', '/api/integrations/dropbox/disconnect')).statusCode).toBe(204);

    const about = (list: AuditEntry[]) => list.filter((entry) => entry.resourceId === connection.id);
    expect(about(await entries('integration_connect'))).toEqual([
      expect.objectContaining({ newValues: expect.objectContaining({ platform: 'Dropbox' }), severity: 'info' }),
    ]);
    const syncs = about(await entries('integration_sync'));
    expect(syncs.map((entry) => entry.newValues?.status)).toEqual(['failed', 'completed']);
    expect(syncs[0]).toMatchObject({ severity: 'medium', newValues: { error: expect.any(String) } });
    expect(syncs[1]?.newValues).toMatchObject({ filesSynced: 1 });
    expect(about(await entries('integration_disconnect'))).toEqual([
      expect.objectContaining({ severity: 'low', ipAddress: expect.any(String) }),
    ]);
    // Connecting and disconnecting are the person's own requests: their address is recorded.
    expect(about(await entries('integration_connect'))[0]?.ipAddress).toEqual(expect.any(String));
  });
});
