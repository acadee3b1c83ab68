import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import {
  activityEntry,
  sharedFile,
  stubDashboard,
  stubWorkItemsDashboard,
  task,
  teamMember,
} from '@/testing/team-fixtures';
import { renderRoutes } from '@/testing/test-utils';

async function findYourWorkspace() {
  return screen.findByRole('region', { name: 'Your Workspace' });
}

describe('/employee-dashboard', () => {
  it('greets the employee and shows the team, their role and their department', async () => {
    stubDashboard({
      role: 'employee',
      members: [
        teamMember({ userId: 'user-2', department: 'Sales' }),
        teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', department: 'Engineering' }),
      ],
    });
    renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada')).toBeInTheDocument();
    const workspace = await findYourWorkspace();
    expect(within(workspace).getByText('Marketing')).toBeInTheDocument();
    expect(within(workspace).getByText('Employee')).toBeInTheDocument();
    expect(await within(workspace).findByText('Engineering')).toBeInTheDocument();
  });

  it("shows 'General' when the user has no department", async () => {
    stubDashboard({
      role: 'viewer',
      members: [teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', role: 'viewer' })],
    });
    renderRoutes({ path: '/employee-dashboard' });

    const workspace = await findYourWorkspace();
    expect(within(workspace).getByText('Viewer')).toBeInTheDocument();
    expect(await within(workspace).findByText('General')).toBeInTheDocument();
  });

  it('offers AI Chat, Team Chat, Workspace and Assets', async () => {
    stubDashboard({ role: 'employee' });
    renderRoutes({ path: '/employee-dashboard' });

    const quickActions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(
      within(quickActions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/chat', '/team-chat', '/workspace', '/assets']);
    expect(within(quickActions).getByRole('link', { name: 'Workspace' })).toHaveAttribute('href', '/workspace');
    expect(screen.queryByRole('link', { name: 'Invite Team Member' })).not.toBeInTheDocument();
  });

  it("lists the team's members with their role, and the Recent Activity", async () => {
    stubDashboard({
      role: 'employee',
      members: [
        teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace' }),
        teamMember({ userId: 'user-2', firstName: 'Grace', lastName: 'Hopper', role: 'admin' }),
      ],
      activity: [activityEntry({ id: 'a1', actor: { userId: 'user-2', name: 'Grace Hopper' }, details: {} })],
    });
    renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Members' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Admin')).toBeInTheDocument();

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findByText(/Grace Hopper joined the team/)).toBeInTheDocument();
  });
});

