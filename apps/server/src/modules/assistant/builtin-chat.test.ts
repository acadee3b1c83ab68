import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation as answerConfirmationAs,
  dataParts,
  indexText,
  lastAssistantMessage as lastAssistantOf,
  parseUIMessageStream,
  postChat,
  sendChat,
  userIdOf,
} from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedInWithId() {
  const signedIn = await createSignedInUser(ctx);
  return { ...signedIn, userId: await userIdOf(ctx, signedIn.user.email) };
}

const chat = (cookie: string, text: string, id?: string) => sendChat(ctx, cookie, text, id);

function getConversation(cookie: string, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: { cookie } });
}

describe('the builtin model through /api/chat', () => {
  it('answers with the fact and cites the page of the right document', async () => {
    const me = await signedInWithId();
    const pdf = await indexText(
      ctx,
      me.userId,
      'annual-report.pdf',
      [
        { page: 1, text: 'Annual report 2025. This report covers the financial year.' },
        { page: 2, text: 'Revenue grew to 42 million dollars in 2025, driven by the Nordic expansion.' },
      ],
      'application/pdf',
    );
    await indexText(ctx, me.userId, 'office.txt', [{ page: null, text: 'The office opens at eight in the morning.' }]);
    const reply = await chat(me.cookie, 'How much did revenue grow to in 2025?');
    expect(reply.thinking).toEqual(['general', 'rag', 'rag']);
    expect(reply.text).toContain('42 million dollars');
    expect(reply.citations).toEqual([
      expect.objectContaining({ documentId: pdf, page: 2, url: `/api/documents/${pdf}/content#page=2` }),
    ]);
    expect(reply.text).toContain(`[${reply.citations[0]?.index}]`);
  });

  it("searches only PDFs when the question says PDF ('pdf-search')", async () => {
    const me = await signedInWithId();
    await indexText(ctx, me.userId, 'notes.txt', [{ page: null, text: 'The warehouse in Lyon stores spare parts.' }]);
    const pdf = await indexText(
      ctx,
      me.userId,
      'logistics.pdf',
      [{ page: 1, text: 'The warehouse in Lyon stores finished goods for the south region.' }],
      'application/pdf',
    );
    const reply = await chat(me.cookie, 'What does the warehouse in Lyon store according to my PDF?');
    expect(reply.thinking).toContain('pdf-search');
    expect(reply.citations.map((c) => c.documentId)).toEqual([pdf]);
  });

  it('looks only in the platform the question names ("in Slack"), and cites it with its platform', async () => {
    const me = await signedInWithId();
    const memo = await indexText(ctx, me.userId, 'launch-memo.txt', [
      { page: null, text: 'Launch decision memo: we decided the launch moves to March. The launch budget is fixed.' },
    ]);
    const slack = await indexText(
      ctx,
      me.userId,
      '#product 2026-11-20',
      [{ page: null, text: 'Ada: we decided to launch in Lisbon first, then Porto.' }],
      'text/plain',
      'slack',
    );
    const reply = await chat(me.cookie, 'What did we decide in Slack about the launch?');
    expect(reply.text).toContain('Lisbon');
    expect(reply.citations.map((c) => c.documentId)).toEqual([slack]);
    // Asked without a platform, the memo (which says "launch" three times) answers.
    const everywhere = await chat(me.cookie, 'What did we decide about the launch?');
    expect(everywhere.citations.map((c) => c.documentId)).toContain(memo);
    const elsewhere = await chat(me.cookie, 'What did we decide in Confluence about the launch?');
    expect(elsewhere.citations).toEqual([]);
    expect(elsewhere.text).toContain('(I looked only in Confluence.)');
  });

  it('answers only from the platform the request names (the /notion page), whatever the question says', async () => {
    const me = await signedInWithId();
    const memo = await indexText(ctx, me.userId, 'offsite.txt', [
      { page: null, text: 'The offsite is in Porto. The offsite agenda covers the offsite budget.' },
    ]);
    const notion = await indexText(
      ctx,
      me.userId,
      'Offsite planning',
      [{ page: null, text: 'Offsite planning: the team offsite is in Lisbon in May.' }],
      'text/plain',
      'notion',
    );
    const response = await postChat(ctx, me.cookie, {
      id: randomUUID(),
      text: 'Where is the offsite?',
      platform: 'notion',
    });
    expect(response.statusCode, response.body).toBe(200);
    const citations = dataParts<{ citations: Array<{ documentId: string }> }>(
      parseUIMessageStream(response.body),
      'data-citations',
    )[0]?.citations;
    expect(citations?.map((citation) => citation.documentId)).toEqual([notion]);
    // The same question without it finds the memo too.
    const everywhere = await chat(me.cookie, 'Where is the offsite?');
    expect(everywhere.citations.map((c) => c.documentId)).toContain(memo);

    const refused = await postChat(ctx, me.cookie, { id: randomUUID(), text: 'Where?', platform: 'fax' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.reason).toBe('CHAT_PLATFORM_INVALID');
  });

  it('summarizes a document by name', async () => {
    const me = await signedInWithId();
    const doc = await indexText(ctx, me.userId, 'onboarding-guide.docx', [
      {
        page: null,
        text: 'New employees receive a laptop on their first day. The onboarding programme lasts two weeks. Every new employee is paired with a mentor from their team. The mentor meets the new employee every week during the first month. Security training is mandatory for every new employee.',
      },
    ]);
    const reply = await chat(me.cookie, 'Summarize onboarding-guide.docx');
    expect(reply.thinking).toContain('summary');
    expect(reply.text).toMatch(/^Summary of \*\*onboarding-guide\.docx\*\*/);
    expect(reply.text).toContain('mentor');
    expect(reply.citations.map((c) => c.documentId)).toEqual([doc]);
  });

  it('gives a workspace overview', async () => {
    const me = await signedInWithId();
    await indexText(ctx, me.userId, 'a.txt', [{ page: null, text: 'Alpha.' }]);
    await indexText(ctx, me.userId, 'b.pdf', [{ page: 1, text: 'Beta.' }], 'application/pdf');
    const reply = await chat(me.cookie, 'How many files do I have?');
    expect(reply.thinking).toContain('workspace');
    expect(reply.text).toContain('You have 2 documents (2 ready)');
    expect(reply.text).toContain('b.pdf');
    expect(reply.citations).toEqual([]);
  });

  it('uses the file attached to the conversation for "summarize this"', async () => {
    const me = await signedInWithId();
    const attached = await indexText(ctx, me.userId, 'contract.txt', [
      { page: null, text: 'The supplier contract runs for three years. Payment is due within thirty days of invoice.' },
    ]);
    await indexText(ctx, me.userId, 'newer.txt', [{ page: null, text: 'A newer, unrelated document about lunch.' }]);
    const id = randomUUID();
    const response = await postChat(ctx, me.cookie, {
      id,
      message: {
        id: randomUUID(),
        role: 'user',
        parts: [{ type: 'text', text: 'Uploaded 1 file(s): contract.txt' }],
        metadata: {
          attachments: [{ fileId: randomUUID(), documentId: attached, name: 'contract.txt', source: 'upload' }],
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const reply = await chat(me.cookie, 'Summarize this', id);
    expect(reply.text).toContain('**contract.txt**');
    const detail = (await getConversation(me.cookie, id)).json();
    expect(detail.messages[0].metadata.attachments).toEqual([
      expect.objectContaining({ documentId: attached, name: 'contract.txt', source: 'upload' }),
    ]);
    expect(detail.messages).toHaveLength(4);
  });
});

describe("another user's documents", () => {
  it('are never searched, summarized or listed for someone else', async () => {
    const owner = await signedInWithId();
    const doc = await indexText(ctx, owner.userId, 'merger-plan.txt', [
      { page: null, text: 'The merger with Northwind closes on the first of June.' },
    ]);
    const outsider = await signedInWithId();
    const question = await chat(outsider.cookie, 'When does the merger with Northwind close?');
    expect(question.citations).toEqual([]);
    expect(question.text).not.toContain('June');
    const summary = await chat(outsider.cookie, `Summarize ${doc}`);
    expect(summary.text).toMatch(/^I couldn't find a document/);
    expect(summary.citations).toEqual([]);
    const byName = await chat(outsider.cookie, 'Summarize merger-plan.txt');
    expect(byName.text).not.toContain('Northwind');
    const overview = await chat(outsider.cookie, 'What files do I have?');
    expect(overview.text).toContain('You have no documents yet');
  });
});

describe('conversations', () => {
  it('titles conversations by the keyword rules and lists them newest first', async () => {
    const me = await signedInWithId();
    const first = await chat(me.cookie, 'Our marketing plan for spring');
    const second = await chat(me.cookie, 'Where is the holiday calendar kept?');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: me.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().conversations.map((c: { id: string; title: string }) => [c.id, c.title])).toEqual([
      [second.id, 'Where is the...'],
      [first.id, 'Marketing Discussion'],
    ]);
  });

  it("is 404 for another user's conversation: get, delete and chat", async () => {
    const owner = await signedInWithId();
    const { id } = await chat(owner.cookie, 'A private question');
    const outsider = await createSignedInUser(ctx);
    expect((await getConversation(outsider.cookie, id)).statusCode).toBe(404);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${id}`,
      headers: { cookie: outsider.cookie, origin: 'http://localhost:3000' },
    });
    expect(removal.statusCode).toBe(404);
    const hijack = await postChat(ctx, outsider.cookie, { id, text: 'Let me in' });
    expect(hijack.statusCode).toBe(404);
    expect(hijack.json().error.code).toBe('NOT_FOUND');
    const stillThere = (await getConversation(owner.cookie, id)).json();
    expect(stillThere.messages).toHaveLength(2);
  });

  it('deletes a conversation with its messages', async () => {
    const me = await signedInWithId();
    const { id } = await chat(me.cookie, 'Something to forget');
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${id}`,
      headers: { cookie: me.cookie, origin: 'http://localhost:3000' },
    });
    expect(removal.statusCode).toBe(204);
    expect((await getConversation(me.cookie, id)).statusCode).toBe(404);
  });

  it('refuses a blank message and a malformed body with 400', async () => {
    const me = await signedInWithId();
    const blank = await postChat(ctx, me.cookie, { id: randomUUID(), text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Type a message to send.');
    const noId = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { cookie: me.cookie, origin: 'http://localhost:3000' },
      payload: { id: 'not-a-uuid', message: { id: 'x', role: 'user', parts: [{ type: 'text', text: 'hi' }] } },
    });
    expect(noId.statusCode).toBe(400);
  });
});

describe('delete_file', () => {
  const lastAssistantMessage = (cookie: string, id: string) => lastAssistantOf(ctx, cookie, id);
  const answerConfirmation = (cookie: string, id: string, approved: boolean) =>
    answerConfirmationAs(ctx, cookie, id, approved);

  it('asks for confirmation first, then deletes the file', async () => {
    const me = await signedInWithId();
    const doc = await indexText(ctx, me.userId, 'old-notes.txt', [{ page: null, text: 'Notes from 2019.' }]);
    const ask = await chat(me.cookie, 'Please delete the file old-notes.txt');
    expect(ask.thinking).toContain('delete');
    const request = ask.chunks.find((chunk) => chunk.type === 'tool-approval-request');
    expect(request).toBeDefined();
    const pending = await lastAssistantMessage(me.cookie, ask.id);
    expect(pending.parts.find((p) => p.type === 'tool-delete_file')).toEqual(
      expect.objectContaining({ state: 'approval-requested', input: { fileName: 'old-notes.txt' } }),
    );
    // Nothing is deleted before the user confirms (asked in another conversation).
    const search = await chat(me.cookie, 'What are the notes from?');
    expect(search.citations.map((c) => c.documentId)).toEqual([doc]);

    const confirmed = await answerConfirmation(me.cookie, ask.id, true);
    expect(confirmed.text).toBe('Done: I deleted "old-notes.txt".');
    expect(dataParts<{ type: string }>(confirmed.chunks, 'data-thinking')[0]).toEqual({ type: 'delete' });
    const after = await chat(me.cookie, 'How many files do I have?');
    expect(after.text).toContain('You have no documents yet');
  });

  it('keeps the file when the user declines', async () => {
    const me = await signedInWithId();
    await indexText(ctx, me.userId, 'keep-me.txt', [{ page: null, text: 'Important.' }]);
    const ask = await chat(me.cookie, 'Delete the file keep-me.txt');
    const declined = await answerConfirmation(me.cookie, ask.id, false);
    expect(declined.text).toBe("OK, I won't delete it.");
    expect((await chat(me.cookie, 'How many files do I have?')).text).toContain('You have 1 document');
  });

  it("refuses another user's file without asking, and leaves it alone", async () => {
    const owner = await signedInWithId();
    const doc = await indexText(ctx, owner.userId, 'payroll.txt', [{ page: null, text: 'Payroll runs on the 25th.' }]);
    const outsider = await signedInWithId();
    for (const text of [`Delete document ${doc}`, 'Delete the file payroll.txt']) {
      const attempt = await chat(outsider.cookie, text);
      expect(attempt.chunks.some((chunk) => chunk.type === 'tool-approval-request')).toBe(false);
      expect(attempt.text).toMatch(/^I couldn't find a file/);
    }
    const check = await chat(owner.cookie, 'When does payroll run?');
    expect(check.citations.map((c) => c.documentId)).toEqual([doc]);
  });

  it('only lets the last assistant message be confirmed', async () => {
    const me = await signedInWithId();
    const { id } = await chat(me.cookie, 'Hello');
    const message = await lastAssistantMessage(me.cookie, id);
    const response = await postChat(ctx, me.cookie, {
      id,
      message: { id: message.id, role: 'assistant', parts: message.parts },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('There is nothing to confirm in this message.');
  });
});
