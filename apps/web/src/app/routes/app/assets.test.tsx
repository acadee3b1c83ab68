import type { DocumentListResponse, DocumentStatus, DocumentSummary, Role } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse, type StubRequest, type StubRoutes } from '@/testing/fetch-stub';
import { documentSummary, stubSignedIn, uploadedFile } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const REPORT_ID = '5b0f4a34-0000-4000-8000-000000000001';
const BUDGET_ID = '5b0f4a34-0000-4000-8000-000000000002';
const NOTES_ID = '5b0f4a34-0000-4000-8000-000000000003';

const report = documentSummary(REPORT_ID, 'Quarterly report.pdf', {
  status: 'ready',
  fileSize: 1536,
  source: 'google-drive',
});
const budget = documentSummary(BUDGET_ID, 'Budget.xlsx', {
  status: 'ready',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  source: 'space',
  spaceId: 'space-1',
  tags: ['AI-processed'],
});
const notes = documentSummary(NOTES_ID, 'Notes.txt', { status: 'ready', mimeType: 'text/plain' });

type ListDocuments = (query: URLSearchParams) => DocumentListResponse;

/** A last page of documents. */
function page(...documents: DocumentSummary[]): DocumentListResponse {
  return { documents, nextCursor: null };
}

const onePage =
  (...documents: DocumentSummary[]): ListDocuments =>
  () =>
    page(...documents);

/** The file a POST /api/files carries (the hub sends one per request). */
function sentFile(init: RequestInit | undefined): File {
  if (!(init?.body instanceof FormData)) throw new Error('POST /api/files without a form');
  return init.body.get('files') as File;
}

/** The hub's endpoints; `listDocuments` answers GET /api/documents from its query string. */
function stubHub({
  role = 'employee',
  listDocuments = onePage(report, budget),
  routes = {},
}: {
  role?: Role;
  listDocuments?: ListDocuments;
  routes?: StubRoutes;
} = {}) {
  const stub = stubSignedIn(role, {
    // The handler runs inside the fetch call, so the last call is this request, with its query string.
    'GET /api/documents': () => jsonResponse(listDocuments(lastRequestUrl().searchParams)),
    ...routes,
  });
  function lastRequestUrl(): URL {
    const input = stub.fetchMock.mock.lastCall?.[0];
    return new URL(String(input), 'http://x');
  }
  /** The query strings of every GET /api/documents so far. */
  const listQueries = () =>
    stub.fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://x'), method: init?.method ?? 'GET' }))
      .filter(({ url, method }) => method === 'GET' && url.pathname === '/api/documents')
      .map(({ url }) => url.searchParams);
  /** The names of the files each POST /api/files sent. */
  const uploadedNames = () =>
    stub.fetchMock.mock.calls
      .filter(([input, init]) => String(input) === '/api/files' && init?.method === 'POST')
      .map(([, init]) => sentFile(init).name);
  return { ...stub, listQueries, uploadedNames };
}

async function openHub(path = '/assets') {
  const rendered = renderRoutes({ path });
  await screen.findByRole('heading', { level: 1, name: 'Assets', hidden: true });
  return rendered;
}

function card(title: string) {
  return screen.getByRole('article', { name: title });
}

