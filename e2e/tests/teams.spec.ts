import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { findLink, readMail, uniqueEmail } from '../support/mailbox.ts';

const PASSWORD = 'correct horse battery';

/** Signs up through the API and follows the confirmation mail in this browser context: the context is signed in. */
async function signUpAndConfirm(context: BrowserContext, email: string, firstName: string, lastName: string) {
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: { firstName, lastName, email, password: PASSWORD, callbackURL: '/employee-dashboard' },
  });
  expect(signUp.ok()).toBeTruthy();
  await context.request.get(findLink(await readMail(email, 'confirm'), '/api/auth/verify-email'), { maxRedirects: 0 });
}

async function signUpOnPage(page: Page, email: string) {
  await page.getByLabel('First name').fill('Alan');
  await page.getByLabel('Last name').fill('Turing');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Check your email to confirm your account!').first()).toBeVisible();
}

test('an admin creates a workspace and invites an employee by mail; roles route them', async ({ browser }) => {
  test.setTimeout(180_000);
  const adminEmail = uniqueEmail('team-admin');
  const employeeEmail = uniqueEmail('team-employee');
  const strangerEmail = uniqueEmail('team-stranger');

  // The admin signs up (confirmation mail from the SMTP peer) and, without a team, lands on /workspace-new.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/auth?mode=signup');
  await admin.getByLabel('First name').fill('Ada');
  await admin.getByLabel('Last name').fill('Lovelace');
  await admin.getByLabel('Email').fill(adminEmail);
  await admin.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await admin.getByRole('button', { name: 'Sign Up' }).click();
  await expect(admin.getByText('Check your email to confirm your account!').first()).toBeVisible();
  await admin.goto(findLink(await readMail(adminEmail, 'confirm'), '/api/auth/verify-email'));
  await expect(admin).toHaveURL(/\/workspace-new$/);

  // Creates the workspace: the button waits for a name.
  const createButton = admin.getByRole('button', { name: 'Create Workspace' });
  await expect(createButton).toBeDisabled();
  await admin.getByLabel('Workspace name').fill('Analytical Engines');
  await createButton.click();
  await expect(admin.getByText('Team created successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin-dashboard$/);

  // Invites the employee from team management.
  await admin.goto('/team-management?action=invite');
  const dialog = admin.getByRole('dialog', { name: 'Invite Team Member' });
  await dialog.getByLabel('Full Name').fill('Alan Turing');
  await dialog.getByLabel('Email').fill(employeeEmail);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(admin.getByText('Invitation sent successfully!')).toBeVisible();

  const invitationMail = await readMail(employeeEmail, 'invited you');
  expect(invitationMail.subject).toBe('Ada Lovelace invited you to Analytical Engines on Lumen');
  const invitationLink = findLink(invitationMail, '/accept-invitation');

  // Someone signed in with another address is refused with the different-email message
  // (docs/product-rules.md#invitations).
  const strangerContext = await browser.newContext();
  await signUpAndConfirm(strangerContext, strangerEmail, 'Eve', 'Stranger');
  const stranger = await strangerContext.newPage();
  await stranger.goto(invitationLink);
  await expect(stranger.getByText("You're invited to join Analytical Engines")).toBeVisible();
  await stranger.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(
    stranger.getByText('This invitation is for a different email address. Please sign in with the correct account.'),
  ).toBeVisible();
  await strangerContext.close();

  // The employee follows the link, creates their account with the invited address and confirms it.
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await employee.goto(invitationLink);
  await expect(employee.getByText("You're invited to join Analytical Engines")).toBeVisible();
  await employee.getByRole('link', { name: 'Create account' }).click();
  await expect(employee).toHaveURL(/\/employee-signup\?/);
  await signUpOnPage(employee, employeeEmail);
  await employee.goto(findLink(await readMail(employeeEmail, 'confirm'), '/api/auth/verify-email'));

  // Confirmation joined the team: the employee lands on the employee dashboard as a member.
  await expect(employee).toHaveURL(/\/employee-dashboard$/);
  await expect(employee.getByText('Analytical Engines').first()).toBeVisible();
  await expect(employee.getByText('Employee').first()).toBeVisible();

  // The admin makes the employee a team lead.
  await admin.goto('/team-management?tab=members');
  await admin.getByLabel('Change the role of Alan Turing').selectOption('team_lead');
  await expect(admin.getByText('User role updated successfully')).toBeVisible();

  // After a refresh the former employee reaches the admin dashboard.
  await employee.reload();
  await expect(employee).toHaveURL(/\/admin-dashboard$/);
  await employee.goto('/admin-dashboard');
  await expect(employee).toHaveURL(/\/admin-dashboard$/);

  // The team's activity records what happened.
  await admin.goto('/team-management?tab=activity');
  await expect(admin.getByText(/changed Alan Turing's role from Employee to Team Lead/)).toBeVisible();
  await expect(admin.getByText(/Alan Turing joined the team as Employee/)).toBeVisible();

  await employeeContext.close();
  await adminContext.close();
});
