import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/mailbox.ts';

test('Google sign-in through the OpenID provider lands on /chat signed in', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // The provider's own login and consent pages (the local stand-in for Google).
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_IDP_URL}`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(email)).toBeVisible();
});