describe('/employee-dashboard: My Tasks', () => {
  async function findTaskItems() {
    const panel = await screen.findByRole('region', { name: 'My Tasks' });
    return within(panel).findAllByRole('listitem');
  }

  it('lists the tasks by priority (none as medium), then due date with undated last, then newest', async () => {
    const { fetchMock } = stubWorkItemsDashboard({
      role: 'employee',
      tasks: [
        task({ id: 't1', title: 'Medium soon', priority: 'medium', dueDate: '2026-03-01' }),
        task({ id: 't2', title: 'No priority later', priority: null, dueDate: '2026-04-01' }),
        task({ id: 't3', title: 'Low', priority: 'low', dueDate: '2026-01-01' }),
        task({ id: 't4', title: 'Urgent undated', priority: 'urgent', dueDate: null }),
        task({ id: 't5', title: 'High old', priority: 'high', dueDate: null, createdAt: '2026-01-01T00:00:00Z' }),
        task({ id: 't6', title: 'High new', priority: 'high', dueDate: null, createdAt: '2026-02-01T00:00:00Z' }),
        task({ id: 't7', title: 'Medium undated', priority: 'medium', dueDate: null }),
      ],
    });
    renderRoutes({ path: '/employee-dashboard' });

    const items = await findTaskItems();
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Urgent undated',
      'High new',
      'High old',
      'Medium soon',
      'No priority later',
      'Medium undated',
      'Low',
    ]);
    const first = items[3] as HTMLElement;
    expect(within(first).getByText('Medium')).toBeInTheDocument();
    expect(within(first).getByText('Due Mar 1, 2026')).toBeInTheDocument();
    expect(within(items[4] as HTMLElement).getByText('Medium')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('No due date')).toBeInTheDocument();
    expect(within(first).getByRole('checkbox', { name: 'Mark "Medium soon" as done' })).not.toBeChecked();
    const taskUrls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/tasks'));
    expect(taskUrls).toEqual(['/api/teams/current/tasks?assignedTo=me']);
  });

  it('ticks a task done at once, before the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    const { findRequests } = stubWorkItemsDashboard({
      role: 'employee',
      tasks: [task({ id: 'task-1', title: 'Write the report' })],
      routes: {
        'PATCH /api/teams/current/tasks/task-1': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const { user } = renderRoutes({ path: '/employee-dashboard' });

    const checkbox = await screen.findByRole('checkbox', { name: 'Mark "Write the report" as done' });
    await user.click(checkbox);
    expect(await screen.findByRole('checkbox', { name: 'Mark "Write the report" as not done' })).toBeChecked();
    expect(findRequests('PATCH', '/api/teams/current/tasks/task-1')[0]?.body).toEqual({ status: 'done' });

    answer(jsonResponse(task({ id: 'task-1', title: 'Write the report', status: 'done' })));
    expect(screen.queryByText('Could not update task')).not.toBeInTheDocument();
  });

  it("puts the task back and says 'Could not update task' when the server refuses", async () => {
    stubWorkItemsDashboard({
      role: 'employee',
      tasks: [task({ id: 'task-1', title: 'Write the report' })],
      routes: {
        'PATCH /api/teams/current/tasks/task-1': apiErrorResponse(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    const { user } = renderRoutes({ path: '/employee-dashboard' });

    await user.click(await screen.findByRole('checkbox', { name: 'Mark "Write the report" as done' }));
    expect(await screen.findByText('Could not update task')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark "Write the report" as done' })).not.toBeChecked(),
    );
  });

  it("says 'Failed to load tasks' and loads them on retry", async () => {
    let calls = 0;
    stubWorkItemsDashboard({
      role: 'employee',
      tasks: () => {
        calls += 1;
        return calls === 1
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong')
          : jsonResponse({ tasks: [task({ title: 'Back again' })] });
      },
    });
    const { user } = renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'My Tasks' });
    expect(await within(panel).findByText('Failed to load tasks')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Back again')).toBeInTheDocument();
  });

  it('says when no task is assigned, and offers no New Task or Share File to an employee', async () => {
    stubWorkItemsDashboard({ role: 'viewer', tasks: [] });
    renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'My Tasks' });
    expect(await within(panel).findByText('No tasks assigned to you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share File' })).not.toBeInTheDocument();
  });
});

describe('/employee-dashboard: Shared Files', () => {
  it('lists the files newest first, each opening in a new tab, with platform, sharer and date', async () => {
    stubWorkItemsDashboard({
      role: 'employee',
      sharedFiles: [
        sharedFile({
          id: 'f2',
          title: 'Roadmap',
          url: 'https://notion.so/roadmap',
          platform: 'notion',
          createdAt: '2026-03-02T10:00:00Z',
        }),
        sharedFile({ id: 'f1', title: 'Brand guidelines', platform: null, sharerName: null }),
      ],
    });
    renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Shared Files' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const roadmap = within(items[0] as HTMLElement).getByRole('link', { name: /Roadmap/ });
    expect(roadmap).toHaveAttribute('href', 'https://notion.so/roadmap');
    expect(roadmap).toHaveAttribute('target', '_blank');
    expect(roadmap).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(items[0] as HTMLElement).getByText('Notion')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Shared by Grace Hopper')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Shared by Unknown User')).toBeInTheDocument();
  });

  it("says 'Failed to load shared files' and loads them on retry", async () => {
    let calls = 0;
    stubWorkItemsDashboard({
      role: 'employee',
      sharedFiles: () => {
        calls += 1;
        return calls === 1
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong')
          : jsonResponse({ files: [sharedFile({ title: 'Recovered' })] });
      },
    });
    const { user } = renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Shared Files' });
    expect(await within(panel).findByText('Failed to load shared files')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: /Recovered/ })).toBeInTheDocument();
  });

  it('says when nothing was shared', async () => {
    stubWorkItemsDashboard({ role: 'employee', sharedFiles: [] });
    renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Shared Files' });
    expect(await within(panel).findByText('No files have been shared yet.')).toBeInTheDocument();
  });
});
