import { randomUUID } from 'node:crypto';
import type { Space } from '@lumen/contract';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataParts, parseUIMessageStream, postChat, sendChat, streamedText } from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { makePdf } from '../../test/document-fixtures.ts';
import { type FilePart, postFiles, postSpaceFiles } from '../../test/multipart.ts';
import { callApi, createTeamWithAdmin } from '../../test/team-fixtures.ts';

/**
 * Issue #15: an answer read "Emergencies The emergency shutdown code ... [1]", the heading above the sentence glued
 * to it. Each file below is uploaded, extracted, chunked and indexed for real, then asked about through the chat.
 */
const SHUTDOWN = 'The emergency shutdown code for the Tromso cold store is QX87754.';
const QUESTION = 'What is the emergency shutdown code for the Tromso cold store?';
const CALL = 'Call the duty manager before you leave the building.';
const DELIVERIES = 'Trucks unload at gate 3 between six and ten.';

async function makeHeadedDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Cold store handbook', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Emergencies', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: `${SHUTDOWN} ${CALL}` }),
          new Paragraph({ text: 'Deliveries', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: DELIVERIES }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const FILES: Array<[string, () => Promise<FilePart>]> = [
  [
    'Markdown',
    async () => ({
      filename: 'handbook.md',
      content: `# Cold store handbook\n\n## Emergencies\n${SHUTDOWN} ${CALL}\n\n## Deliveries\n${DELIVERIES}\n`,
    }),
  ],
  [
    'HTML',
    async () => ({
      filename: 'handbook.html',
      content: `<html><body><h1>Cold store handbook</h1><h2>Emergencies</h2><p>${SHUTDOWN} ${CALL}</p><h2>Deliveries</h2><p>${DELIVERIES}</p></body></html>`,
    }),
  ],
  ['Word (heading styles)', async () => ({ filename: 'handbook.docx', content: await makeHeadedDocx() })],
  [
    'PDF (headings set larger)',
    async () => ({
      filename: 'handbook.pdf',
      content: await makePdf([
        [
          { text: 'Cold store handbook', size: 20 },
          { text: 'Emergencies', size: 15 },
          SHUTDOWN,
          CALL,
          { text: 'Deliveries', size: 15 },
          DELIVERIES,
        ],
      ]),
    }),
  ],
  [
    'plain text',
    async () => ({
      filename: 'handbook.txt',
      content: `COLD STORE HANDBOOK\n\nEmergencies\n${SHUTDOWN} ${CALL}\n\nDeliveries\n${DELIVERIES}\n`,
    }),
  ],
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('an answer quotes the sentence, not the heading above it', () => {
  it.each(FILES)('from a %s file', async (_kind, makeFile) => {
    const { cookie } = await createSignedInUser(ctx);
    const file = await makeFile();
    const upload = await postFiles(ctx, cookie, [file]);
    expect(upload.statusCode).toBe(201);
    await ctx.app.jobs.drain();

    const reply = await sendChat(ctx, cookie, QUESTION);
    expect(reply.text).toBe(`${SHUTDOWN} [1]`);
    expect(reply.citations).toEqual([expect.objectContaining({ index: 1, title: file.filename })]);

    // A question about a section's heading is answered by a sentence of that section, whole.
    const section = await sendChat(ctx, cookie, 'What about deliveries?');
    expect(section.text).toBe(`${DELIVERIES} [1]`);
  });

  it("in a space's chat, where the defect was found", async () => {
    const { admin: lead } = await createTeamWithAdmin(ctx, 'Cold Chain');
    const space = (await callApi(ctx, lead, 'POST', '/api/spaces', { name: 'Operations' })).json<Space>();
    const upload = await postSpaceFiles(ctx, lead.cookie, space.id, [
      { filename: 'cold-store.md', content: `## Emergencies\n\n${SHUTDOWN}\n\n## Deliveries\n\n${DELIVERIES}` },
    ]);
    expect(upload.statusCode).toBe(201);
    await ctx.app.jobs.drain();

    const response = await postChat(ctx, lead.cookie, { id: randomUUID(), text: QUESTION, spaceId: space.id });
    expect(response.statusCode).toBe(200);
    const chunks = parseUIMessageStream(response.body);
    expect(streamedText(chunks)).toBe(`${SHUTDOWN} [1]`);
    const citations = dataParts<{ citations: Array<{ index: number; title: string }> }>(chunks, 'data-citations')[0];
    expect(citations?.citations).toEqual([expect.objectContaining({ index: 1, title: 'cold-store.md' })]);
  });
});
