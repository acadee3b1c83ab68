import type { Conversation, ConversationDetail } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPACE_MARK_STORAGE_KEYS } from '@/features/spaces/hooks/use-space-marks';
import { apiErrorResponse, jsonResponse, type StubRequest, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn } from '@/testing/fixtures';
import { space, spaceFile } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';
import { createControlledStream, textAnswerChunks, uiMessageStreamResponse } from '@/testing/ui-message-stream';

const marketing = space({ name: 'Marketing', memberCount: 12, fileCount: 47 });
const FILES_PATH = `/api/spaces/${marketing.id}/files`;
const EARLIER_ID = '44444444-4444-4444-8444-444444444444';

const sampleFiles = ['brief.pdf', 'budget.xlsx', 'notes.txt', 'logo.png'].map((filename, index) =>
  spaceFile({ id: `file-${index + 1}`, filename, documentId: `document-${index + 1}` }),
);

function stubSpace(routes: StubRoutes = {}) {
  return stubSignedIn('employee', {
    'GET /api/spaces/by-slug/marketing': jsonResponse(marketing),
    [`GET ${FILES_PATH}`]: jsonResponse({ files: sampleFiles }),
    'GET /api/conversations': jsonResponse({ conversations: [] }),
    'GET /api/me/daily-updates': jsonResponse({ stats: [], generatedAt: new Date().toISOString() }),
    ...routes,
  });
}

