import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkPage, PASSWORD, post, signUp } from '../support/a11y.ts';
import { uniqueEmail } from '../support/mailbox.ts';

/** Presses Tab until `target` has focus (keyboard only; fails after `maxStops` stops). */
async function tabTo(page: Page, target: Locator, maxStops = 40) {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('with the keyboard only: sign in, skip to the composer and ask, a dialog closes with Escape, focus follows the route', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('keyboard');
  const setup = await browser.newContext();
  await signUp(setup, email, 'Barbara', 'Liskov');
  expect((await post(setup.request, '/api/teams', { name: 'Keyboard Club' })).status()).toBe(201);
  await setup.close();

  const context = await browser.newContext();
  const page = await context.newPage();

  // Sign in: the skip link is the first Tab stop, then the form by Tab and typing; Enter submits.
  await page.goto('/auth');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat/);

  // The chat's first visit opens the welcome dialog; Escape closes it.
  const welcome = page.getByRole('dialog', { name: 'Welcome to Lumen' });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();

  // The chat's skip link (its first Tab stop) goes to the composer; a question is asked with Enter.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(welcome).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to message composer' })).toBeFocused();
  await page.keyboard.press('Enter');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeFocused();
  await page.keyboard.type('What can you do?');
  await page.keyboard.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant message' }).last();
  await expect(answer).toBeVisible({ timeout: 30_000 });
  // The conversation with an answer is held to the same rules as every screen.
  expect(await checkPage(page, '/chat with an answer')).toEqual([]);

  // A dialog opened from the keyboard closes with Escape and gives focus back to its trigger.
  const connectedServices = page.getByRole('button', { name: 'Connected services' });
  await tabTo(page, connectedServices);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Connected services' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connected services' })).toBeHidden();
  await expect(connectedServices).toBeFocused();

  const settings = page.getByRole('button', { name: 'Settings' });
  await tabTo(page, settings);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  await expect(settings).toBeFocused();

  // On another screen the skip link is first again; following a link moves focus to the new screen's heading.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const spacesCard = page.getByRole('main').getByRole('link', { name: 'Spaces', exact: true }).first();
  await tabTo(page, spacesCard);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/spaces$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();

  await context.close();
});
