import {
  type AnomalyAlert,
  type AnomalyAlertList,
  AUDIT_MESSAGES,
  type AuditLogPage,
  type RealtimeEvent,
} from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index.ts';
import { buildTestApp, makeUser, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import { openSocket, waitFor } from '../../test/integration-fixtures.ts';
import { postFiles } from '../../test/multipart.ts';
import { callApi, createTeamWithRoles, errorOf, type TeamWithRoles } from '../../test/team-fixtures.ts';
import { deviceOf } from './anomaly.service.ts';
import { AUDIT_SCAN_JOB } from './audit.jobs.ts';

/**
 * Anomaly alerts (issue #14): every rule driven by real requests, raised once for an ongoing burst, pushed live to the
 * team's admins only, listed and resolved. Thresholds are lowered through ANOMALY_RULES (as an operator would) so the
 * bursts stay short; the scan runs when the test asks, without its lag.
 */
let ctx: TestContext;
let team: TeamWithRoles;
const PASSWORD = makeUser().password;

beforeAll(async () => {
  ctx = await buildTestApp(
    {
      ANOMALY_RULES: JSON.stringify({
        failedLoginsPerAccount: { count: 5 },
        failedLoginsPerAddress: { count: 8 },
        massDeletion: { count: 4 },
        massDownload: { count: 6 },
      }),
    },
    undefined,
    { anomalyScan: { lagMs: 0, intervalMs: 3_600_000 } },
  );
  team = await createTeamWithRoles(ctx, 'Watched Co');
});
afterAll(async () => {
  await ctx?.close();
});

async function scan(): Promise<void> {
  await ctx.app.jobs.enqueue(AUDIT_SCAN_JOB, {});
  await ctx.app.jobs.drain();
}

async function openAlerts(): Promise<AnomalyAlert[]> {
  const response = await callApi(ctx, team.admin, 'GET', '/api/audit/alerts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnomalyAlertList>().alerts;
}

function failSignIn(email: string, address: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: address,
    headers: TEST_ORIGIN,
    payload: { email, password: 'not the right one' },
  });
}

