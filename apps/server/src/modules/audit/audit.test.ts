import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditChainReport,
  type AuditEntry,
  type AuditLogPage,
  type AuditSeverity,
  auditExportFileName,
} from '@lumen/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditAnchors, auditLogs, user } from '../../db/schema/index.ts';
import { hashEntry, writeAuditEntry } from '../../platform/audit.ts';
import { buildTestApp, createSignedInUser, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import { findLink } from '../../test/fakes/smtp-peer.ts';
import {
  type Actor,
  callApi,
  createTeamWithRoles,
  errorOf,
  signInNewUser,
  type TeamWithRoles,
} from '../../test/team-fixtures.ts';
import { AUDIT_ANCHOR_JOB } from './audit.jobs.ts';
import { csvCell } from './audit.service.ts';

/** The audit dashboard's API (issue #14): team admins read, filter, page, export and verify their team's log. */
let ctx: TestContext;
let team: TeamWithRoles;
let otherTeam: TeamWithRoles;

beforeAll(async () => {
  ctx = await buildTestApp();
  team = await createTeamWithRoles(ctx, 'Ledger Co');
  otherTeam = await createTeamWithRoles(ctx, 'Other Ledger');
  await callApi(ctx, team.admin, 'POST', '/api/teams/current/departments', { name: 'Harbour Ops' });
  await callApi(ctx, otherTeam.admin, 'POST', '/api/teams/current/departments', { name: 'Secret Dept' });
});
afterAll(async () => {
  await ctx?.close();
});

async function logs(actor = team.admin, query = ''): Promise<AuditLogPage> {
  const response = await callApi(ctx, actor, 'GET', `/api/audit/logs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
}

/** Appends entries to a team's chain as the app does (inside a transaction, under the chain's lock). */
async function appendEntries(teamId: string, count: number, action = 'file_access', severity: AuditSeverity = 'info') {
  await ctx.app.database.db.transaction(async (tx) => {
    for (let index = 0; index < count; index++) {
      await writeAuditEntry(
        tx,
        { userId: team.employee.userId, ipAddress: '203.0.113.7', userAgent: 'probe' },
        {
          teamId,
          action,
          resourceType: 'document',
          resourceId: `doc-${index}`,
          newValues: { title: `File ${index}` },
          severity,
        },
      );
    }
  });
}

describe('reading the audit log', () => {
  it("gives a team admin their team's entries, newest first, with who, what and a sentence; nobody else", async () => {
    const page = await logs();
    const actions = page.entries.map((entry) => entry.action);
    expect(actions).toContain('team_create');
    expect(actions).toContain('department_create');
    expect(actions.indexOf('department_create')).toBeLessThan(actions.indexOf('team_create'));
    const department = page.entries.find((entry) => entry.action === 'department_create') as AuditEntry;
    expect(department.actor).toMatchObject({ userId: team.admin.userId });
    expect(department.description).toMatch(/created a department: Harbour Ops$/);
    // Another team's entries never show.
    expect(JSON.stringify(page)).not.toContain('Secret Dept');
    for (const member of [team.lead, team.employee, team.viewer]) {
      const refused = await callApi(ctx, member, 'GET', '/api/audit/logs');
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ reason: 'AUDIT_ADMINS_ONLY', message: AUDIT_MESSAGES.accessDenied });
      expect((await callApi(ctx, member, 'GET', '/api/audit/export')).statusCode).toBe(403);
      expect((await callApi(ctx, member, 'GET', '/api/audit/verify')).statusCode).toBe(403);
    }
    const loner = await signInNewUser(ctx);
    expect((await callApi(ctx, loner, 'GET', '/api/audit/logs')).statusCode).toBe(404);
  });

  it('filters by action and severity, and refuses unknown filters, ranges and cursors with a clear 400', async () => {
    await appendEntries(team.teamId, 2, 'file_delete', 'high');
    const deletions = await logs(team.admin, '?action=file_delete');
    expect(deletions.entries.map((entry) => entry.action)).toEqual(['file_delete', 'file_delete']);
    expect(deletions.entries[0]).toMatchObject({ severity: 'high', ipAddress: '203.0.113.7', userAgent: 'probe' });
    expect((await logs(team.admin, '?severity=high')).entries.every((entry) => entry.severity === 'high')).toBe(true);
    expect((await logs(team.admin, '?severity=critical')).entries).toEqual([]);
    for (const [query, message] of [
      ['?range=2d', AUDIT_MESSAGES.rangeInvalid],
      ['?action=drop_tables', AUDIT_MESSAGES.actionInvalid],
      ['?severity=urgent', AUDIT_MESSAGES.severityInvalid],
      ['?cursor=forged', AUDIT_MESSAGES.cursorInvalid],
      [`?cursor=${Buffer.from('audit:99999999999999999999').toString('base64url')}`, AUDIT_MESSAGES.cursorInvalid],
    ] as const) {
      const response = await callApi(ctx, team.admin, 'GET', `/api/audit/logs${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).message, query).toContain(message);
    }
  });

  it(`reads ${AUDIT_PAGE_SIZE} entries a page and the rest on demand, each once`, async () => {
    const crew = await createTeamWithRoles(ctx, 'Paged Co');
    await appendEntries(crew.teamId, 230);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await logs(crew.admin, cursor ? `?cursor=${cursor}` : '');
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    // 230 appended, plus the team's own creation.
    expect(seen).toHaveLength(231);
    expect(new Set(seen).size).toBe(231);
    expect(pages).toBe(3);
  });

  it('keeps to the range: 1d, 7d (the default) and 30d', async () => {
    const crew = await createTeamWithRoles(ctx, 'Old Co');
    const db = ctx.app.database.db;
    const day = 24 * 60 * 60 * 1000;
    // Entries of earlier days, written straight into this team's log (its chain is not the point here).
    await db.insert(auditLogs).values(
      // Oldest first, as entries are written.
      [40, 10, 2].map((daysAgo) => ({
        teamId: crew.teamId,
        userId: crew.admin.userId,
        action: 'file_access',
        resourceType: 'document',
        newValues: { title: `${daysAgo} days ago` },
        createdAt: new Date(Date.now() - daysAgo * day),
        hash: `old-${daysAgo}`,
      })),
    );
    const titles = async (range: string) =>
      (await logs(crew.admin, `?range=${range}&action=file_access`)).entries.map((entry) => entry.newValues?.title);
    expect(await titles('1d')).toEqual([]);
    expect(await titles('7d')).toEqual(['2 days ago']);
    expect((await logs(crew.admin, '?action=file_access')).entries).toHaveLength(1);
    expect(await titles('30d')).toEqual(['2 days ago', '10 days ago']);
  });
});

