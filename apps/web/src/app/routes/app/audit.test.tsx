import type { AnomalyAlert, AuditEntry, Role, TeamAnalytics } from '@lumen/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { stubSignedIn } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/test-utils';

const LOGS = '/api/audit/logs';
const ALERTS = '/api/audit/alerts';
const ANALYTICS = '/api/analytics';
const ACCESS_DENIED = 'Access Denied - Only administrators can access audit logs.';

const login: AuditEntry = {
  id: 'entry-1',
  createdAt: '2026-11-21T09:30:00.000Z',
  action: 'user_login',
  severity: 'info',
  resourceType: 'session',
  resourceId: null,
  actor: { userId: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com' },
  description: 'Ada Lovelace signed in',
  oldValues: null,
  newValues: null,
  metadata: {},
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
};

const burst: AnomalyAlert = {
  id: 'alert-1',
  alertType: 'failed_login_burst_account',
  severity: 'high',
  description: '12 failed sign-ins on ada@example.com within 10 minutes',
  status: 'open',
  userId: 'user-1',
  entryCount: 12,
  entryIds: ['entry-1'],
  createdAt: '2026-11-21T09:20:00.000Z',
  lastSeenAt: '2026-11-21T09:30:00.000Z',
  resolvedAt: null,
};

const perDay = (count: number) => [{ day: '2026-11-21', count }];

const analytics: TeamAnalytics = {
  period: '30d',
  from: '2026-10-23',
  to: '2026-11-21',
  timeAndEfficiency: {
    queriesPerDay: [{ day: '2026-11-21', answered: 20, declined: 4 }],
    queries: 24,
    answered: 20,
    declined: 4,
    responseMs: { p50: 1500, p95: 3000 },
  },
  files: {
    total: 47,
    byPlatform: [{ key: 'google-drive', count: 47 }],
    byType: [{ key: 'PDF', count: 47 }],
    byStatus: [{ key: 'ready', count: 47 }],
    inSpaces: 40,
    organisedPercent: 85.1,
    addedPerDay: perDay(3),
  },
  collaboration: {
    activeMembersPerDay: perDay(5),
    members: 12,
    invitationsAccepted: 2,
    tasksCreated: 9,
    tasksDone: 4,
    chatMessagesPerDay: perDay(30),
    chatMessages: 30,
  },
  businessImpact: {
    documents: { value: 47, goal: 3000 },
    organisationPercent: { value: 85.1, goal: 90 },
    accuracyPercent: { value: 83.3, goal: 98 },
  },
  goals: { documents: 3000, organisationPercent: 90, accuracyPercent: 98 },
  canEditGoals: true,
};

describe('/audit', () => {
  it("shows an admin the Audit Dashboard with the open alerts above the team's audit log", async () => {
    const stub = stubSignedIn('admin', {
      [`GET ${LOGS}`]: jsonResponse({ entries: [login], nextCursor: null }),
      [`GET ${ALERTS}`]: jsonResponse({ alerts: [burst] }),
    });
    renderRoutes({ path: '/audit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Ada Lovelace signed in')).toBeInTheDocument();
    expect(within(table).getByText('User login')).toBeInTheDocument();
    const alerts = await screen.findByRole('list', { name: 'Open alerts' });
    expect(within(alerts).getByText('Repeated failed sign-ins on one account')).toBeInTheDocument();
    expect(within(alerts).getByText('12 failed sign-ins on ada@example.com within 10 minutes')).toBeInTheDocument();
    // The alerts come first, the log after.
    const alertsHeading = screen.getByRole('heading', { level: 2, name: 'Open alerts' });
    const logsHeading = screen.getByRole('heading', { level: 2, name: 'Audit Logs' });
    expect(alertsHeading.compareDocumentPosition(logsHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(ACCESS_DENIED)).not.toBeInTheDocument();
    expect(stub.findRequests('GET', LOGS).map((request) => request.search)).toEqual(['?range=7d']);
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(1);
  });

  it("switches an admin between the Audit Logs and the team's Analytics, each tab kept as it was left", async () => {
    const stub = stubSignedIn('admin', {
      [`GET ${LOGS}`]: jsonResponse({ entries: [login], nextCursor: null }),
      [`GET ${ALERTS}`]: jsonResponse({ alerts: [burst] }),
      [`GET ${ANALYTICS}`]: jsonResponse(analytics),
    });
    const { user } = renderRoutes({ path: '/audit' });

    const tabs = await screen.findByRole('tablist', { name: 'Audit dashboard sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Audit Logs', 'Analytics']);
    const logsTab = within(tabs).getByRole('tab', { name: 'Audit Logs' });
    const analyticsTab = within(tabs).getByRole('tab', { name: 'Analytics' });
    expect(logsTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
    // The analytics are not asked for until their tab opens.
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(0);

    // The log's range, changed before leaving, is still there on coming back.
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await user.click(analyticsTab);
    expect(analyticsTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tablist', { name: 'Analytics sections' })).toBeInTheDocument();
    expect(screen.getByText('Questions asked').nextElementSibling).toHaveTextContent('24');
    expect(screen.queryByRole('table', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open alerts' })).not.toBeInTheDocument();
    expect(stub.findRequests('GET', ANALYTICS).map((request) => request.search)).toEqual(['?period=30d']);

    await user.click(screen.getByRole('tab', { name: 'Business Impact' }));
    expect(screen.getByRole('button', { name: 'Edit goals' })).toBeInTheDocument();

    await user.click(logsTab);
    expect(screen.getByRole('table', { name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('tablist', { name: 'Analytics sections' })).not.toBeInTheDocument();

    await user.click(analyticsTab);
    expect(screen.getByRole('tab', { name: 'Business Impact' })).toHaveAttribute('aria-selected', 'true');
    expect(stub.findRequests('GET', ANALYTICS)).toHaveLength(1);
    expect(stub.findRequests('GET', LOGS).map((request) => request.search)).toEqual(['?range=7d', '?range=30d']);
  });

  it.each<Role | null>(['team_lead', 'employee', 'viewer', null])(
    'refuses a %s without asking for the log or the alerts',
    async (role) => {
      const stub = stubSignedIn(role, {
        [`GET ${LOGS}`]: jsonResponse({ entries: [login], nextCursor: null }),
        [`GET ${ALERTS}`]: jsonResponse({ alerts: [burst] }),
      });
      renderRoutes({ path: '/audit' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Audit Dashboard' })).toBeInTheDocument();
      expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_DENIED);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Open alerts' })).not.toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Analytics' })).not.toBeInTheDocument();
      expect(stub.findRequests('GET', LOGS)).toHaveLength(0);
      expect(stub.findRequests('GET', ALERTS)).toHaveLength(0);
    },
  );

  it('waits for the role before showing the log or refusing', async () => {
    const stub = stubSignedIn(() => new Promise<Response>(() => {}));
    renderRoutes({ path: '/audit' });

    expect(await screen.findByRole('status', { name: 'Checking your access' })).toBeInTheDocument();
    expect(screen.queryByText(ACCESS_DENIED)).not.toBeInTheDocument();
    expect(stub.findRequests('GET', LOGS)).toHaveLength(0);
    expect(stub.findRequests('GET', ALERTS)).toHaveLength(0);
  });
});
