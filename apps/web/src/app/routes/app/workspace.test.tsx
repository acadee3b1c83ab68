import type { RoleState, TeamSearchResult, UserPreferences } from '@lumen/contract';
import { DEFAULT_USER_PREFERENCES } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, type StubRoutes, type stubFetch } from '@/testing/fetch-stub';
import { createSignOutRoutes, documentSummary, roleState, stubSignedIn } from '@/testing/fixtures';
import { integrationList } from '@/testing/integration-fixtures';
import { activityEntry, teamMember, teamStats } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const DOC_IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
] as const;

const stats = teamStats({
  memberCount: 3,
  membersByRole: { admin: 1, team_lead: 0, employee: 2, viewer: 0 },
  aiQueriesThisWeek: 31,
  documentCount: 12,
  readyDocumentCount: 10,
  pendingInvitationCount: 4,
});

/** A signed-in user with this role state; the overview's stats and activity answer unless `routes` say otherwise. */
function stubWorkspace(role: RoleState | (() => Response | Promise<Response>), routes: StubRoutes = {}) {
  return stubSignedIn(role, {
    'GET /api/teams/current/stats': jsonResponse(stats),
    'GET /api/teams/current/activity': jsonResponse({ entries: [activityEntry()], nextCursor: null }),
    ...routes,
  });
}

/** The URLs fetch was called with (the stub's request log drops the query string). */
function requestedUrls(fetchMock: ReturnType<typeof stubFetch>['fetchMock']): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}

