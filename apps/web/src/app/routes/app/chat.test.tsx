import { type Conversation, type DailyStat, DEFAULT_USER_PREFERENCES } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { changeLanguage } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRequest, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import {
  createSignOutRoutes,
  documentSummary,
  roleState,
  testSession,
  uploadedFile,
  uploadRefusal,
} from '@/testing/fixtures';
import { integrationList } from '@/testing/integration-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';
import { textAnswerChunks, uiMessageStreamResponse } from '@/testing/ui-message-stream';

const DAY_MS = 86_400_000;
const FIRST_ID = '11111111-1111-4111-8111-111111111111';
const SECOND_ID = '22222222-2222-4222-8222-222222222222';
const THIRD_ID = '33333333-3333-4333-8333-333333333333';

const conversations: Conversation[] = [
  {
    id: FIRST_ID,
    spaceId: null,
    title: 'Marketing Discussion',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  },
  {
    id: SECOND_ID,
    spaceId: null,
    title: 'Where is the...',
    createdAt: new Date(Date.now() - DAY_MS).toISOString(),
    updatedAt: new Date(Date.now() - DAY_MS).toISOString(),
  },
  {
    id: THIRD_ID,
    spaceId: null,
    title: 'New conversation',
    createdAt: new Date(2026, 0, 5, 12).toISOString(),
    updatedAt: new Date(2026, 0, 5, 12).toISOString(),
  },
];

const stats: DailyStat[] = [
  { label: 'Files Processed', value: '4', change: '+3', description: 'Documents indexed today' },
  { label: 'New Clients', value: '0', change: '0', description: 'Team members who joined today' },
  { label: 'AI Queries', value: '7', change: '+2', description: 'Questions asked today' },
  { label: 'Spaces Created', value: '1', change: '-1', description: 'Spaces created today' },
  { label: 'Files Organized', value: '2', change: '+2', description: 'Files filed into spaces today' },
  { label: 'Efficiency Gain', value: '75%', change: '+5%', description: 'Answers with sources today' },
];

function stubChatApi(routes: StubRoutes = {}) {
  return stubFetch({
    'GET /api/auth/get-session': jsonResponse(testSession),
    'GET /api/conversations': jsonResponse({ conversations }),
    'GET /api/me/daily-updates': jsonResponse({ stats, generatedAt: new Date().toISOString() }),
    'GET /api/assistant/model': jsonResponse({
      provider: 'builtin',
      model: 'lumen-builtin',
      label: 'Built-in extractive model (offline)',
    }),
    'GET /api/me/preferences': jsonResponse(DEFAULT_USER_PREFERENCES),
    'GET /api/me/role': jsonResponse(roleState('admin')),
    'GET /api/spaces': jsonResponse({ spaces: [] }),
    ...routes,
  });
}

