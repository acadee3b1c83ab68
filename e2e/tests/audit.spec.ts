import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { checkPage, post, signUp } from '../support/a11y.ts';
import { uniqueEmail } from '../support/mailbox.ts';

test('audit: an admin reads, filters, opens and exports the log, sees a live anomaly alert and resolves it; a member is refused; WCAG 2.2 AA', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminEmail = uniqueEmail('audit-admin');
  const memberEmail = uniqueEmail('audit-member');
  const adminContext = await browser.newContext({ acceptDownloads: true });
  await signUp(adminContext, adminEmail, 'Grace', 'Hopper');
  expect((await post(adminContext.request, '/api/teams', { name: 'Logbook' })).status()).toBe(201);
  const invitation = await post(adminContext.request, '/api/teams/current/invitations', { email: memberEmail });
  const { invitation: teamInvitation } = (await invitation.json()) as { invitation: { id: string } };
  const memberContext = await browser.newContext();
  await signUp(memberContext, memberEmail, 'Alan', 'Turing', teamInvitation.id);
  // A failed sign-in on the member's account lands in the team's log.
  const failed = await post(memberContext.request, '/api/auth/sign-in/email', {
    email: memberEmail,
    password: 'definitely not it',
  });
  expect(failed.status()).toBe(401);
  expect((await post(adminContext.request, '/api/teams/current/departments', { name: '=Harbour' })).status()).toBe(201);

  const member = await memberContext.newPage();
  await member.goto('/audit');
  await expect(member.getByText('Access Denied - Only administrators can access audit logs.')).toBeVisible();
  await expect(member.getByRole('table')).toHaveCount(0);

  const admin = await adminContext.newPage();
  await admin.goto('/audit');
  await expect(admin.getByRole('heading', { name: 'Audit Dashboard' })).toBeVisible();
  const table = admin.getByRole('table', { name: 'Audit log' });
  await expect(table).toContainText('created a department: =Harbour');
  await expect(table).toContainText('failed to sign in');
  await expect(admin.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

  // Only the failed sign-ins; the row opens to what it recorded (the address tried, never the password).
  await admin.getByLabel('Action').selectOption('user_login_failed');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table
    .getByRole('button', { name: /Details of/ })
    .first()
    .click();
  await expect(table).toContainText(memberEmail);
  await expect(table).not.toContainText('definitely not it');
  expect(await checkPage(admin, 'audit dashboard')).toEqual([]);

  // Ten failed sign-ins on the member's account: the detection raises an alert that reaches the open page live.
  for (let attempt = 0; attempt < 9; attempt++) {
    await post(memberContext.request, '/api/auth/sign-in/email', { email: memberEmail, password: `wrong ${attempt}` });
  }
  const alerts = admin.getByRole('region', { name: 'Open alerts' });
  const alert = alerts.getByRole('listitem').filter({ hasText: 'Repeated failed sign-ins on one account' });
  await expect(alert).toContainText(`10 failed sign-ins on ${memberEmail}'s account`, { timeout: 30_000 });
  await alert.getByRole('button', { name: /Resolve/ }).click();
  await expect(alerts).toContainText('No open alerts.');

  // The whole range as CSV, named by the date, a formula-like name kept as text.
  await admin.getByLabel('Action').selectOption('');
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Timestamp,User,Action,Resource Type,Severity,Description');
  expect(csv).toContain('Grace Hopper created a department: =Harbour');
  expect(csv).toContain('user_login_failed');

  await adminContext.close();
  await memberContext.close();
});
