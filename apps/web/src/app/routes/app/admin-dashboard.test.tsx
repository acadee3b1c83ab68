import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { space } from '@/testing/space-fixtures';
import {
  activityEntry,
  sharedFile,
  stubDashboard,
  stubWorkItemsDashboard,
  task,
  teamMember,
  teamStats,
} from '@/testing/team-fixtures';
import { renderRoutes } from '@/testing/test-utils';

const members = [
  teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', role: 'admin', department: 'Engineering' }),
  teamMember({ userId: 'user-2', firstName: 'Grace', lastName: 'Hopper', role: 'team_lead' }),
  teamMember({ userId: 'user-3', firstName: 'Alan', lastName: 'Turing', customDepartment: 'Research' }),
  teamMember({ userId: 'user-4', firstName: 'Edsger', lastName: 'Dijkstra', role: 'viewer', status: 'inactive' }),
  teamMember({ userId: 'user-5', firstName: 'Barbara', lastName: 'Liskov' }),
  teamMember({ userId: 'user-6', firstName: 'Donald', lastName: 'Knuth' }),
];

describe('/admin-dashboard', () => {
  it('greets the admin and shows the team figures with the pending invitations', async () => {
    stubDashboard({ role: 'admin', stats: jsonResponse(teamStats({ pendingInvitationCount: 4 })) });
    renderRoutes({ path: '/admin-dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada')).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: 'Team Members' })).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active Projects' })).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'AI Queries Today' })).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Departments' })).getByText('8')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Pending Invitations' })).getByText('4')).toBeInTheDocument();
  });

  it('offers an admin every Quick Action, Audit Logs included', async () => {
    stubDashboard({ role: 'admin' });
    renderRoutes({ path: '/admin-dashboard' });

    const quickActions = await screen.findByRole('region', { name: 'Quick Actions' });
    const hrefs = within(quickActions)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/team-management?action=invite',
      '/team-management',
      '/spaces-management',
      '/audit',
      '/analytics',
    ]);
    expect(within(quickActions).getByRole('link', { name: 'Invite Team Member' })).toBeInTheDocument();
    expect(within(quickActions).getByRole('link', { name: 'Audit Logs' })).toHaveAttribute('href', '/audit');
    expect(within(quickActions).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
  });

  it('does not offer a team lead the Audit Logs', async () => {
    stubDashboard({ role: 'team_lead' });
    renderRoutes({ path: '/admin-dashboard' });

    const quickActions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(quickActions).getByRole('link', { name: 'Team Management' })).toBeInTheDocument();
    expect(within(quickActions).queryByRole('link', { name: 'Audit Logs' })).not.toBeInTheDocument();
  });

  it('previews the first members with their role and department, and links to all of them', async () => {
    stubDashboard({ role: 'admin', members });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Members' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(within(rows[0] as HTMLElement).getByText(/Ada Lovelace/)).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Engineering')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Admin')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('General')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Team Lead')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Research')).toBeInTheDocument();
    expect(within(panel).queryByText('Donald Knuth')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/team-management?tab=members',
    );
  });

  it('shows the Recent Activity from the audit log, five entries at most', async () => {
    const { findRequests } = stubDashboard({
      role: 'admin',
      activity: [activityEntry({ id: 'a1', actor: { userId: 'user-2', name: 'Grace Hopper' } })],
    });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(panel).findByText('Grace Hopper joined the team as Employee')).toBeInTheDocument();
    expect(findRequests('GET', '/api/teams/current/activity')).toHaveLength(1);
  });

  it('says when the team has no members to show', async () => {
    stubDashboard({ role: 'admin', members: [] });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Members' });
    expect(await within(panel).findByText('No team members yet.')).toBeInTheDocument();
  });
});

