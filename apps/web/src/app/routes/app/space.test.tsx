import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPACE_MARK_STORAGE_KEYS } from '@/features/spaces/hooks/use-space-marks';
import { apiErrorResponse, jsonResponse, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn } from '@/testing/fixtures';
import { space, spaceFile } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const marketing = space({ name: 'Marketing', memberCount: 12, fileCount: 47 });
const ASK_PATH = `/api/spaces/${marketing.id}/ask`;
const FILES_PATH = `/api/spaces/${marketing.id}/files`;

const sampleFiles = ['brief.pdf', 'budget.xlsx', 'notes.txt', 'logo.png'].map((filename, index) =>
  spaceFile({ id: `file-${index + 1}`, filename, documentId: `document-${index + 1}` }),
);

function stubSpace(routes: StubRoutes = {}) {
  return stubSignedIn('employee', {
    'GET /api/spaces/by-slug/marketing': jsonResponse(marketing),
    [`GET ${FILES_PATH}`]: jsonResponse({ files: sampleFiles }),
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
  async function openChat(routes: StubRoutes = {}) {
    const stub = stubSpace(routes);
    const rendered = renderRoutes({ path: '/spaces/marketing' });
    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    const composer = screen.getByRole('textbox', { name: 'Message' });
    return { ...stub, ...rendered, composer };
  }

  it('asks the space on Enter and shows the answer with its cited files', async () => {
    const { user, composer, findRequests } = await openChat({
      [`POST ${ASK_PATH}`]: jsonResponse({
        response: 'The budget grows by 10% [1].',
        citations: [
          {
            index: 1,
            documentId: 'document-2',
            title: 'budget.xlsx',
            source: 'upload',
            page: 3,
            url: '/api/documents/document-2/content#page=3',
          },
          {
            index: 2,
            documentId: 'document-elsewhere',
            title: 'Old plan',
            source: 'upload',
            page: null,
            url: '/api/documents/document-elsewhere/content',
          },
        ],
      }),
    });

    // The welcome lists the files the assistant reads until the first message.
    await within(screen.getByRole('region', { name: 'Space chat' })).findByRole('list', {
      name: 'Files the assistant can read',
    });
    await user.type(composer, 'How does the budget change?{Enter}');

    const messages = await screen.findByRole('list', { name: 'Conversation' });
    expect(screen.queryByRole('heading', { name: 'Welcome to Marketing' })).not.toBeInTheDocument();
    expect(within(messages).getByRole('listitem', { name: 'You' })).toHaveTextContent('How does the budget change?');
    const answer = await within(messages).findByRole('listitem', { name: 'Assistant' });
    expect(answer).toHaveTextContent('The budget grows by 10% [1].');

    const sources = within(answer).getByRole('list', { name: 'Sources' });
    const [first, second] = within(sources).getAllByRole('link');
    expect(first).toHaveTextContent('[1] budget.xlsx, p. 3');
    expect(first).toHaveAttribute('href', `${FILES_PATH}/file-2/content#page=3`);
    expect(first).toHaveAttribute('target', '_blank');
    expect(second).toHaveTextContent('[2] Old plan');
    expect(second).toHaveAttribute('href', '/api/documents/document-elsewhere/content');

    expect(findRequests('POST', ASK_PATH).map((request) => request.body)).toEqual([
      { query: 'How does the budget change?' },
    ]);
    expect(composer).toHaveValue('');
  });

  it('adds a line on Shift+Enter and ignores blank messages and messages sent while loading', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, composer, findRequests } = await openChat({
      [`POST ${ASK_PATH}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });

    await user.type(composer, '   {Enter}');
    await user.type(composer, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(composer).toHaveValue('   line one\nline two');
    expect(findRequests('POST', ASK_PATH)).toHaveLength(0);

    await user.type(composer, '{Enter}');
    const messages = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(messages).getByRole('status')).toHaveTextContent('Thinking…');
    await user.type(composer, 'second question{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(findRequests('POST', ASK_PATH)).toHaveLength(1);
    expect(findRequests('POST', ASK_PATH)[0]?.body).toEqual({ query: 'line one\nline two' });

    answer(jsonResponse({ response: 'Done.', citations: [] }));
    expect(await screen.findByRole('listitem', { name: 'Assistant' })).toHaveTextContent('Done.');
    expect(composer).toHaveValue('second question');
  });

  it("answers an empty reply with the space chat's rephrasing message", async () => {
    const { user, composer } = await openChat({
      [`POST ${ASK_PATH}`]: jsonResponse({ response: '  ', citations: [] }),
    });

    await user.type(composer, 'Anything?{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Assistant' })).toHaveTextContent(
      "I couldn't process your request in this space context. Please try rephrasing your question.",
    );
  });

  it('adds a Connection Error message and a dismissible error bar when the question fails', async () => {
    const { user, composer } = await openChat({
      [`POST ${ASK_PATH}`]: apiErrorResponse(503, 'UNAVAILABLE', 'The assistant is unavailable.'),
    });

    await user.type(composer, 'Hello{Enter}');
    const expected = 'Connection Error: The assistant is unavailable. Please check your connection and try again.';
    expect(await screen.findByRole('listitem', { name: 'Assistant' })).toHaveTextContent(expected);
    const errorBar = screen.getByRole('alert');
    expect(errorBar).toHaveTextContent(expected);

    await user.click(within(errorBar).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Assistant' })).toHaveTextContent(expected);
  });
});
