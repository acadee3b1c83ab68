import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found page and logs the path', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(messages.some((text) => text.includes('/no/such/page'))).toBeTruthy();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('link', { name: 'Employee Sign Up' }).or(page.getByRole('button', { name: 'Employee Sign Up' })),
  ).toBeVisible();
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('light');
});

test('an invalid invite code is refused on the employee sign-in page', async ({ page }) => {
  await page.goto('/employee-login');
  await page.getByLabel('Email').fill('employee@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever password');
  await page.getByLabel('Invite code (optional)').fill('not-a-uuid');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invite code must be a valid UUID')).toBeVisible();
  await expect(page).toHaveURL(/\/employee-login/);
});

test('the pages carry the security headers and no inline script runs', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/auth');
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(violations).toEqual([]);
});