describe('exporting the audit log', () => {
  it('streams every entry of the range as CSV, with the date in the file name and formulas neutralised', async () => {
    const crew = await createTeamWithRoles(ctx, 'Export Co');
    // A name a spreadsheet would run as a formula.
    await ctx.app.database.db
      .update(user)
      .set({ firstName: '=HYPERLINK("http://evil.example")', lastName: '' })
      .where(eq(user.id, crew.admin.userId));
    await appendEntries(crew.teamId, 1200);
    await callApi(ctx, crew.admin, 'POST', '/api/teams/current/departments', { name: '+Sales, "North"' });
    const response = await callApi(ctx, crew.admin, 'GET', '/api/audit/export?format=csv&range=30d');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${auditExportFileName('csv')}"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    // Every entry, not one page: 1,200 appended, the team's creation and the department.
    expect(lines).toHaveLength(1 + 1202);
    const department = lines.find((line) => line.includes('department_create')) ?? '';
    expect(department).toContain(
      `"'=HYPERLINK(""http://evil.example"")",department_create,department,info,"'=HYPERLINK(""http://evil.example"") created a department: +Sales, ""North"""`,
    );
  });

  it('exports JSON too, filtered like the dashboard', async () => {
    const response = await callApi(ctx, team.admin, 'GET', '/api/audit/export?format=json&action=file_delete');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${auditExportFileName('json')}"`);
    const entries = JSON.parse(response.body) as AuditEntry[];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((entry) => entry.action === 'file_delete')).toBe(true);
    const bad = await callApi(ctx, team.admin, 'GET', '/api/audit/export?format=xlsx');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain(AUDIT_MESSAGES.formatInvalid);
  });

  it('neutralises every cell a spreadsheet would read as a formula, and quotes separators', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+31 6')).toBe("'+31 6");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
  });
});

describe("verifying the team's chain", () => {
  it('reports an intact chain, then the first entry changed behind the append-only trigger', async () => {
    const tampered = await buildTestApp();
    try {
      const crew = await createTeamWithRoles(tampered, 'Tamper Co');
      await callApi(tampered, crew.admin, 'POST', '/api/teams/current/departments', { name: 'Vault' });
      const verify = async () =>
        (await callApi(tampered, crew.admin, 'GET', '/api/audit/verify')).json<AuditChainReport>();
      const intact = await verify();
      expect(intact).toMatchObject({ isIntact: true, firstBrokenEntryId: null, headHash: expect.any(String) });
      expect(intact.checkedCount).toBeGreaterThanOrEqual(2);
      const db = tampered.app.database.db;
      await db.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      await db.execute(sql`update audit_logs set new_values = '{"name":"Forged"}' where action = 'department_create'`);
      const [forged] = await db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'department_create'));
      expect(await verify()).toMatchObject({ isIntact: false, firstBrokenEntryId: forged?.id, headHash: null });
    } finally {
      await tampered.close();
    }
  });
});

