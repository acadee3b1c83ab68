import { randomUUID } from 'node:crypto';
import type { UploadedFile } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataParts, parseUIMessageStream, postChat, streamedText } from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { makeDocx, makePdf } from '../../test/document-fixtures.ts';
import { postFiles } from '../../test/multipart.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

type Citations = { citations: Array<{ documentId: string; title: string; page: number | null; url: string }> };

async function ask(cookie: string, conversationId: string, text: string, attachments: UploadedFile[] = []) {
  const response = await postChat(ctx, cookie, {
    id: conversationId,
    message: {
      id: randomUUID(),
      role: 'user',
      parts: [{ type: 'text', text }],
      metadata: {
        attachments: attachments.map((file) => ({
          fileId: file.id,
          documentId: file.document.id,
          name: file.filename,
          source: 'upload',
        })),
      },
    },
  });
  expect(response.statusCode).toBe(200);
  const chunks = parseUIMessageStream(response.body);
  return {
    text: streamedText(chunks),
    thinking: dataParts<{ type: string }>(chunks, 'data-thinking').map((d) => d.type),
    citations: dataParts<Citations>(chunks, 'data-citations')[0]?.citations ?? [],
  };
}

describe('the builtin model over uploaded files (upload, background ingestion, chat)', () => {
  it('answers from a DOCX and from page 2 of a PDF, citing the right file and page', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const docx = await makeDocx([
      'Supplier handbook',
      'All invoices from Brightwave Logistics must be approved by the finance lead within five working days.',
      'Deliveries arrive at loading dock C on weekdays.',
    ]);
    const pdf = await makePdf([
      ['Safety manual', 'General rules for the site.'],
      ['Fire drills', 'The fire assembly point is the north car park next to the bicycle shelter.'],
    ]);
    const upload = await postFiles(ctx, cookie, [
      { filename: 'supplier-handbook.docx', content: docx },
      { filename: 'safety-manual.pdf', content: pdf },
    ]);
    expect(upload.statusCode).toBe(201);
    const files = upload.json().files as UploadedFile[];
    await ctx.app.jobs.drain();
    const [docxFile, pdfFile] = files;
    if (!docxFile || !pdfFile) throw new Error('upload incomplete');

    const conversationId = randomUUID();
    await ask(cookie, conversationId, 'Uploaded 2 file(s): supplier-handbook.docx, safety-manual.pdf', files);

    const invoices = await ask(cookie, conversationId, 'Who must approve invoices from Brightwave Logistics?');
    expect(invoices.text).toContain('finance lead');
    expect(invoices.thinking).toContain('rag');
    expect(invoices.citations.map((c) => c.documentId)).toEqual([docxFile.document.id]);
    expect(invoices.citations[0]?.title).toBe('supplier-handbook.docx');

    const fire = await ask(cookie, conversationId, 'Where is the fire assembly point?');
    expect(fire.text).toContain('north car park');
    expect(fire.citations).toEqual([
      expect.objectContaining({
        documentId: pdfFile.document.id,
        page: 2,
        url: `/api/documents/${pdfFile.document.id}/content#page=2`,
      }),
    ]);

    const pdfOnly = await ask(cookie, conversationId, 'What does the PDF say about fire drills?');
    expect(pdfOnly.thinking).toContain('pdf-search');
    expect(pdfOnly.citations.every((c) => c.documentId === pdfFile.document.id)).toBe(true);

    // The conversation is there after a reload, with the attachments and the citations.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie },
    });
    const messages = detail.json().messages;
    expect(messages).toHaveLength(8);
    expect(messages[0].metadata.attachments.map((a: { name: string }) => a.name)).toEqual([
      'supplier-handbook.docx',
      'safety-manual.pdf',
    ]);
    expect(messages[5].metadata.citations[0]).toEqual(expect.objectContaining({ page: 2 }));
  });

  it('deletes an uploaded file after confirmation, stored file included', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const upload = await postFiles(ctx, cookie, [{ filename: 'draft.txt', content: 'A draft nobody needs.' }]);
    const [file] = upload.json().files as UploadedFile[];
    await ctx.app.jobs.drain();
    if (!file) throw new Error('no file');
    const conversationId = randomUUID();
    const first = await postChat(ctx, cookie, { id: conversationId, text: 'Delete the file draft.txt' });
    expect(parseUIMessageStream(first.body).some((chunk) => chunk.type === 'tool-approval-request')).toBe(true);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: { cookie } })
    ).json();
    const last = detail.messages.at(-1) as { id: string; parts: Array<Record<string, unknown>> };
    const parts = last.parts.map((part) =>
      part.state === 'approval-requested'
        ? {
            ...part,
            state: 'approval-responded',
            approval: { id: (part.approval as { id: string }).id, approved: true },
          }
        : part,
    );
    const confirmed = await postChat(ctx, cookie, {
      id: conversationId,
      message: { id: last.id, role: 'assistant', parts },
    });
    expect(streamedText(parseUIMessageStream(confirmed.body))).toBe('Done: I deleted "draft.txt".');
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${file.document.id}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
    const content = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${file.document.id}/content`,
      headers: { cookie },
    });
    expect(content.statusCode).toBe(404);
  });
});
