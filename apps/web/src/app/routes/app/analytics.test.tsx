import type { Role, TeamAnalytics } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { stubSignedIn } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const ANALYTICS = '/api/analytics';

const perDay = (count: number) => [
  { day: '2026-11-01', count },
  { day: '2026-11-02', count },
];

const analytics: TeamAnalytics = {
  period: '30d',
  from: '2026-11-01',
  to: '2026-11-30',
  timeAndEfficiency: {
    queriesPerDay: [
      { day: '2026-11-01', answered: 4, declined: 1 },
      { day: '2026-11-02', answered: 3, declined: 0 },
    ],
    queries: 8,
    answered: 7,
    declined: 1,
    responseMs: { p50: 900, p95: 2100 },
  },
  files: {
    total: 40,
    byPlatform: [{ key: 'upload', count: 40 }],
    byType: [{ key: 'PDF', count: 40 }],
    byStatus: [{ key: 'ready', count: 40 }],
    inSpaces: 30,
    organisedPercent: 75,
    addedPerDay: perDay(2),
  },
  collaboration: {
    activeMembersPerDay: perDay(3),
    members: 4,
    invitationsAccepted: 1,
    tasksCreated: 5,
    tasksDone: 2,
    chatMessagesPerDay: perDay(6),
    chatMessages: 12,
  },
  businessImpact: {
    documents: { value: 40, goal: 3000 },
    organisationPercent: { value: 75, goal: 90 },
    accuracyPercent: { value: 87.5, goal: 98 },
  },
  goals: { documents: 3000, organisationPercent: 90, accuracyPercent: 98 },
  canEditGoals: false,
};

describe('/analytics', () => {
  it.each<Role>(['admin', 'team_lead', 'employee', 'viewer'])(
    "shows a %s the team's analytics under the title, with 'Back to Chat'",
    async (role) => {
      const stub = stubSignedIn(role, { [`GET ${ANALYTICS}`]: jsonResponse(analytics) });
      const { user, router } = renderRoutes({ path: '/analytics' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
      const tabs = await screen.findByRole('tablist', { name: 'Analytics sections' });
      expect(within(tabs).getByRole('tab', { name: 'Time & Efficiency' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByText('Questions asked').nextElementSibling).toHaveTextContent('8');
      expect(stub.findRequests('GET', ANALYTICS).map((request) => request.search)).toEqual(['?period=30d']);

      const back = screen.getByRole('link', { name: 'Back to Chat' });
      expect(back).toHaveAttribute('href', '/chat');
      await user.click(back);
      await waitFor(() => expect(currentPath(router)).toBe('/chat'));
    },
  );

  it('shows someone without a team the way to a workspace, without asking for the analytics', async () => {
    const stub = stubSignedIn(null, { [`GET ${ANALYTICS}`]: jsonResponse(analytics) });
    renderRoutes({ path: '/analytics' });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'You are not part of a team yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Workspace' })).toHaveAttribute('href', '/workspace-new');
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/chat');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(0);
  });

  it('waits for the role before asking for the analytics', async () => {
    const stub = stubSignedIn(() => new Promise<Response>(() => {}));
    renderRoutes({ path: '/analytics' });

    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    expect(screen.queryByText('You are not part of a team yet')).not.toBeInTheDocument();
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(0);
  });
});