describe('/admin-dashboard: Team Tasks and Shared Files', () => {
  it('lists every task of the team with its assignee and status, and every share with its audience', async () => {
    const { fetchMock } = stubWorkItemsDashboard({
      role: 'team_lead',
      members,
      tasks: [
        task({ id: 't1', title: 'Draft the budget', assigneeName: 'Alan Turing', status: 'done', priority: 'high' }),
        task({ id: 't2', title: 'Book the venue', assigneeName: 'Grace Hopper', priority: 'urgent' }),
      ],
      sharedFiles: [
        sharedFile({ id: 'f1', title: 'For Alan', sharedWithUserId: 'user-3', sharedWithName: 'Alan Turing' }),
        sharedFile({ id: 'f2', title: 'For everyone' }),
      ],
    });
    renderRoutes({ path: '/admin-dashboard' });

    const tasksPanel = await screen.findByRole('region', { name: 'Team Tasks' });
    const rows = await within(tasksPanel).findAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Book the venue')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Assigned to Grace Hopper')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('To do')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Assigned to Alan Turing')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Done')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('checkbox')).toBeChecked();

    const filesPanel = screen.getByRole('region', { name: 'Shared Files' });
    expect(await within(filesPanel).findByText('Shared with Alan Turing')).toBeInTheDocument();
    expect(within(filesPanel).getByText('Whole team')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/teams/current/tasks?assignedTo=all');
    expect(urls).toContain('/api/teams/current/shared-files?scope=all');
  });

  it("says 'Failed to load tasks' when the team's tasks cannot be read", async () => {
    stubWorkItemsDashboard({ role: 'admin', tasks: apiErrorResponse(500, 'INTERNAL', 'Something went wrong') });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Tasks' });
    expect(await within(panel).findByText('Failed to load tasks')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lets a manager delete a task', async () => {
    let remaining = [task({ id: 't1', title: 'Obsolete' })];
    const { findRequests } = stubWorkItemsDashboard({
      role: 'admin',
      tasks: () => jsonResponse({ tasks: remaining }),
      routes: {
        'DELETE /api/teams/current/tasks/t1': () => {
          remaining = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    const { user } = renderRoutes({ path: '/admin-dashboard' });

    await user.click(await screen.findByRole('button', { name: 'Delete task "Obsolete"' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    expect(findRequests('DELETE', '/api/teams/current/tasks/t1')).toHaveLength(1);
    const panel = screen.getByRole('region', { name: 'Team Tasks' });
    expect(await within(panel).findByText('No tasks yet. Create one with New Task.')).toBeInTheDocument();
  });
});

describe('/admin-dashboard: New Task', () => {
  async function openNewTask() {
    const rendered = renderRoutes({ path: '/admin-dashboard' });
    await rendered.user.click(await screen.findByRole('button', { name: 'New Task' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'New Task' }) };
  }

  it('requires a title and an assignee, and offers only active members', async () => {
    const { findRequests } = stubWorkItemsDashboard({ role: 'admin', members });
    const { user, dialog } = await openNewTask();

    const assignee = within(dialog).getByLabelText('Assign to');
    await waitFor(() => expect(within(assignee).getAllByRole('option')).toHaveLength(6));
    expect(within(assignee).queryByRole('option', { name: 'Edsger Dijkstra' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');

    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a team member')).toBeInTheDocument();
    expect(findRequests('POST', '/api/teams/current/tasks')).toHaveLength(0);
  });

  it("creates the task, says so, closes and refreshes the team's tasks", async () => {
    let created: ReturnType<typeof task>[] = [];
    const { findRequests } = stubWorkItemsDashboard({
      role: 'admin',
      members,
      tasks: () => jsonResponse({ tasks: created }),
      routes: {
        'POST /api/teams/current/tasks': () => {
          created = [task({ id: 'new', title: 'Plan the offsite', assigneeName: 'Alan Turing', priority: 'high' })];
          return jsonResponse(created[0], 201);
        },
      },
    });
    const { user, dialog } = await openNewTask();

    await user.type(within(dialog).getByLabelText('Title'), '  Plan the offsite ');
    await waitFor(() =>
      expect(within(within(dialog).getByLabelText('Assign to')).getAllByRole('option')).toHaveLength(6),
    );
    await user.selectOptions(within(dialog).getByLabelText('Assign to'), 'Alan Turing');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await user.type(within(dialog).getByLabelText('Due date (optional)'), '2026-10-15');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(findRequests('POST', '/api/teams/current/tasks')[0]?.body).toEqual({
      title: 'Plan the offsite',
      assignedTo: 'user-3',
      priority: 'high',
      dueDate: '2026-10-15',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const panel = screen.getByRole('region', { name: 'Team Tasks' });
    expect(await within(panel).findByText('Plan the offsite')).toBeInTheDocument();
  });

  it("shows the server's refusal as a toast and keeps the dialog open", async () => {
    stubWorkItemsDashboard({
      role: 'team_lead',
      members,
      routes: { 'POST /api/teams/current/tasks': apiErrorResponse(404, 'NOT_FOUND', 'Team member not found') },
    });
    const { user, dialog } = await openNewTask();

    await user.type(within(dialog).getByLabelText('Title'), 'Orphan');
    await waitFor(() =>
      expect(within(within(dialog).getByLabelText('Assign to')).getAllByRole('option')).toHaveLength(6),
    );
    await user.selectOptions(within(dialog).getByLabelText('Assign to'), 'Barbara Liskov');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Team member not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Task' })).toBeInTheDocument();
  });
});

describe('/admin-dashboard: Share File', () => {
  async function openShareFile() {
    const rendered = renderRoutes({ path: '/admin-dashboard' });
    await rendered.user.click(await screen.findByRole('button', { name: 'Share File' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Share File' }) };
  }

  it('requires a title and a URL, and a valid URL', async () => {
    const { findRequests } = stubWorkItemsDashboard({ role: 'admin', members });
    const { user, dialog } = await openShareFile();

    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('URL is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'Roadmap');
    await user.type(within(dialog).getByLabelText('URL'), 'notion.so/roadmap');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    expect(findRequests('POST', '/api/teams/current/shared-files')).toHaveLength(0);
  });

  it("shares with one member, says 'File shared successfully' and closes", async () => {
    const { findRequests } = stubWorkItemsDashboard({
      role: 'admin',
      members,
      routes: { 'POST /api/teams/current/shared-files': jsonResponse(sharedFile(), 201) },
    });
    const { user, dialog } = await openShareFile();

    await user.type(within(dialog).getByLabelText('Title'), 'Roadmap');
    await user.type(within(dialog).getByLabelText('URL'), 'https://notion.so/roadmap');
    await user.selectOptions(within(dialog).getByLabelText('Platform (optional)'), 'Notion');
    await waitFor(() =>
      expect(within(within(dialog).getByLabelText('Share with')).getAllByRole('option')).toHaveLength(6),
    );
    expect(within(dialog).getByLabelText('Share with')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Share with'), 'Grace Hopper');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));

    expect(await screen.findByText('File shared successfully')).toBeInTheDocument();
    expect(findRequests('POST', '/api/teams/current/shared-files')[0]?.body).toEqual({
      title: 'Roadmap',
      url: 'https://notion.so/roadmap',
      platform: 'notion',
      sharedWithUserId: 'user-2',
      spaceId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shares with the members of a space', async () => {
    const { findRequests } = stubWorkItemsDashboard({
      role: 'admin',
      members,
      routes: {
        'POST /api/teams/current/shared-files': jsonResponse(sharedFile(), 201),
        'GET /api/spaces': jsonResponse({ spaces: [space({ id: 'space-9', name: 'Launch Room' })] }),
      },
    });
    const { user, dialog } = await openShareFile();

    await user.type(within(dialog).getByLabelText('Title'), 'Launch checklist');
    await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/checklist');
    const shareWith = within(dialog).getByLabelText('Share with');
    await waitFor(() => expect(within(shareWith).getByRole('option', { name: 'Launch Room' })).toBeInTheDocument());
    await user.selectOptions(shareWith, 'Launch Room');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));

    expect(await screen.findByText('File shared successfully')).toBeInTheDocument();
    expect(findRequests('POST', '/api/teams/current/shared-files')[0]?.body).toMatchObject({
      sharedWithUserId: null,
      spaceId: 'space-9',
    });
  });

  it("shows the server's text, or 'Failed to share file' without one", async () => {
    let attempt = 0;
    stubWorkItemsDashboard({
      role: 'admin',
      members,
      routes: {
        'POST /api/teams/current/shared-files': () => {
          attempt += 1;
          return attempt === 1
            ? apiErrorResponse(403, 'FORBIDDEN', 'Access Denied: not today')
            : new Response('upstream down', { status: 502 });
        },
      },
    });
    const { user, dialog } = await openShareFile();

    await user.type(within(dialog).getByLabelText('Title'), 'Roadmap');
    await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/roadmap');
    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    expect(await screen.findByText('Access Denied: not today')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Share File' }));
    expect(await screen.findByText('Failed to share file')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Share File' })).toBeInTheDocument();
  });
});