describe('anomaly alerts', () => {
  it('a burst of failed sign-ins on one account raises one alert, grown while it goes on, pushed to admins only', async () => {
    const adminSocket = await openSocket(ctx, team.admin);
    const viewerSocket = await openSocket(ctx, team.viewer);
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await failSignIn(team.employee.email, '203.0.113.10')).statusCode).toBe(401);
      }
      await scan();
      const [alert] = (await openAlerts()).filter((entry) => entry.alertType === 'failed_login_burst_account');
      expect(alert).toMatchObject({
        severity: 'high',
        status: 'open',
        userId: team.employee.userId,
        entryCount: 5,
        description: `5 failed sign-ins on ${team.employee.email}'s account within 10 minutes`,
      });
      expect(alert?.entryIds).toHaveLength(5);
      await waitFor(() =>
        adminSocket.received.some((event) => event.type === 'anomaly_alert' && event.alert.id === alert?.id),
      );

      // The burst goes on: the same alert grows, no second one.
      for (let attempt = 0; attempt < 3; attempt++) await failSignIn(team.employee.email, '203.0.113.10');
      await scan();
      const burst = (await openAlerts()).filter((entry) => entry.alertType === 'failed_login_burst_account');
      expect(burst).toEqual([expect.objectContaining({ id: alert?.id, entryCount: 8 })]);
      // A scan with nothing new changes nothing and tells nobody.
      const pushed = adminSocket.received.length;
      await scan();
      expect(adminSocket.received.length).toBe(pushed);
      expect(viewerSocket.received.filter((event: RealtimeEvent) => event.type === 'anomaly_alert')).toEqual([]);
    } finally {
      adminSocket.socket.terminate();
      viewerSocket.socket.terminate();
    }
  });

  it('failed sign-ins from one address over several accounts raise the address rule', async () => {
    for (const member of [team.lead, team.viewer]) {
      for (let attempt = 0; attempt < 4; attempt++) await failSignIn(member.email, '198.51.100.77');
    }
    await scan();
    const byAddress = (await openAlerts()).filter((alert) => alert.alertType === 'failed_login_burst_ip');
    // The first test's eight from its own address count too.
    expect(byAddress.map((alert) => alert.description).sort()).toEqual([
      '8 failed sign-ins from 198.51.100.77 within 10 minutes',
      '8 failed sign-ins from 203.0.113.10 within 10 minutes',
    ]);
    expect(byAddress.every((alert) => alert.severity === 'high' && alert.userId === null)).toBe(true);
    // Four on each account stays under the account rule's five.
    const accounts = (await openAlerts()).filter((alert) => alert.alertType === 'failed_login_burst_account');
    expect(accounts.map((alert) => alert.userId)).toEqual([team.employee.userId]);
  });

  it('mass deletion and mass download by one person', async () => {
    const uploaded = await postFiles(
      ctx,
      team.lead.cookie,
      Array.from({ length: 4 }, (_, index) => ({ filename: `note-${index}.txt`, content: `Note number ${index}.` })),
    );
    expect(uploaded.statusCode).toBe(201);
    await ctx.app.jobs.drain();
    const ids = uploaded.json<{ files: Array<{ document: { id: string } }> }>().files.map((file) => file.document.id);
    for (let open = 0; open < 6; open++) {
      expect((await callApi(ctx, team.lead, 'GET', `/api/documents/${ids[0]}/content`)).statusCode).toBe(200);
    }
    for (const id of ids)
      expect((await callApi(ctx, team.lead, 'DELETE', `/api/documents/${id}`)).statusCode).toBe(204);
    await scan();
    const alerts = await openAlerts();
    expect(alerts.find((alert) => alert.alertType === 'mass_deletion')).toMatchObject({
      severity: 'high',
      userId: team.lead.userId,
      entryCount: 4,
      description: expect.stringMatching(/ deleted 4 documents within 5 minutes$/),
    });
    expect(alerts.find((alert) => alert.alertType === 'mass_download')).toMatchObject({
      severity: 'medium',
      entryCount: 6,
      description: expect.stringMatching(/ opened 6 documents within 5 minutes$/),
    });
  });

  it('an admin role granted', async () => {
    const granted = await callApi(ctx, team.admin, 'PATCH', `/api/teams/current/members/${team.lead.userId}/role`, {
      role: 'admin',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    await scan();
    const [escalation] = (await openAlerts()).filter((alert) => alert.alertType === 'permission_escalation');
    expect(escalation).toMatchObject({ severity: 'medium', userId: team.lead.userId });
    expect(escalation?.description).toMatch(/ made .+ a workspace admin$/);
    // Scanned again, the same grant raises nothing more.
    await scan();
    expect((await openAlerts()).filter((alert) => alert.alertType === 'permission_escalation')).toHaveLength(1);
  });

  it('a sign-in at an hour the person almost never signs in, from a device never seen for them', async () => {
    // Their history: 25 sign-ins over 25 days, all twelve hours away from now, on Chrome on Windows.
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await ctx.app.database.db.insert(auditLogs).values(
      Array.from({ length: 25 }, (_, index) => ({
        teamId: team.teamId,
        userId: team.viewer.userId,
        action: 'user_login',
        resourceType: 'user',
        resourceId: team.viewer.userId,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
        // Whole days back, twelve hours off: every one at the hour opposite to now.
        createdAt: new Date(now - (25 - index) * day + 12 * 60 * 60 * 1000),
        hash: `history-${index}`,
      })),
    );
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        ...TEST_ORIGIN,
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) Gecko/20100101 Firefox/119.0',
      },
      payload: { email: team.viewer.email, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    await scan();
    const alerts = (await openAlerts()).filter((alert) => alert.userId === team.viewer.userId);
    expect(alerts.find((alert) => alert.alertType === 'unusual_hour')).toMatchObject({ severity: 'low' });
    expect(alerts.find((alert) => alert.alertType === 'new_device')?.description).toContain('Firefox on macOS');
  });

  it('an admin resolves an alert: it leaves the active list, audited; others may not; unknown ids are 404', async () => {
    const [alert] = await openAlerts();
    if (!alert) throw new Error('no alert to resolve');
    const refused = await callApi(ctx, team.employee, 'POST', `/api/audit/alerts/${alert.id}/resolve`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(AUDIT_MESSAGES.accessDenied);
    expect((await callApi(ctx, team.employee, 'GET', '/api/audit/alerts')).statusCode).toBe(403);

    const resolved = await callApi(ctx, team.admin, 'POST', `/api/audit/alerts/${alert.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<AnomalyAlert>()).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect((await openAlerts()).map((entry) => entry.id)).not.toContain(alert.id);
    for (const id of [alert.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const again = await callApi(ctx, team.admin, 'POST', `/api/audit/alerts/${id}/resolve`);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).message).toBe(AUDIT_MESSAGES.alertNotFound);
    }
    const log = (await callApi(ctx, team.admin, 'GET', '/api/audit/logs?action=alert_resolve')).json<AuditLogPage>();
    expect(log.entries).toEqual([expect.objectContaining({ resourceId: alert.id })]);
  });

  it('tells browsers and systems apart', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toBe(
      'Chrome on Windows',
    );
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/121.0')).toBe('Firefox on Linux');
    expect(deviceOf(null)).toBeNull();
  });
});
