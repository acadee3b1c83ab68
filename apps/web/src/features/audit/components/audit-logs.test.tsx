import { type AuditEntry, type AuditLogPage, auditExportFileName } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { AuditLogs } from './audit-logs';

const LOGS = '/api/audit/logs';
const EXPORT = '/api/audit/export';

function entry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `entry-${n}`,
    createdAt: `2026-11-21T09:${String(n).padStart(2, '0')}:00.000Z`,
    action: 'file_edit',
    severity: 'medium',
    resourceType: 'file',
    resourceId: `file-${n}`,
    actor: { userId: 'user-grace', name: 'Grace Hopper', email: 'grace@example.com' },
    description: `Grace Hopper edited report-${n}.pdf`,
    oldValues: { title: 'Draft' },
    newValues: { title: 'Final' },
    metadata: { via: 'web' },
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    ...overrides,
  };
}

function page(entries: AuditEntry[], nextCursor: string | null = null): AuditLogPage {
  return { entries, nextCursor };
}

/** The body rows of the audit table (the header row left out). */
function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Audit log' });
  return within(table).getAllByRole('row').slice(1);
}

/** Records the links the view clicks to save a file, instead of letting jsdom try to navigate. */
function captureDownloads() {
  const downloads: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
  return downloads;
}

beforeAll(async () => {
  await loadNamespaces(['audit']);
});

let createObjectURL = vi.fn((_blob: Blob) => 'blob:audit-export');

beforeEach(() => {
  // jsdom has no object URLs.
  createObjectURL = vi.fn((_blob: Blob) => 'blob:audit-export');
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: createObjectURL });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
});