describe("account events in the log of the account's team", () => {
  function post(url: string, payload: object, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...TEST_ORIGIN, 'user-agent': 'audit-probe/1.0', ...headers },
      payload,
    });
  }

  it('records sign-ins, failed sign-ins, sign-outs, password changes and resets, with address and agent', async () => {
    const crew = await createTeamWithRoles(ctx, 'Accounts Co');
    const { user: person, cookie } = await createSignedInUser(ctx);
    const invited = await callApi(ctx, crew.admin, 'POST', '/api/teams/current/invitations', { email: person.email });
    const invitationId = invited.json<{ invitation: { id: string } }>().invitation.id;
    const member: Actor = { cookie, userId: '', email: person.email };
    expect((await callApi(ctx, member, 'POST', `/api/invitations/${invitationId}/accept`)).statusCode).toBe(200);

    expect(
      (await post('/api/auth/sign-in/email', { email: person.email, password: 'not the password' })).statusCode,
    ).toBe(401);
    const signedIn = await post('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: person.password, newPassword: 'a changed password' },
      { cookie: session },
    );
    expect(changed.statusCode).toBe(200);
    const signedOut = await post(
      '/api/auth/sign-out',
      {},
      {
        cookie: changed.cookies.length
          ? changed.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ')
          : session,
      },
    );
    expect(signedOut.statusCode).toBe(200);
    // A failed sign-in with an address nobody has goes to no team's log.
    await post('/api/auth/sign-in/email', { email: 'nobody-here@example.com', password: 'whatever123' });

    // A reset through the mailed link.
    const before = ctx.smtp.messages.length;
    await post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/auth?mode=reset' });
    const mail = await ctx.smtp.waitForMail(person.email, { subject: /reset/i, after: before });
    const landing = await ctx.app.inject({
      method: 'GET',
      url:
        new URL(findLink(mail, '/api/auth/reset-password/')).pathname +
        new URL(findLink(mail, '/api/auth/reset-password/')).search,
    });
    const token = new URL(String(landing.headers.location), ctx.config.APP_URL).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a reset password!' })).statusCode).toBe(200);

    const entries = (await logs(crew.admin, '?range=1d')).entries.filter((entry) => entry.resourceType === 'user');
    const byAction = (action: string) => entries.filter((entry) => entry.action === action);
    expect(byAction('user_login_failed')).toHaveLength(1);
    expect(byAction('user_login_failed')[0]).toMatchObject({
      actor: null,
      severity: 'low',
      metadata: { email: person.email },
      userAgent: 'audit-probe/1.0',
      ipAddress: expect.any(String),
    });
    expect(JSON.stringify(byAction('user_login_failed'))).not.toContain('not the password');
    const login = byAction('user_login').find((entry) => entry.userAgent === 'audit-probe/1.0');
    expect(login).toMatchObject({
      severity: 'info',
      ipAddress: expect.any(String),
      description: expect.stringContaining('signed in'),
    });
    expect(login?.actor?.userId).toBe(login?.resourceId);
    expect(byAction('password_change')).toEqual([expect.objectContaining({ severity: 'medium' })]);
    expect(byAction('user_logout')).toHaveLength(1);
    expect(byAction('password_reset')).toEqual([expect.objectContaining({ severity: 'medium' })]);
    expect(JSON.stringify(entries)).not.toContain('nobody-here@example.com');
  });

  it('catches a chain rewritten wholesale (every hash recomputed) by the heads anchored before', async () => {
    const rewritten = await buildTestApp();
    try {
      const crew = await createTeamWithRoles(rewritten, 'Rewrite Co');
      await callApi(rewritten, crew.admin, 'POST', '/api/teams/current/departments', { name: 'Treasury' });
      await rewritten.app.jobs.enqueue(AUDIT_ANCHOR_JOB, {});
      await rewritten.app.jobs.drain();
      const verify = async () =>
        (await callApi(rewritten, crew.admin, 'GET', '/api/audit/verify')).json<AuditChainReport>();
      expect(await verify()).toMatchObject({ isIntact: true, anchorsChecked: 1 });
      const db = rewritten.app.database.db;
      // Anchors cannot be changed either.
      await expect(db.update(auditAnchors).set({ hash: 'forged' })).rejects.toThrow();

      // The forger edits an entry and recomputes every hash after it: each link holds again.
      await db.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      const rows = await db.select().from(auditLogs).where(eq(auditLogs.teamId, crew.teamId)).orderBy(auditLogs.seq);
      let prevHash: string | null = null;
      for (const row of rows) {
        const newValues = row.action === 'department_create' ? { name: 'Slush Fund' } : (row.newValues ?? null);
        const fields = {
          prevHash,
          teamId: row.teamId,
          userId: row.userId,
          action: row.action,
          resourceType: row.resourceType,
          resourceId: row.resourceId,
          oldValues: row.oldValues ?? null,
          newValues,
          metadata: row.metadata,
          severity: row.severity,
          createdAt: row.createdAt.toISOString(),
        };
        const hash = hashEntry(fields);
        await db.update(auditLogs).set({ newValues, prevHash, hash }).where(eq(auditLogs.id, row.id));
        prevHash = hash;
      }
      const report = await verify();
      expect(report).toMatchObject({ isIntact: false, anchorsChecked: 1, headHash: null });
      expect(report.firstBrokenEntryId).toEqual(rows.at(-1)?.id);
    } finally {
      await rewritten.close();
    }
  });
});