describe('/workspace', () => {
  it("shows 'Loading workspace...' while the role loads", async () => {
    stubWorkspace(() => new Promise<Response>(() => {}));
    renderRoutes({ path: '/workspace' });

    expect(await screen.findByText('Loading workspace...')).toBeInTheDocument();
  });

  it('lets a user without a team create one, then shows the team without a reload', async () => {
    let hasTeam = false;
    let finishCreate: () => void = () => {};
    const { findRequests } = stubWorkspace(() => jsonResponse(roleState(hasTeam ? 'admin' : null)), {
      'POST /api/teams': () =>
        new Promise<Response>((resolve) => {
          finishCreate = () => {
            hasTeam = true;
            resolve(
              jsonResponse(
                {
                  team: { id: 'team-1', name: 'Marketing', description: null, createdAt: '2026-11-21T10:00:00.000Z' },
                  roleState: roleState('admin'),
                  message: 'Team created successfully!',
                },
                201,
              ),
            );
          };
        }),
    });
    const { user } = renderRoutes({ path: '/workspace' });

    const submit = await screen.findByRole('button', { name: 'Create Workspace' });
    expect(submit).toBeDisabled();
    const name = screen.getByLabelText('Workspace name');
    await user.type(name, '   ');
    expect(submit).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Marketing');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    finishCreate();

    expect(await screen.findByText('Team created successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Marketing')).toBeInTheDocument();
    expect(findRequests('POST', '/api/teams')[0]?.body).toMatchObject({ name: 'Marketing' });
  });

  it("says 'Failed to create team' when the server gives no reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubWorkspace(roleState(null), { 'POST /api/teams': new Response('', { status: 500 }) });
    const { user } = renderRoutes({ path: '/workspace' });

    await user.type(await screen.findByLabelText('Workspace name'), 'Marketing');
    await user.click(screen.getByRole('button', { name: 'Create Workspace' }));

    expect(await screen.findByText('Failed to create team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Workspace' })).toBeEnabled();
  });

  it('shows the header, real stat cards, quick actions and recent activity', async () => {
    stubWorkspace(roleState('admin'));
    renderRoutes({ path: '/workspace' });

    expect(await screen.findByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/chat');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);

    const membersCard = (await screen.findByText('Team Members')).closest('[data-slot="card"]');
    expect(membersCard).toHaveTextContent('3');
    expect(screen.getByText('AI Queries Today').closest('[data-slot="card"]')).toHaveTextContent('7');
    expect(screen.getByText('Documents', { selector: 'p' }).closest('[data-slot="card"]')).toHaveTextContent('12');
    expect(screen.getByText('Departments').closest('[data-slot="card"]')).toHaveTextContent('8');

    expect(screen.getByRole('link', { name: /AI Chat/ })).toHaveAttribute('href', '/chat');
    expect(await screen.findByText('Grace Hopper joined the team as Employee')).toBeInTheDocument();
    // Real events only: none of the prototype's sample entries.
    expect(screen.queryByText(/AI Query processed/)).not.toBeInTheDocument();
  });

  it('opens the connected-services dialog from the header', async () => {
    stubWorkspace(roleState('employee'), { 'GET /api/integrations': jsonResponse(integrationList()) });
    const { user } = renderRoutes({ path: '/workspace' });

    await user.click(await screen.findByRole('button', { name: 'Connected services' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connected services' });
    expect(await within(dialog).findByRole('heading', { name: 'Google Drive' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Connect' })).toHaveLength(3);
  });

  it('shows the role badge as member when no role is known', async () => {
    stubWorkspace({ ...roleState('employee'), role: null });
    renderRoutes({ path: '/workspace' });

    expect(await screen.findByText('member')).toBeInTheDocument();
  });

  it('hides Team Management from an employee, even when the URL asks for it', async () => {
    stubWorkspace(roleState('employee'));
    const { router } = renderRoutes({ path: '/workspace?tab=team' });

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Analytics', 'Documents', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: /Manage Team/ })).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/workspace?tab=team');
  });

  it('gives managers the Team Management tab, reached from Manage Team, with the URL following', async () => {
    stubWorkspace(roleState('team_lead'), {
      'GET /api/teams/current/members': jsonResponse({
        members: [
          teamMember({
            userId: 'user-1',
            firstName: 'Ada',
            lastName: 'Lovelace',
            role: 'team_lead',
            department: 'Sales',
          }),
          teamMember(),
        ],
      }),
    });
    const { router, user } = renderRoutes({ path: '/workspace' });

    expect(await screen.findByRole('tab', { name: 'Team Management' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Manage Team/ }));

    expect(await screen.findByRole('tab', { name: 'Team Management', selected: true })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/workspace?tab=team');
    const panel = screen.getByRole('tabpanel', { name: 'Team Management' });
    const grace = (await within(panel).findByText('Grace Hopper')).closest('li');
    expect(grace).toHaveTextContent('General');
    expect(grace).toHaveTextContent('Employee');
    expect(within(panel).getByText('Ada Lovelace').closest('li')).toHaveTextContent('Sales');
    expect(screen.getByRole('link', { name: 'Invite Team Member' })).toHaveAttribute(
      'href',
      '/team-management?action=invite',
    );
    expect(screen.getByRole('link', { name: 'Open Team Management' })).toHaveAttribute('href', '/team-management');
    // Integration requests are the admins' to answer.
    expect(within(panel).queryByRole('heading', { name: 'Integration Requests' })).not.toBeInTheDocument();
  });

  it("shows an admin the team's open integration requests in the Team Management tab", async () => {
    stubWorkspace(roleState('admin'), {
      'GET /api/teams/current/members': jsonResponse({ members: [teamMember()] }),
      'GET /api/integration-requests': jsonResponse({
        requests: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            platform: 'Jira',
            purpose: 'Support tickets',
            urgency: 'high',
            status: 'open',
            requestedBy: 'user-2',
            requesterName: 'Grace Hopper',
            createdAt: '2026-11-20T09:30:00.000Z',
            decidedAt: null,
            deciderName: null,
          },
        ],
        nextCursor: null,
      }),
    });
    renderRoutes({ path: '/workspace?tab=team' });

    const panel = await screen.findByRole('tabpanel', { name: 'Team Management' });
    expect(await within(panel).findByRole('heading', { name: 'Integration Requests' })).toBeInTheDocument();
    const jira = await within(panel).findByRole('listitem', { name: 'Jira' });
    expect(jira).toHaveTextContent('Support tickets');
    expect(within(jira).getByRole('button', { name: 'Mark Planned' })).toBeEnabled();
  });

  it('opens the tab named in the URL, and the quick actions switch tabs', async () => {
    stubWorkspace(roleState('admin'), {
      'GET /api/me/preferences': jsonResponse(DEFAULT_USER_PREFERENCES),
    });
    const { router, user } = renderRoutes({ path: '/workspace?tab=analytics' });

    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Members by role')).toBeInTheDocument();
    expect(screen.getByText('AI Queries (last 7 days)').closest('[data-slot="card"]')).toHaveTextContent('31');
    expect(screen.getByText('10 of 12 ready to search')).toBeInTheDocument();
    expect(screen.getByText('Pending invitations').closest('[data-slot="card"]')).toHaveTextContent('4');

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: /Workspace Settings/ }));
    expect(await screen.findByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/workspace?tab=settings');
  });

  describe('search', () => {
    const results: TeamSearchResult = {
      members: [teamMember()],
      spaces: [{ id: 'space-1', name: 'Design', description: 'Brand work' }],
      documents: [
        { id: DOC_IDS[0], title: 'Grace notes.pdf', mimeType: 'application/pdf', createdAt: '2026-11-20T10:00:00Z' },
      ],
    };

    it('searches members, spaces and documents once typing pauses, and lists them by group', async () => {
      const { fetchMock, findRequests } = stubWorkspace(roleState('employee'), {
        'GET /api/teams/current/search': jsonResponse(results),
      });
      const { user } = renderRoutes({ path: '/workspace' });

      await user.type(await screen.findByRole('searchbox', { name: 'Search the workspace' }), 'gra');

      const panel = await screen.findByRole('region', { name: 'Search results' });
      const members = await within(panel).findByRole('region', { name: 'Members' });
      expect(within(members).getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute(
        'href',
        '/team-management?tab=members',
      );
      const spaces = within(panel).getByRole('region', { name: 'Spaces' });
      expect(within(spaces).getByRole('link', { name: /Design/ })).toHaveAttribute('href', '/spaces/Design');
      const documents = within(panel).getByRole('region', { name: 'Documents' });
      const documentLink = within(documents).getByRole('link', { name: /Grace notes\.pdf/ });
      expect(documentLink).toHaveAttribute('href', `/api/documents/${DOC_IDS[0]}/content`);
      expect(documentLink).toHaveAttribute('target', '_blank');

      // Debounced: one request for the whole word.
      expect(findRequests('GET', '/api/teams/current/search')).toHaveLength(1);
      expect(requestedUrls(fetchMock)).toContain('/api/teams/current/search?q=gra');
    });

    it('says when nothing matches, and Escape clears the search', async () => {
      stubWorkspace(roleState('employee'), {
        'GET /api/teams/current/search': jsonResponse({ members: [], spaces: [], documents: [] }),
      });
      const { user } = renderRoutes({ path: '/workspace' });

      const box = await screen.findByRole('searchbox', { name: 'Search the workspace' });
      await user.type(box, 'zzz');
      expect(await screen.findByText('No members, spaces or documents match "zzz".')).toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(box).toHaveValue('');
      expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
    });

    it('shows each group with its empty text when only some groups match', async () => {
      stubWorkspace(roleState('employee'), {
        'GET /api/teams/current/search': jsonResponse({ ...results, spaces: [], documents: [] }),
      });
      const { user } = renderRoutes({ path: '/workspace' });

      await user.type(await screen.findByRole('searchbox', { name: 'Search the workspace' }), 'grace');

      expect(await screen.findByText('No matching spaces')).toBeInTheDocument();
      expect(screen.getByText('No matching documents')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Grace Hopper/ })).toBeInTheDocument();
    });
  });

  describe('settings', () => {
    function stubSettings(put: (body: unknown) => Response) {
      let saved: UserPreferences = { ...DEFAULT_USER_PREFERENCES };
      return stubWorkspace(roleState('employee'), {
        'GET /api/me/preferences': () => jsonResponse(saved),
        'PUT /api/me/preferences': ({ body }) => {
          const response = put(body);
          if (response.ok) saved = { ...saved, ...(body as Partial<UserPreferences>) };
          return response.ok ? jsonResponse(saved) : response;
        },
      });
    }

    it('shows the workspace name and role read-only, with the administrator note', async () => {
      stubSettings(() => jsonResponse({}));
      renderRoutes({ path: '/workspace?tab=settings' });

      expect(await screen.findByLabelText('Workspace Name')).toHaveValue('Marketing');
      expect(screen.getByLabelText('Workspace Name')).toHaveAttribute('readonly');
      expect(screen.getByLabelText('Your Role')).toHaveValue('Employee');
      expect(
        screen.getByText('Contact your workspace administrator to change workspace settings or roles.'),
      ).toBeInTheDocument();
    });

    it("uses 'Enterprise Workspace' when the team has no name", async () => {
      stubWorkspace(
        { ...roleState('employee'), teamName: null },
        {
          'GET /api/me/preferences': jsonResponse(DEFAULT_USER_PREFERENCES),
        },
      );
      renderRoutes({ path: '/workspace?tab=settings' });

      expect(await screen.findByLabelText('Workspace Name')).toHaveValue('Enterprise Workspace');
    });

    it('saves a switch when it is toggled', async () => {
      const { findRequests } = stubSettings(() => jsonResponse({}));
      const { user } = renderRoutes({ path: '/workspace?tab=settings' });

      const emailSwitch = await screen.findByRole('switch', { name: 'Email Notifications' });
      await waitFor(() => expect(emailSwitch).toBeEnabled());
      expect(emailSwitch).toBeChecked();
      expect(screen.getByRole('switch', { name: 'Auto-save Documents' })).toBeChecked();

      await user.click(emailSwitch);

      await waitFor(() => expect(findRequests('PUT', '/api/me/preferences')).toHaveLength(1));
      expect(findRequests('PUT', '/api/me/preferences')[0]?.body).toEqual({ emailNotifications: false });
      await waitFor(() => expect(emailSwitch).toBeEnabled());
      expect(emailSwitch).not.toBeChecked();
    });

    it('puts a switch back and says so when the change cannot be saved', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { findRequests } = stubSettings(() => apiErrorResponse(500, 'INTERNAL', 'Database unavailable'));
      const { user } = renderRoutes({ path: '/workspace?tab=settings' });

      const autoSave = await screen.findByRole('switch', { name: 'Auto-save Documents' });
      await waitFor(() => expect(autoSave).toBeEnabled());
      await user.click(autoSave);

      expect(await screen.findByText('Your preferences could not be saved.')).toBeInTheDocument();
      expect(findRequests('PUT', '/api/me/preferences')[0]?.body).toEqual({ autoSaveDocuments: false });
      await waitFor(() => expect(autoSave).toBeChecked());
    });

    it('saves the app language and switches the interface to it', async () => {
      const { findRequests } = stubSettings(() => jsonResponse({}));
      const { user } = renderRoutes({ path: '/workspace?tab=settings' });

      const select = await screen.findByRole('combobox', { name: 'App Language' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['English', 'Spanish', 'French', 'German']);
      await user.selectOptions(select, 'es');

      expect(await screen.findByRole('tab', { name: 'Configuración' })).toBeInTheDocument();
      expect(findRequests('PUT', '/api/me/preferences')[0]?.body).toEqual({ language: 'es' });
    });

    it('signs out from the Settings tab and goes to /auth', async () => {
      stubWorkspace(roleState('employee'), {
        ...createSignOutRoutes(),
        'GET /api/me/preferences': jsonResponse(DEFAULT_USER_PREFERENCES),
      });
      const { router, user } = renderRoutes({ path: '/workspace?tab=settings' });

      const panel = await screen.findByRole('tabpanel', { name: 'Settings' });
      await user.click(await within(panel).findByRole('button', { name: 'Sign Out' }));

      expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
      await waitFor(() => expect(currentPath(router)).toBe('/auth'));
    });
  });

  describe('documents', () => {
    it("lists the user's documents, newest first, and loads more", async () => {
      const pages = [
        {
          documents: [
            documentSummary(DOC_IDS[0], 'Roadmap.pdf', {
              status: 'ready',
              fileSize: 2048,
              createdAt: '2026-11-21T09:00:00.000Z',
            }),
            documentSummary(DOC_IDS[1], 'Notes', {
              mimeType: 'text/plain',
              status: 'processing',
              fileSize: 512,
              createdAt: '2026-11-20T09:00:00.000Z',
            }),
          ],
          nextCursor: 'cursor-1',
        },
        {
          documents: [
            documentSummary(DOC_IDS[2], 'Budget.xlsx', {
              mimeType: null,
              status: 'failed',
              error: 'The file could not be read',
              fileSize: null,
              createdAt: '2026-11-01T09:00:00.000Z',
            }),
          ],
          nextCursor: null,
        },
      ];
      let page = 0;
      const { fetchMock } = stubWorkspace(roleState('employee'), {
        'GET /api/documents': () => jsonResponse(pages[page++]),
      });
      const { user } = renderRoutes({ path: '/workspace?tab=documents' });

      const roadmap = await screen.findByRole('link', { name: /Roadmap\.pdf/ });
      expect(roadmap).toHaveAttribute('href', `/api/documents/${DOC_IDS[0]}/content`);
      expect(roadmap).toHaveAttribute('target', '_blank');
      const rows = screen.getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent(/Roadmap\.pdf.*PDF.*Ready.*2\.00 KB/);
      expect(rows[1]).toHaveTextContent(/Notes.*TXT.*Processing.*512 B/);
      expect(screen.getByRole('link', { name: 'Upload in AI Chat' })).toHaveAttribute('href', '/chat');

      await user.click(screen.getByRole('button', { name: 'Load more' }));

      expect(await screen.findByRole('link', { name: /Budget\.xlsx/ })).toBeInTheDocument();
      expect(screen.getAllByRole('row').slice(1)[2]).toHaveTextContent(/Budget\.xlsx.*XLSX.*Failed.*—/);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      const documentUrls = requestedUrls(fetchMock).filter((url) => url.startsWith('/api/documents'));
      expect(documentUrls).toEqual(['/api/documents?limit=20', '/api/documents?limit=20&cursor=cursor-1']);
    });

    it('shows an empty state with the way to upload', async () => {
      stubWorkspace(roleState('employee'), {
        'GET /api/documents': jsonResponse({ documents: [], nextCursor: null }),
      });
      renderRoutes({ path: '/workspace?tab=documents' });

      expect(await screen.findByText('No documents yet')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });
  });

  it('signs out from the header and goes to /auth', async () => {
    stubWorkspace(roleState('employee'), createSignOutRoutes());
    const { router, user } = renderRoutes({ path: '/workspace' });

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
  });
});