describe('AuditLogs', () => {
  it("shows the last 7 days' entries with their user, action, resource, severity and description", async () => {
    const stub = stubFetch({
      [`GET ${LOGS}`]: jsonResponse(
        page([
          entry(3, { action: 'permission_change', severity: 'critical', description: '<b>Role</b> changed' }),
          entry(2, { actor: null, action: 'user_login_failed', severity: 'high', resourceType: 'auth' }),
          entry(1, { actor: { userId: 'user-gone', name: '', email: null }, severity: 'info', resourceId: null }),
        ]),
      ),
    });
    renderWithProviders(<AuditLogs />);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'User', 'Action', 'Resource', 'Severity', 'Description']);
    const [critical, system, deleted] = bodyRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(bodyRows()).toHaveLength(3);
    const cells = within(critical).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Grace Hopper');
    expect(cells[1]).toHaveTextContent('grace@example.com');
    expect(cells[2]).toHaveTextContent('Permission change');
    expect(cells[3]).toHaveTextContent('file');
    expect(cells[3]).toHaveTextContent('file-3');
    expect(cells[4]).toHaveTextContent('Critical');
    // The description is text, never markup.
    expect(cells[5]).toHaveTextContent('<b>Role</b> changed');
    expect(cells[5]?.querySelector('b')).toBeNull();
    expect(within(system).getByText('System')).toBeInTheDocument();
    expect(within(system).getByText('User login failed')).toBeInTheDocument();
    expect(within(system).getByText('High')).toBeInTheDocument();
    expect(within(deleted).getByText('Deleted user')).toBeInTheDocument();
    expect(within(deleted).getByText('Info')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('');
    expect(stub.findRequests('GET', LOGS).map((request) => request.search)).toEqual(['?range=7d']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks the server again for each range, action and severity chosen', async () => {
    const stub = stubFetch({ [`GET ${LOGS}`]: () => jsonResponse(page([entry(1)])) });
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });
    const searches = () => stub.findRequests('GET', LOGS).map((request) => request.search);

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(searches().at(-1)).toBe('?range=30d'));

    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(within(action).getByRole('option', { name: 'File delete' })).toHaveValue('file_delete');
    await user.selectOptions(action, 'File delete');
    await waitFor(() => expect(searches().at(-1)).toBe('?range=30d&action=file_delete'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'High');
    await waitFor(() => expect(searches().at(-1)).toBe('?range=30d&action=file_delete&severity=high'));

    await user.selectOptions(action, 'All actions');
    await waitFor(() => expect(searches().at(-1)).toBe('?range=30d&severity=high'));

    await user.click(screen.getByRole('button', { name: 'Last 24 hours' }));
    await waitFor(() => expect(searches().at(-1)).toBe('?range=1d&severity=high'));
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('loads the next 100 with the cursor of the page before, until there are no more', async () => {
    const stub = stubFetch({
      [`GET ${LOGS}`]: ({ search }) =>
        search.includes('cursor=')
          ? jsonResponse(page([entry(1, { description: 'The oldest entry' })]))
          : jsonResponse(page([entry(3), entry(2)], 'cursor-page-2')),
    });
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });
    expect(bodyRows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The oldest entry')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(3);
    expect(stub.findRequests('GET', LOGS).map((request) => request.search)).toEqual([
      '?range=7d',
      '?range=7d&cursor=cursor-page-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opens a row to its old and new values, metadata, IP address and user agent, as text', async () => {
    stubFetch({
      [`GET ${LOGS}`]: jsonResponse(
        page([entry(1, { metadata: { note: '<img src=x onerror=alert(1)>' } }), entry(2, { oldValues: null })]),
      ),
    });
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });
    const [first] = bodyRows() as [HTMLElement];
    const toggle = within(first).getByRole('button', { name: /^Details of File edit at / });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Old values')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    const panel = within(details as HTMLElement);
    expect(panel.getByText('Old values')).toBeInTheDocument();
    expect(panel.getByText(/"title": "Draft"/)).toBeInTheDocument();
    expect(panel.getByText('New values')).toBeInTheDocument();
    expect(panel.getByText(/"title": "Final"/)).toBeInTheDocument();
    expect(panel.getByText('Metadata')).toBeInTheDocument();
    expect(panel.getByText(/"note": "<img src=x onerror=alert\(1\)>"/)).toBeInTheDocument();
    expect((details as HTMLElement).querySelector('img')).toBeNull();
    expect(panel.getByText('203.0.113.7')).toBeInTheDocument();
    expect(panel.getByText('Mozilla/5.0 (X11; Linux x86_64)')).toBeInTheDocument();

    // The second row, without old values, says so.
    const second = bodyRows().find((row) => row.textContent?.includes('report-2.pdf')) as HTMLElement;
    await user.click(within(second).getByRole('button', { name: /^Details of/ }));
    const secondDetails = document.getElementById(
      within(second)
        .getByRole('button', { name: /^Details of/ })
        .getAttribute('aria-controls') ?? '',
    );
    expect(within(secondDetails as HTMLElement).getByText('None')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(details?.id ?? '')).toBeNull();
  });

  it("says 'Failed to load audit data' when the log cannot be read, and tries again on demand", async () => {
    let isDown = true;
    const stub = stubFetch({
      [`GET ${LOGS}`]: () =>
        isDown
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
          : jsonResponse(page([])),
    });
    const { user } = renderWithProviders(<AuditLogs />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load audit data')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No audit entries in this range.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stub.findRequests('GET', LOGS)).toHaveLength(2);
  });

  it("says 'Failed to export data' with the server's reason when an export is refused", async () => {
    const stub = stubFetch({
      [`GET ${LOGS}`]: jsonResponse(page([entry(1)])),
      [`GET ${EXPORT}`]: apiErrorResponse(
        403,
        'FORBIDDEN',
        'Access Denied - Only administrators can access audit logs.',
        'AUDIT_ADMINS_ONLY',
      ),
    });
    const downloads = captureDownloads();
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to export data');
    expect(alert).toHaveTextContent('Access Denied - Only administrators can access audit logs.');
    expect(downloads).toEqual([]);
    expect(stub.findRequests('GET', EXPORT).map((request) => request.search)).toEqual(['?format=csv&range=7d']);
    // The buttons are usable again.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("says only 'Failed to export data' when the server is unreachable", async () => {
    stubFetch({ [`GET ${LOGS}`]: jsonResponse(page([entry(1)])) });
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });
    // Replaced after the log has loaded: only the export's request fails.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to export data');
  });

  it('downloads the filtered export under the name the server gives, the buttons waiting meanwhile', async () => {
    let finishExport: (response: Response) => void = () => {};
    const stub = stubFetch({
      [`GET ${LOGS}`]: () => jsonResponse(page([entry(1)])),
      [`GET ${EXPORT}`]: () =>
        new Promise<Response>((resolve) => {
          finishExport = resolve;
        }),
    });
    const downloads = captureDownloads();
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'Critical');
    await screen.findByRole('table', { name: 'Audit log' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Exporting…')).toBeInTheDocument();

    finishExport(
      new Response('Timestamp,User,Action,Resource Type,Severity,Description\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="audit-logs-2026-11-29.csv"',
        },
      }),
    );
    await waitFor(() =>
      expect(downloads).toEqual([{ href: 'blob:audit-export', download: 'audit-logs-2026-11-29.csv' }]),
    );
    // The file is what the server streamed (Node's Blob here, not jsdom's, so read rather than type-checked).
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe(
      'Timestamp,User,Action,Resource Type,Severity,Description\n',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(stub.findRequests('GET', EXPORT).map((request) => request.search)).toEqual([
      '?format=csv&range=30d&severity=critical',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("names a JSON export audit-logs-<today>.json when the server's header is not readable", async () => {
    stubFetch({
      [`GET ${LOGS}`]: jsonResponse(page([entry(1)])),
      [`GET ${EXPORT}`]: () => new Response('[]', { headers: { 'Content-Type': 'application/json' } }),
    });
    const downloads = captureDownloads();
    const { user } = renderWithProviders(<AuditLogs />);
    await screen.findByRole('table', { name: 'Audit log' });

    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(downloads.map((download) => download.download)).toEqual([auditExportFileName('json')]));
  });
});