describe('/chat', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.welcomeShown, 'true');
  });

  it('has its own layout: sidebar, one header with the title, no second app header', async () => {
    stubChatApi();
    renderRoutes({ path: '/chat' });

    expect(await screen.findByRole('heading', { name: 'How can I help you today?' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'AI Chat' })).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Account menu$/ })).toHaveLength(1);
    for (const name of ['Toggle sidebar', 'Connected services', 'Toggle theme', 'Settings', 'New Chat']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Lumen home' })).toHaveAttribute('href', '/chat');
    const userCard = screen.getByTestId('user-card');
    expect(userCard).toHaveTextContent('AL');
    expect(userCard).toHaveTextContent('Ada Lovelace');
    expect(userCard).toHaveTextContent('Premium Plan');
  });

  it("has a 'Skip to message composer' link as the first Tab stop, a named navigation and the main landmark", async () => {
    stubChatApi();
    const { user } = renderRoutes({ path: '/chat' });
    const composer = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Chat sidebar' })).toBeInTheDocument();

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to message composer' });
    expect(skipLink).toHaveFocus();
    expect(skipLink).toHaveClass('sr-only', 'focus:not-sr-only');
    await user.keyboard('{Enter}');
    expect(composer).toHaveFocus();
  });

  it('opens the account menu from the user card', async () => {
    stubChatApi();
    const { user } = renderRoutes({ path: '/chat' });
    await user.click(await screen.findByRole('button', { name: /Account menu$/ }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Workspace' })).toHaveAttribute('href', '/workspace');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('lists the conversations from the server with Today, Yesterday or the short date', async () => {
    stubChatApi();
    renderRoutes({ path: '/chat' });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-slot="sidebar-menu-button"]')?.textContent);
    expect(items).toEqual(['Marketing DiscussionToday', 'Where is the...Yesterday', 'New conversationJan 5']);
  });

  it('opens a conversation from the sidebar, with its messages, and keeps its id in the URL', async () => {
    const { findRequests } = stubChatApi({
      [`GET /api/conversations/${FIRST_ID}`]: jsonResponse({
        conversation: conversations[0],
        messages: [
          {
            id: 'm1',
            role: 'user',
            parts: [{ type: 'text', text: 'Our marketing plan?' }],
            metadata: {
              createdAt: '2026-11-21T09:00:00.000Z',
              attachments: [{ fileId: 'f1', documentId: 'd1', name: 'plan.docx', source: 'upload' }],
              citations: [],
            },
          },
          {
            id: 'm2',
            role: 'assistant',
            parts: [
              { type: 'data-thinking', id: 'thinking', data: { type: 'rag' } },
              { type: 'text', text: 'The plan launches in **May** [1].' },
            ],
            metadata: {
              createdAt: '2026-11-21T09:00:05.000Z',
              attachments: [],
              citations: [
                {
                  index: 1,
                  documentId: 'd1',
                  title: 'plan.docx',
                  source: 'upload',
                  page: null,
                  url: '/api/documents/d1/content',
                },
              ],
            },
          },
        ],
      }),
      'GET /api/documents/d1': jsonResponse(documentSummary('d1', 'plan.docx', { status: 'ready', chunkCount: 3 })),
    });
    const { router, user } = renderRoutes({ path: '/chat' });

    await user.click(await screen.findByRole('button', { name: /^Marketing Discussion/ }));

    expect(await screen.findByText('Our marketing plan?')).toBeInTheDocument();
    expect(screen.getByText('plan.docx (Upload)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '[1] plan.docx (Upload)' })).toBeInTheDocument();
    expect(screen.getByText('May').tagName).toBe('STRONG');
    expect(currentPath(router)).toBe(`/chat?c=${FIRST_ID}`);
    expect(findRequests('GET', `/api/conversations/${FIRST_ID}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(await screen.findByRole('heading', { name: 'How can I help you today?' })).toBeInTheDocument();
    expect(screen.queryByText('Our marketing plan?')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/chat');
  });

  it('restores the conversation in the URL after a reload', async () => {
    stubChatApi({
      [`GET /api/conversations/${SECOND_ID}`]: jsonResponse({
        conversation: conversations[1],
        messages: [
          {
            id: 'm1',
            role: 'user',
            parts: [{ type: 'text', text: 'Where is the launch checklist?' }],
            metadata: { createdAt: '2026-11-20T09:00:00.000Z', attachments: [], citations: [] },
          },
        ],
      }),
    });
    renderRoutes({ path: `/chat?c=${SECOND_ID}` });
    expect(await screen.findByText('Where is the launch checklist?')).toBeInTheDocument();
  });

  it("starts a new chat when the URL names a conversation that is not the user's (404)", async () => {
    stubChatApi({
      [`GET /api/conversations/${THIRD_ID}`]: apiErrorResponse(404, 'NOT_FOUND', 'Conversation not found.'),
    });
    const { router } = renderRoutes({ path: `/chat?c=${THIRD_ID}` });
    expect(await screen.findByText('This conversation was not found. A new one was started.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'How can I help you today?' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('puts a new conversation in the URL with its first message, then refreshes the list and the stats', async () => {
    const { findRequests } = stubChatApi({
      'POST /api/chat': () => uiMessageStreamResponse(textAnswerChunks('Hello! How can I help?')),
    });
    const { router, user } = renderRoutes({ path: '/chat' });
    await screen.findByRole('list', { name: 'Conversations' });
    const listLoads = findRequests('GET', '/api/conversations').length;
    const statLoads = findRequests('GET', '/api/me/daily-updates').length;

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello there{Enter}');

    expect(await screen.findByText('Hello! How can I help?')).toBeInTheDocument();
    const [request] = findRequests('POST', '/api/chat') as [StubRequest];
    const conversationId = (request.body as { id: string }).id;
    expect(conversationId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(currentPath(router)).toBe(`/chat?c=${conversationId}`);
    await waitFor(() => expect(findRequests('GET', '/api/conversations').length).toBeGreaterThan(listLoads));
    await waitFor(() => expect(findRequests('GET', '/api/me/daily-updates').length).toBeGreaterThan(statLoads));
    // The chat stays as it is: the conversation is not reloaded from the server.
    expect(findRequests('GET', `/api/conversations/${conversationId}`)).toHaveLength(0);
  });

  it('uploads several files: Uploading..., then the files with their status, sent with the next message', async () => {
    let releaseUpload: (() => void) | undefined;
    let reportPolls = 0;
    const { findRequests } = stubChatApi({
      'POST /api/files': () =>
        new Promise<Response>((resolve) => {
          releaseUpload = () =>
            resolve(
              jsonResponse(
                { files: [uploadedFile('d-report', 'report.pdf'), uploadedFile('d-logo', 'logo.png')] },
                201,
              ),
            );
        }),
      'GET /api/documents/d-report': () => {
        reportPolls += 1;
        return jsonResponse(
          documentSummary('d-report', 'report.pdf', reportPolls < 2 ? { status: 'processing' } : { status: 'ready' }),
        );
      },
      'GET /api/documents/d-logo': jsonResponse(
        documentSummary('d-logo', 'logo.png', { status: 'ready', error: 'no text found', mimeType: 'image/png' }),
      ),
      'POST /api/chat': () => uiMessageStreamResponse(textAnswerChunks('Got them.')),
    });
    const { user } = renderRoutes({ path: '/chat' });

    await user.upload(await screen.findByTestId('chat-file-input'), [
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    ]);

    const uploading = await screen.findByText('Uploading...');
    expect(uploading.closest('article')).toHaveAttribute('data-role', 'user');
    expect(within(uploading.closest('article') as HTMLElement).getByTestId('animated-dots')).toBeInTheDocument();
    releaseUpload?.();

    expect(await screen.findByText('Uploaded 2 file(s): report.pdf, logo.png')).toBeInTheDocument();
    expect(screen.queryByText('Uploading...')).not.toBeInTheDocument();
    expect(screen.getByText('report.pdf (Upload)')).toBeInTheDocument();
    expect(screen.getByText('logo.png (Upload)')).toBeInTheDocument();
    expect(await screen.findByText('no text found')).toBeInTheDocument();
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Ready')).toHaveLength(2), { timeout: 6000 });

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Summarize the report{Enter}');
    expect(await screen.findByText('Got them.')).toBeInTheDocument();
    const [chat] = findRequests('POST', '/api/chat') as [StubRequest];
    expect(chat.body).toMatchObject({
      message: {
        role: 'user',
        parts: [{ type: 'text', text: 'Summarize the report' }],
        metadata: {
          attachments: [
            { fileId: 'file-d-report', documentId: 'd-report', name: 'report.pdf', source: 'upload' },
            { fileId: 'file-d-logo', documentId: 'd-logo', name: 'logo.png', source: 'upload' },
          ],
        },
      },
    });

    // Sent once: the next message carries no attachments.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks{Enter}');
    await waitFor(() => expect(findRequests('POST', '/api/chat')).toHaveLength(2));
    const [, second] = findRequests('POST', '/api/chat') as [StubRequest, StubRequest];
    expect((second.body as { message: { metadata?: object } }).message.metadata).toEqual({
      createdAt: expect.any(String),
    });
  });

  it('shows a failed ingestion with its reason', async () => {
    stubChatApi({
      'POST /api/files': jsonResponse({ files: [uploadedFile('d-bad', 'broken.docx')] }, 201),
      'GET /api/documents/d-bad': jsonResponse(
        documentSummary('d-bad', 'broken.docx', { status: 'failed', error: 'The file is damaged.' }),
      ),
    });
    const { user } = renderRoutes({ path: '/chat' });
    await user.upload(await screen.findByTestId('chat-file-input'), [new File(['x'], 'broken.docx')]);
    expect(await screen.findByText('Failed: The file is damaged.')).toBeInTheDocument();
  });

  it.each([
    [413, 'PAYLOAD_TOO_LARGE', 'big.pdf is larger than 50 MB.'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'setup.exe is not a supported file type.'],
  ])('shows the server message of a refused upload (%i)', async (status, code, message) => {
    stubChatApi({ 'POST /api/files': apiErrorResponse(status, code, message) });
    const { user } = renderRoutes({ path: '/chat' });
    await user.upload(await screen.findByTestId('chat-file-input'), [new File(['x'], 'big.pdf')]);

    expect(await screen.findByText('Could not upload 1 file(s): big.pdf')).toBeInTheDocument();
    const article = screen.getByText('Could not upload 1 file(s): big.pdf').closest('article') as HTMLElement;
    expect(within(article).getByText(message)).toBeInTheDocument();
    expect(within(screen.getByTestId('chat-error-bar')).getByText(message)).toBeInTheDocument();
  });

  it('shows the stored files as usual and each refused file with its reason, translated', async () => {
    stubChatApi({
      'POST /api/files': jsonResponse(
        {
          files: [uploadedFile('d-notes', 'notes.txt')],
          refused: [
            uploadRefusal('tool.txt', 'FILE_CONTENT_NOT_SUPPORTED', { content: 'ELF', supported: 'TXT' }),
            uploadRefusal('huge.txt', 'FILE_TOO_LARGE', { maxMb: 50 }),
          ],
        },
        201,
      ),
      'GET /api/documents/d-notes': jsonResponse(documentSummary('d-notes', 'notes.txt', { status: 'ready' })),
      // French is the user's saved language: the chat applies it once the preferences load (setting it from the test
      // instead raced with that, and lost whenever the preferences answered after it).
      'GET /api/me/preferences': jsonResponse({ ...DEFAULT_USER_PREFERENCES, language: 'fr' }),
    });
    const { user } = renderRoutes({ path: '/chat' });
    try {
      expect(await screen.findByRole('link', { name: 'Aller à la zone de saisie du message' })).toBeInTheDocument();
      await user.upload(await screen.findByTestId('chat-file-input'), [
        new File(['a'], 'notes.txt'),
        new File(['b'], 'tool.txt'),
        new File(['c'], 'huge.txt'),
      ]);

      const uploaded = await screen.findByText('1 fichier(s) importé(s) : notes.txt');
      const article = uploaded.closest('article') as HTMLElement;
      expect(within(article).getByText('notes.txt (Upload)')).toBeInTheDocument();
      const refused = within(article).getByRole('list', { name: 'Non importés :' });
      expect(
        within(refused)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        "Le type du fichier « tool.txt » n'est pas pris en charge (son contenu est ELF). Vous pouvez importer des fichiers TXT.",
        'Le fichier « huge.txt » dépasse la limite de 50 Mo.',
      ]);
      expect(screen.queryByTestId('chat-error-bar')).not.toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('lists every refused file when the server stored none', async () => {
    const refusal = (name: string) => uploadRefusal(name, 'FILE_TEXT_MISNAMED', { extension: 'pdf', claimed: 'PDF' });
    stubChatApi({
      'POST /api/files': jsonResponse(
        {
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            reason: 'FILE_TEXT_MISNAMED',
            message: refusal('a.pdf').message,
            details: { refused: [refusal('a.pdf'), refusal('b.pdf')] },
          },
        },
        415,
      ),
    });
    const { user } = renderRoutes({ path: '/chat' });
    await user.upload(await screen.findByTestId('chat-file-input'), [
      new File(['a'], 'a.pdf'),
      new File(['b'], 'b.pdf'),
    ]);

    const failed = await screen.findByText('Could not upload 2 file(s): a.pdf, b.pdf');
    const refused = within(failed.closest('article') as HTMLElement).getByRole('list', { name: 'Not uploaded:' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'File "a.pdf" is named .pdf but its content is plain text, not a PDF.',
      'File "b.pdf" is named .pdf but its content is plain text, not a PDF.',
    ]);
    expect(within(screen.getByTestId('chat-error-bar')).getByText(refusal('a.pdf').message)).toBeInTheDocument();
  });

  it('explains a refused upload without a JSON body', async () => {
    stubChatApi({ 'POST /api/files': new Response('Request Entity Too Large', { status: 413 }) });
    const { user } = renderRoutes({ path: '/chat' });
    await user.upload(await screen.findByTestId('chat-file-input'), [new File(['x'], 'big.pdf')]);
    expect(await screen.findAllByText('The files are too large to upload.')).toHaveLength(2);
  });

  it('shows the six Daily Updates stats from the server', async () => {
    stubChatApi();
    renderRoutes({ path: '/chat' });
    const list = await screen.findByRole('list', { name: 'Daily Updates' });
    const items = within(list).getAllByTestId('daily-stat');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Files Processed4+3Documents indexed today');
    expect(items[5]).toHaveTextContent('Efficiency Gain75%+5%Answers with sources today');
  });

  it('links Spaces, Team Management, Assets and Workspace', async () => {
    stubChatApi();
    const { user } = renderRoutes({ path: '/chat' });
    await user.click(await screen.findByRole('button', { name: 'Spaces' }));
    await user.click(screen.getByRole('button', { name: 'Team Management' }));
    await user.click(screen.getByRole('button', { name: 'Assets' }));

    const hrefs = {
      'All spaces': '/spaces',
      'New space': '/spaces/new',
      Overview: '/team-management',
      Members: '/team-management?tab=members',
      Departments: '/team-management?tab=departments',
      'Invite members': '/team-management?action=invite',
      'All assets': '/assets',
      Processed: '/assets?filter=processed',
      Unprocessed: '/assets?filter=unprocessed',
      Upload: '/assets?action=upload',
      Workspace: '/workspace',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('opens the connected services from the header: one card per integration, focus back on the button after closing', async () => {
    stubChatApi({ 'GET /api/integrations': jsonResponse(integrationList()) });
    const { user } = renderRoutes({ path: '/chat' });
    const trigger = await screen.findByRole('button', { name: 'Connected services' });
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Connected services' });
    for (const name of ['Google Drive', 'OneDrive', 'Dropbox', 'Slack', 'Notion', 'Confluence', 'Custom Integration']) {
      expect(await within(dialog).findByRole('heading', { name })).toBeInTheDocument();
    }
    expect(within(dialog).getAllByRole('button', { name: 'Connect' })).toHaveLength(3);
    expect(within(within(dialog).getByTestId('integration-slack')).getByRole('status')).toHaveTextContent(
      'Not configured',
    );
    expect(within(dialog).getByRole('button', { name: 'Request' })).toBeEnabled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('shows the live-link badge in the header', async () => {
    stubChatApi();
    renderRoutes({ path: '/chat' });

    const header = (await screen.findByRole('button', { name: 'Connected services' })).closest('header');
    expect(header).not.toBeNull();
    expect(
      within(header as HTMLElement).getByText(/^(Connecting|Live|Reconnecting|Offline)$/, {
        selector: '[role="status"]',
      }),
    ).toBeInTheDocument();
  });

  it('shows the account, the model, and saves preferences that apply at once', async () => {
    const { findRequests } = stubChatApi({
      'PUT /api/me/preferences': (request) =>
        jsonResponse({ ...DEFAULT_USER_PREFERENCES, ...(request.body as object) }),
      'POST /api/auth/request-password-reset': jsonResponse({ status: true }),
    });
    const { user } = renderRoutes({ path: '/chat' });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));

    const popover = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(popover).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(popover).getByText('Premium Plan')).toBeInTheDocument();
    expect(within(popover).getByRole('link', { name: 'Manage Account' })).toHaveAttribute('href', '/workspace');
    expect(within(popover).getByRole('link', { name: 'Privacy Settings' })).toHaveAttribute('href', '/workspace');
    expect(await within(popover).findByText('Built-in extractive model (offline)')).toBeInTheDocument();

    await user.click(within(popover).getByRole('switch', { name: 'Dark mode' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    await waitFor(() => expect(findRequests('PUT', '/api/me/preferences')).toHaveLength(1));
    expect(findRequests('PUT', '/api/me/preferences')[0]?.body).toEqual({ theme: 'light' });

    await user.click(within(popover).getByRole('switch', { name: 'Notifications' }));
    await waitFor(() => expect(findRequests('PUT', '/api/me/preferences')).toHaveLength(2));
    expect(findRequests('PUT', '/api/me/preferences')[1]?.body).toEqual({ notificationsEnabled: false });
    expect(window.localStorage.getItem(STORAGE_KEYS.notifications)).toBe('false');

    await user.click(within(popover).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('We sent a link to change your password to ada@example.com.')).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: '/auth?mode=reset',
    });

    const language = within(popover).getByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Spanish', 'French']);
    await user.selectOptions(language, 'es');
    expect(await screen.findByRole('heading', { name: '¿Cómo puedo ayudarte hoy?' })).toBeInTheDocument();
    await waitFor(() =>
      expect(findRequests('PUT', '/api/me/preferences').map((request) => request.body)).toContainEqual({
        language: 'es',
      }),
    );
  });

  it("applies the user's saved preferences when the chat opens", async () => {
    stubChatApi({
      'GET /api/me/preferences': jsonResponse({ ...DEFAULT_USER_PREFERENCES, theme: 'light', language: 'fr' }),
    });
    renderRoutes({ path: '/chat' });
    expect(
      await screen.findByRole('heading', { name: "Comment puis-je vous aider aujourd'hui ?" }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('light');
  });

  it('saves the theme chosen with the header toggle', async () => {
    const { findRequests } = stubChatApi({
      'PUT /api/me/preferences': (request) =>
        jsonResponse({ ...DEFAULT_USER_PREFERENCES, ...(request.body as object) }),
    });
    const { user } = renderRoutes({ path: '/chat' });
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(findRequests('GET', '/api/me/preferences')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    await waitFor(() => expect(findRequests('PUT', '/api/me/preferences')).toHaveLength(1));
    expect(findRequests('PUT', '/api/me/preferences')[0]?.body).toEqual({ theme: 'light' });
  });

  it('shows the welcome dialog on the first visit', async () => {
    window.localStorage.removeItem(STORAGE_KEYS.welcomeShown);
    stubChatApi();
    const { user } = renderRoutes({ path: '/chat' });
    expect(await screen.findByRole('dialog', { name: 'Welcome to Lumen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBe('true');
  });

  it('signs out from the settings popover', async () => {
    stubChatApi(createSignOutRoutes());
    const { router, user } = renderRoutes({ path: '/chat' });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
  });

  it('deletes a conversation after confirmation, and starts a new chat when it was open', async () => {
    let remaining = conversations;
    const { findRequests } = stubChatApi({
      'GET /api/conversations': () => jsonResponse({ conversations: remaining }),
      [`GET /api/conversations/${FIRST_ID}`]: jsonResponse({ conversation: conversations[0], messages: [] }),
      [`DELETE /api/conversations/${FIRST_ID}`]: () => {
        remaining = conversations.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { router, user } = renderRoutes({ path: `/chat?c=${FIRST_ID}` });

    await user.click(await screen.findByRole('button', { name: 'Delete conversation Marketing Discussion' }));

    expect(confirm).toHaveBeenCalledWith('Delete the conversation "Marketing Discussion" and its messages?');
    await waitFor(() => expect(findRequests('DELETE', `/api/conversations/${FIRST_ID}`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Marketing Discussion/ })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });
});
