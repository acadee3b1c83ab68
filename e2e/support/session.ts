import { expect, type Page } from '@playwright/test';
import { findLink, readMail, uniqueEmail } from './mailbox.ts';

/** Signs a new user up through the API and opens the confirmation link in the page (which signs them in). */
export async function signUp(page: Page, prefix: string, callbackURL = '/chat'): Promise<string> {
  const email = uniqueEmail(prefix);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct horse battery', callbackURL },
  });
  expect(response.ok()).toBeTruthy();
  await page.goto(findLink(await readMail(email, 'confirm'), '/api/auth/verify-email'));
  return email;
}

/** Sends a question in the chat and answers the assistant's reply once it has finished. */
export async function ask(page: Page, question: string) {
  const before = await page.getByRole('article', { name: 'Assistant message' }).count();
  await page.getByRole('textbox', { name: 'Message' }).fill(question);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Assistant message' })).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(page.getByTestId('thinking-indicator')).toHaveCount(0, { timeout: 30_000 });
  return page.getByRole('article', { name: 'Assistant message' }).last();
}