describe('/spaces/:spaceName', () => {
  it('loads the space by its URL name and shows its header, real counts and the help list', async () => {
    const { findRequests } = stubSpace();
    const { user, router } = renderRoutes({ path: '/spaces/Marketing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
    expect(findRequests('GET', '/api/spaces/by-slug/marketing')).toHaveLength(1);
    expect(screen.getByText('Campaigns and launches')).toBeInTheDocument();

    const info = screen.getByRole('region', { name: 'Space details' });
    expect(info).toHaveTextContent('Members: 12');
    expect(info).toHaveTextContent('Files: 47');
    const latest = await within(info).findByRole('list', { name: 'Latest files' });
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['brief.pdf', 'budget.xlsx', 'notes.txt', '+1 more']);

    expect(screen.getByRole('heading', { name: 'Welcome to Marketing' })).toBeInTheDocument();
    const help = screen.getByRole('list', { name: 'What the assistant can do' });
    expect(
      within(help)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Search documents',
      'Answer questions about content',
      'Summarise key information',
      'Find relevant sections',
    ]);

    expect(screen.getByRole('link', { name: 'Space settings' })).toHaveAttribute(
      'href',
      `/role-management/${marketing.id}`,
    );
    await user.click(screen.getByRole('link', { name: 'Back to Chat' }));
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('shows the not-found screen when the server answers 404', async () => {
    stubSpace({ 'GET /api/spaces/by-slug/nowhere': apiErrorResponse(404, 'NOT_FOUND', 'Space not found') });
    renderRoutes({ path: '/spaces/nowhere' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Space not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/chat');
  });

  it("says 'Failed to load space details' on other errors and retries", async () => {
    let calls = 0;
    stubSpace({
      'GET /api/spaces/by-slug/marketing': () => {
        calls += 1;
        return calls === 1 ? new Response(null, { status: 500 }) : jsonResponse(marketing);
      },
    });
    const { user } = renderRoutes({ path: '/spaces/marketing' });

    expect(await screen.findByText('Failed to load space details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
  });

  it("clears the space's unread mark when it is opened", async () => {
    window.localStorage.setItem(SPACE_MARK_STORAGE_KEYS.unread, JSON.stringify([marketing.id, 'space-other']));
    stubSpace();
    renderRoutes({ path: '/spaces/marketing' });

    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    await waitFor(() =>
      expect(window.localStorage.getItem(SPACE_MARK_STORAGE_KEYS.unread)).toBe(JSON.stringify(['space-other'])),
    );
  });

  it("shows the file management card with the caller's actions below the info bar", async () => {
    stubSpace({ 'GET /api/spaces/by-slug/marketing': jsonResponse(space({ name: 'Marketing', myRole: 'viewer' })) });
    renderRoutes({ path: '/spaces/marketing' });

    const files = await screen.findByRole('list', { name: 'Space files' });
    expect(within(files).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Files' })).toBeInTheDocument();
    expect(screen.queryByTestId('space-file-input')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });
});

describe('/spaces/:spaceName chat', () => {
  const earlier: Conversation = {
    id: EARLIER_ID,
    spaceId: marketing.id,
    title: 'Budget questions',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  const earlierDetail: ConversationDetail = {
    conversation: earlier,
    messages: [
      {
        id: 'm1',
        role: 'user',
        parts: [{ type: 'text', text: 'Who owns the budget?' }],
        metadata: { createdAt: '2026-11-21T09:00:00.000Z', attachments: [], citations: [] },
      },
      {
        id: 'm2',
        role: 'assistant',
        parts: [{ type: 'text', text: 'Finance owns it.' }],
        metadata: { createdAt: '2026-11-21T09:00:05.000Z', attachments: [], citations: [] },
      },
    ],
  };

  const citations = [
    {
      index: 1,
      documentId: 'document-2',
      title: 'budget.xlsx',
      source: 'space',
      page: 3,
      url: '/api/documents/document-2/content#page=3',
    },
  ];

  async function openChat(routes: StubRoutes = {}, path = '/spaces/marketing') {
    const stub = stubSpace(routes);
    const rendered = renderRoutes({ path });
    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    const region = screen.getByRole('region', { name: 'Space chat' });
    // A conversation named in the URL loads before the composer appears.
    const composer = await within(region).findByRole('textbox', { name: 'Message' });
    return { ...stub, ...rendered, region, composer };
  }

  function chatBodies(findRequests: (method: string, path: string) => StubRequest[]) {
    return findRequests('POST', '/api/chat').map(
      (request) => request.body as { id: string; spaceId?: string; message: { parts: unknown[] } },
    );
  }

  it('streams the answer with its sources through /api/chat scoped to the space, and lists the new conversation', async () => {
    let saved: Conversation[] = [];
    const { user, region, composer, findRequests, router } = await openChat({
      'GET /api/conversations': (request) =>
        request.search === `?spaceId=${marketing.id}`
          ? jsonResponse({ conversations: saved })
          : apiErrorResponse(400, 'VALIDATION_FAILED', 'The space chat lists its own conversations'),
      'POST /api/chat': (request) => {
        const { id } = request.body as { id: string };
        saved = [{ ...earlier, id, title: 'How does the...' }];
        return uiMessageStreamResponse(
          textAnswerChunks('The budget grows by 10% [1].', [
            { type: 'data-citations', id: 'citations', data: { citations } },
          ]),
        );
      },
    });

    // Before the first message: the space's welcome, its files, and an empty list of conversations.
    expect(await within(region).findByText('No conversations yet.')).toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: 'Welcome to Marketing' })).toBeInTheDocument();
    expect(await within(region).findByRole('list', { name: 'Files the assistant can read' })).toBeInTheDocument();
    expect(composer).toHaveAttribute('placeholder', 'Ask about the files of Marketing...');
    expect(within(region).queryByRole('button', { name: 'Attach files' })).not.toBeInTheDocument();

    await user.type(composer, 'How does the budget change?{Enter}');

    const answer = await within(region).findByRole('article', { name: 'Assistant message' });
    await within(answer).findByText('The budget grows by 10% [1].');
    const sources = within(answer).getByRole('list', { name: 'Sources' });
    const link = within(sources).getByRole('link', { name: '[1] budget.xlsx (Space) p. 3' });
    expect(link).toHaveAttribute('href', '/api/documents/document-2/content#page=3');
    expect(within(region).queryByRole('heading', { name: 'Welcome to Marketing' })).not.toBeInTheDocument();

    const [body] = chatBodies(findRequests);
    expect(body?.spaceId).toBe(marketing.id);
    expect(body?.message.parts).toEqual([{ type: 'text', text: 'How does the budget change?' }]);
    expect(currentPath(router)).toBe(`/spaces/marketing?c=${body?.id}`);
    // The reply refreshes the space's list, which now holds the conversation, marked as the open one.
    const listed = await within(region).findByRole('button', { name: /^How does the\.\.\./ });
    expect(listed).toHaveAttribute('aria-current', 'page');
    expect(composer).toHaveValue('');
  });

  it('continues a conversation picked from the list, then starts a new chat', async () => {
    const { user, region, findRequests, router } = await openChat({
      'GET /api/conversations': jsonResponse({ conversations: [earlier] }),
      [`GET /api/conversations/${EARLIER_ID}`]: jsonResponse(earlierDetail),
      'POST /api/chat': () => uiMessageStreamResponse(textAnswerChunks('It grows by 10%.')),
    });

    await user.click(await within(region).findByRole('button', { name: /^Budget questions/ }));
    expect(await within(region).findByText('Finance owns it.')).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/spaces/marketing?c=${EARLIER_ID}`);

    // The picked conversation has its own chat (and composer).
    await user.type(within(region).getByRole('textbox', { name: 'Message' }), 'And how does it change?{Enter}');
    expect(await within(region).findByText('It grows by 10%.')).toBeInTheDocument();
    expect(chatBodies(findRequests)).toEqual([expect.objectContaining({ id: EARLIER_ID, spaceId: marketing.id })]);

    await user.click(within(region).getByRole('button', { name: 'New chat' }));
    expect(await within(region).findByRole('heading', { name: 'Welcome to Marketing' })).toBeInTheDocument();
    expect(within(region).queryByText('Finance owns it.')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/spaces/marketing');
  });

  it('starts a new chat when the URL names a conversation of another chat', async () => {
    stubSpace({
      [`GET /api/conversations/${EARLIER_ID}`]: jsonResponse({
        ...earlierDetail,
        conversation: { ...earlier, spaceId: null },
      }),
    });
    const { router } = renderRoutes({ path: `/spaces/marketing?c=${EARLIER_ID}` });
    const region = await screen.findByRole('region', { name: 'Space chat' });
    expect(await screen.findByText('This conversation was not found. A new one was started.')).toBeInTheDocument();
    expect(await within(region).findByRole('heading', { name: 'Welcome to Marketing' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/spaces/marketing'));
  });

  it('shows the thinking indicator while the answer is on its way, and ignores blank messages', async () => {
    const stream = createControlledStream();
    const { user, region, composer, findRequests } = await openChat({ 'POST /api/chat': () => stream.response() });

    await user.type(composer, '   {Enter}');
    expect(findRequests('POST', '/api/chat')).toHaveLength(0);
    await user.type(composer, '{Enter}');
    await user.clear(composer);
    await user.type(composer, 'line one{Shift>}{Enter}{/Shift}line two{Enter}');
    stream.write({ type: 'start', messageId: 'answer-1' });
    stream.write({ type: 'data-thinking', id: 'thinking', data: { type: 'rag' } });
    expect(await within(region).findByTestId('thinking-indicator')).toHaveTextContent(
      'Analyzing knowledge base and generating insights...',
    );
    expect(chatBodies(findRequests).map((body) => body.message.parts)).toEqual([
      [{ type: 'text', text: 'line one\nline two' }],
    ]);
    stream.write({ type: 'text-start', id: 't1' });
    stream.write({ type: 'text-delta', id: 't1', delta: 'Done.' });
    stream.write({ type: 'text-end', id: 't1' });
    stream.write({ type: 'finish', finishReason: 'stop' });
    stream.close();
    expect(await within(region).findByText('Done.')).toBeInTheDocument();
  });

  it("answers an empty reply with the space chat's rephrasing message", async () => {
    const { user, region, composer } = await openChat({
      'POST /api/chat': () => uiMessageStreamResponse(textAnswerChunks('  ')),
    });

    await user.type(composer, 'Anything?{Enter}');
    expect(
      await within(region).findByText(
        "I couldn't process your request in this space context. Please try rephrasing your question.",
        { selector: 'article p' },
      ),
    ).toBeInTheDocument();
  });

  it('adds a Connection Error message and a dismissible error bar when the question fails', async () => {
    const { user, region, composer } = await openChat({
      'POST /api/chat': apiErrorResponse(503, 'UNAVAILABLE', 'The assistant is unavailable.'),
    });

    await user.type(composer, 'Hello{Enter}');
    const expected = 'Connection Error: The assistant is unavailable. Please check your connection and try again.';
    const notice = await within(region).findByRole('article', { name: 'Assistant message' });
    expect(notice).toHaveTextContent(expected);
    const errorBar = within(region).getByRole('alert');
    expect(errorBar).toHaveTextContent(expected);

    await user.click(within(errorBar).getByRole('button', { name: 'Dismiss error' }));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(region).getByRole('article', { name: 'Assistant message' })).toHaveTextContent(expected);
  });
});