describe('/assets', () => {
  it('lists the documents with their details, tags and actions, and the way back to the chat', async () => {
    stubHub();
    const { user, router } = await openHub();

    const reportCard = await screen.findByRole('article', { name: 'Quarterly report.pdf' });
    for (const text of ['PDF', '1.50 KB', 'Google Drive', 'Ready']) {
      expect(within(reportCard).getByText(text)).toBeInTheDocument();
    }
    expect(within(reportCard).getByText('Last modified')).toBeInTheDocument();
    expect(within(reportCard).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/api/documents/${REPORT_ID}/content`,
    );
    expect(within(reportCard).getByRole('link', { name: 'View' })).toHaveAttribute('target', '_blank');
    expect(within(reportCard).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'download',
      'Quarterly report.pdf',
    );
    const budgetCard = card('Budget.xlsx');
    expect(within(budgetCard).getByText('Excel')).toBeInTheDocument();
    expect(within(budgetCard).getByText('Space')).toBeInTheDocument();
    expect(within(budgetCard).getByText('AI-processed')).toBeInTheDocument();
    // Employees manage neither the team nor the spaces' roles.
    expect(screen.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Chat' }));
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('gives managers the Manage button to team management and Manage on space files', async () => {
    stubHub({ role: 'team_lead' });
    const { user, router } = await openHub();

    const budgetCard = await screen.findByRole('article', { name: 'Budget.xlsx' });
    expect(within(budgetCard).getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      '/role-management/space-1',
    );
    expect(within(card('Quarterly report.pdf')).queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();

    const teamManage = screen
      .getAllByRole('link', { name: 'Manage' })
      .find((link) => link.getAttribute('href') === '/team-management');
    expect(teamManage).toBeDefined();
    await user.click(teamManage as HTMLElement);
    await waitFor(() => expect(currentPath(router)).toBe('/team-management'));
  });

  it('sends the search (debounced), platform, type and processed filters to the server', async () => {
    const { listQueries } = stubHub({
      listDocuments: (query) => (query.get('q') === 'report' ? page(report) : page(report, budget)),
    });
    const { user, router } = await openHub();
    await screen.findByRole('article', { name: 'Budget.xlsx' });
    expect(Object.fromEntries(listQueries()[0] ?? [])).toEqual({ limit: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'report');
    // One request for the whole word, not one per key. (The list can leave before the request is recorded: the new
    // query key shows the loading state first, so both are awaited.)
    await waitFor(() =>
      expect(
        listQueries()
          .filter((query) => query.has('q'))
          .map((query) => query.get('q')),
      ).toEqual(['report']),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Budget.xlsx' })).not.toBeInTheDocument());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'Google Drive');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Word');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Processing' }), 'Processed');
    await waitFor(() =>
      expect(Object.fromEntries(listQueries().at(-1) ?? [])).toEqual({
        limit: '20',
        q: 'report',
        source: 'google-drive',
        type: 'word',
        processed: 'processed',
      }),
    );
    expect(currentPath(router)).toBe('/assets?filter=processed');

    const platforms = within(screen.getByRole('combobox', { name: 'Platform' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(platforms).toEqual([
      'All',
      'Google Drive',
      'OneDrive',
      'Dropbox',
      'Notion',
      'Slack',
      'Confluence',
      'Uploads',
      'Spaces',
    ]);
    const types = within(screen.getByRole('combobox', { name: 'Type' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(types).toEqual(['All', 'PDF', 'Word', 'Excel', 'PowerPoint', 'Image', 'Archive']);
  });

  it('starts with the processed filter of ?filter= (the sidebar links)', async () => {
    const { listQueries } = stubHub({ listDocuments: onePage(report) });
    await openHub('/assets?filter=unprocessed');

    await screen.findByRole('article', { name: 'Quarterly report.pdf' });
    expect(listQueries().map((query) => query.get('processed'))).toEqual(['unprocessed']);
    expect(screen.getByRole('combobox', { name: 'Processing' })).toHaveValue('unprocessed');
  });

  it("shows 'No documents found' when nothing matches", async () => {
    stubHub({ listDocuments: onePage() });
    await openHub();

    expect(await screen.findByRole('heading', { name: 'No documents found' })).toBeInTheDocument();
  });

  it("loads the next page with 'Load more'", async () => {
    const { listQueries } = stubHub({
      listDocuments: (query) =>
        query.get('cursor') === 'page-2'
          ? { documents: [notes], nextCursor: null }
          : { documents: [report, budget], nextCursor: 'page-2' },
    });
    const { user } = await openHub();
    await screen.findByRole('article', { name: 'Budget.xlsx' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: 'Notes.txt' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Quarterly report.pdf' })).toBeInTheDocument();
    expect(listQueries().at(-1)?.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks to select assets first, then processes the selection and follows the status until it is ready', async () => {
    let processedIds: string[] = [];
    let listCallsAfterProcessing = 0;
    const { findRequests } = stubHub({
      listDocuments: () => {
        if (processedIds.length === 0) return page(report, notes);
        listCallsAfterProcessing += 1;
        // Processing queues the ingestion again: pending first, ready on a later look.
        const status: DocumentStatus = listCallsAfterProcessing === 1 ? 'pending' : 'ready';
        const tagged = (document: DocumentSummary) =>
          processedIds.includes(document.id) ? { ...document, status, tags: ['AI-processed'] } : document;
        return page(tagged(report), tagged(notes));
      },
      routes: {
        'POST /api/documents/process': (request: StubRequest) => {
          processedIds = (request.body as { documentIds: string[] }).documentIds;
          return jsonResponse({
            documents: [{ ...report, status: 'pending', tags: ['AI-processed'] }],
          });
        },
      },
    });
    const { user } = await openHub();
    await screen.findByRole('article', { name: 'Quarterly report.pdf' });

    await user.click(screen.getByRole('button', { name: 'Process' }));
    expect(await screen.findByText('Please select assets to process')).toBeInTheDocument();
    expect(findRequests('POST', '/api/documents/process')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Select Quarterly report.pdf' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Process' }));

    expect(await screen.findByText('Processing started for the selected assets: 1')).toBeInTheDocument();
    expect(findRequests('POST', '/api/documents/process')[0]?.body).toEqual({ documentIds: [REPORT_ID] });
    const reportCard = card('Quarterly report.pdf');
    expect(await within(reportCard).findByText('AI-processed')).toBeInTheDocument();
    expect(within(reportCard).getByText('Pending')).toBeInTheDocument();
    expect(within(card('Notes.txt')).queryByText('AI-processed')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Quarterly report.pdf' })).not.toBeChecked();
    // The list asks again every 3 seconds while a document is pending.
    expect(await within(reportCard).findByText('Ready', {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it('selects every visible document at once', async () => {
    const { findRequests } = stubHub({
      listDocuments: onePage(report, notes),
      routes: { 'POST /api/documents/process': jsonResponse({ documents: [] }) },
    });
    const { user } = await openHub();
    await screen.findByRole('article', { name: 'Notes.txt' });

    await user.click(screen.getByRole('checkbox', { name: 'Select all visible' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Process' }));

    await waitFor(() => expect(findRequests('POST', '/api/documents/process')).toHaveLength(1));
    expect(findRequests('POST', '/api/documents/process')[0]?.body).toEqual({ documentIds: [REPORT_ID, NOTES_ID] });
  });

  it("shares a document's link with the team for managers", async () => {
    let shareAttempts = 0;
    const { findRequests } = stubHub({
      role: 'admin',
      routes: {
        'POST /api/teams/current/shared-files': () => {
          shareAttempts += 1;
          if (shareAttempts > 1) return apiErrorResponse(500, 'INTERNAL', 'Boom');
          return jsonResponse(
            {
              id: 'share-1',
              title: report.title,
              url: `${window.location.origin}/api/documents/${REPORT_ID}/content`,
              platform: 'google-drive',
              sharedWithUserId: null,
              sharedWithName: null,
              spaceId: null,
              spaceName: null,
              sharedBy: 'user-1',
              sharerName: 'Ada Lovelace',
              createdAt: '2026-11-21T10:00:00.000Z',
            },
            201,
          );
        },
      },
    });
    const { user } = await openHub();
    const reportCard = await screen.findByRole('article', { name: 'Quarterly report.pdf' });

    await user.click(within(reportCard).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('File shared successfully')).toBeInTheDocument();
    expect(findRequests('POST', '/api/teams/current/shared-files')[0]?.body).toEqual({
      title: 'Quarterly report.pdf',
      url: `${window.location.origin}/api/documents/${REPORT_ID}/content`,
      platform: 'google-drive',
    });

    await user.click(within(reportCard).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Failed to share file')).toBeInTheDocument();
  });

  it('copies the link to the clipboard for members who do not manage the team', async () => {
    const { findRequests } = stubHub({ role: 'employee' });
    const { user } = await openHub();
    const reportCard = await screen.findByRole('article', { name: 'Quarterly report.pdf' });

    await user.click(within(reportCard).getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/api/documents/${REPORT_ID}/content`);
    expect(findRequests('POST', '/api/teams/current/shared-files')).toHaveLength(0);
  });

  it('opens the upload dialog from ?action=upload, uploads each file with the refusals of the server, and refreshes', async () => {
    let uploads = 0;
    const { listQueries, uploadedNames, fetchMock } = stubHub({
      routes: {
        'POST /api/files': () => {
          uploads += 1;
          const file = sentFile(fetchMock.mock.lastCall?.[1]);
          if (file.name === 'huge.pdf')
            return apiErrorResponse(413, 'PAYLOAD_TOO_LARGE', 'huge.pdf is larger than 50 MB.');
          return jsonResponse(
            { files: [uploadedFile(`5b0f4a34-0000-4000-8000-00000000010${uploads}`, file.name, file.size)] },
            201,
          );
        },
      },
    });
    const { user, router } = await openHub('/assets?action=upload');

    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });
    await user.upload(within(dialog).getByLabelText('Choose files'), [
      new File(['a'], 'plan.pdf', { type: 'application/pdf' }),
      new File(['b'], 'huge.pdf', { type: 'application/pdf' }),
    ]);
    const listCallsBefore = listQueries().length;
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByText('huge.pdf is larger than 50 MB.')).toBeInTheDocument();
    expect(uploadedNames()).toEqual(['plan.pdf', 'huge.pdf']);
    expect(await screen.findByText('Files uploaded: 1')).toBeInTheDocument();
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(listCallsBefore));
    // A refusal keeps the dialog open with its reason.
    expect(screen.getByRole('dialog', { name: 'Upload Files' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/assets');
  });

  it('closes the upload dialog once every file is stored', async () => {
    let uploads = 0;
    const { fetchMock } = stubHub({
      routes: {
        'POST /api/files': () => {
          uploads += 1;
          const file = sentFile(fetchMock.mock.lastCall?.[1]);
          return jsonResponse(
            { files: [uploadedFile(`5b0f4a34-0000-4000-8000-00000000020${uploads}`, file.name, file.size)] },
            201,
          );
        },
      },
    });
    const { user } = await openHub();
    await screen.findByRole('article', { name: 'Budget.xlsx' });

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Files' });
    await user.upload(within(dialog).getByLabelText('Choose files'), [
      new File(['a'], 'one.pdf', { type: 'application/pdf' }),
      new File(['b'], 'two.docx'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Files uploaded: 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
