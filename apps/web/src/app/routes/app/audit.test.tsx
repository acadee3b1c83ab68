import type { AuditEntry, Role } from '@lumen/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { stubSignedIn } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/test-utils';

const LOGS = '/api/audit/logs';
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

describe('/audit', () => {
  it("shows an admin the Audit Dashboard with the team's audit log", async () => {
    const stub = stubSignedIn('admin', { [`GET ${LOGS}`]: jsonResponse({ entries: [login], nextCursor: null }) });
    renderRoutes({ path: '/audit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Ada Lovelace signed in')).toBeInTheDocument();
    expect(within(table).getByText('User login')).toBeInTheDocument();
    expect(screen.queryByText(ACCESS_DENIED)).not.toBeInTheDocument();
    expect(stub.findRequests('GET', LOGS).map((request) => request.search)).toEqual(['?range=7d']);
  });

  it.each<Role | null>(['team_lead', 'employee', 'viewer', null])(
    'refuses a %s without asking for the log',
    async (role) => {
      const stub = stubSignedIn(role, { [`GET ${LOGS}`]: jsonResponse({ entries: [login], nextCursor: null }) });
      renderRoutes({ path: '/audit' });

      expect(await screen.findByRole('heading', { level: 1, name: 'Audit Dashboard' })).toBeInTheDocument();
      expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_DENIED);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
      expect(stub.findRequests('GET', LOGS)).toHaveLength(0);
    },
  );

  it('waits for the role before showing the log or refusing', async () => {
    const stub = stubSignedIn(() => new Promise<Response>(() => {}));
    renderRoutes({ path: '/audit' });

    expect(await screen.findByRole('status', { name: 'Checking your access' })).toBeInTheDocument();
    expect(screen.queryByText(ACCESS_DENIED)).not.toBeInTheDocument();
    expect(stub.findRequests('GET', LOGS)).toHaveLength(0);
  });
});
