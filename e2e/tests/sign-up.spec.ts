import { expect, test } from '@playwright/test';
import { findLink, readMail, uniqueEmail } from '../support/mailbox.ts';

test('a new admin signs up from the landing page, confirms by mail, is signed in and signs out', async ({ page }) => {
  const email = uniqueEmail('admin');
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Admin Get Started' })
    .or(page.getByRole('button', { name: 'Admin Get Started' }))
    .click();
  await expect(page).toHaveURL(/\/auth\?mode=signup/);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Check your email to confirm your account!').first()).toBeVisible();

  const mail = await readMail(email, 'confirm');
  expect(mail.subject).toBe('Confirm your email for Lumen');
  await page.goto(findLink(mail, '/api/auth/verify-email'));

  // Confirmation signs the user in; without a team they end on the workspace set-up screen. The menu is opened once
  // that screen has settled: a menu opened during the redirect is closed by the route change.
  await expect(page).toHaveURL(/\/workspace-new$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Successfully signed out!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  // The session is really gone: a signed-in page sends the visitor back to /auth.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/auth/);
});

test('a signed-out visitor returns to the page they asked for after signing in', async ({ page, request }) => {
  const email = uniqueEmail('returning');
  const password = 'correct horse battery';
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { firstName: 'Grace', lastName: 'Hopper', email, password, callbackURL: '/employee-dashboard' },
  });
  expect(signUp.ok()).toBeTruthy();
  await request.get(findLink(await readMail(email, 'confirm'), '/api/auth/verify-email'), { maxRedirects: 0 });

  await page.goto('/spaces');
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page).toHaveURL(/\/spaces$/);

  // Reloading keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/spaces$/);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/auth?mode=signin');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
