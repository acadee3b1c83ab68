import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkPage, PASSWORD, post, signUp } from '../support/a11y.ts';
import { findLink, readMail, uniqueEmail } from '../support/mailbox.ts';

/** Presses Tab until `target` has focus (keyboard only; fails after `maxStops` stops). */
async function tabTo(page: Page, target: Locator, maxStops = 40) {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** From the top of /chat: the skip link is the first Tab stop and Enter on it puts focus in the composer. */
async function skipToComposer(page: Page): Promise<Locator> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to message composer' })).toBeFocused();
  await page.keyboard.press('Enter');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeFocused();
  return composer;
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
  await skipToComposer(page);
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

test('with the keyboard only: sign up, create a workspace, upload a file and ask about it, invite a member', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('keyboard-signup');
  const inviteeEmail = uniqueEmail('keyboard-invitee');

  // Sign up: every field reached with Tab, Enter submits.
  await page.goto('/auth?mode=signup');
  await expect(page.getByLabel('First name')).toBeVisible();
  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.type('Frances');
  await tabTo(page, page.getByLabel('Last name'));
  await page.keyboard.type('Allen');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Check your email to confirm your account!').first()).toBeVisible();
  // The confirmation link arrives by mail (opening it is not keyboard work); it signs the user in.
  await page.goto(findLink(await readMail(email, 'confirm'), '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/workspace-new$/);

  // Create the workspace: type its name, Tab to the button, Enter.
  await tabTo(page, page.getByLabel('Workspace name'));
  await page.keyboard.type('Fortran Guild');
  await tabTo(page, page.getByRole('button', { name: 'Create Workspace' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Team created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // Upload from the composer's paperclip (Shift+Tab from the composer reaches it; Enter opens the file chooser).
  await page.goto('/chat');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Lumen' });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  const composer = await skipToComposer(page);
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({
    name: 'compiler-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('The optimising compiler of the Fortran Guild was tuned on 47 benchmark programs.\n'),
  });
  await expect(page.getByText('Uploaded 1 file(s): compiler-notes.txt')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="document-status"][data-status="ready"]')).toHaveCount(1, {
    timeout: 60_000,
  });
  await tabTo(page, composer);
  await page.keyboard.type('How many benchmark programs was the optimising compiler tuned on?');
  await page.keyboard.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant message' }).last();
  await expect(answer).toContainText('47', { timeout: 30_000 });
  await expect(answer.getByRole('link', { name: /\[\d+\] compiler-notes\.txt \(Upload\)/ })).toBeVisible();

  // Invite a member: the button opens the dialog, whose fields are filled by Tab and typing; Enter on Send.
  await page.goto('/team-management');
  const invite = page.getByRole('button', { name: 'Invite Team Member' });
  await expect(invite).toBeVisible();
  await tabTo(page, invite, 60);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Full Name'));
  await page.keyboard.type('Grace Hopper');
  await tabTo(page, dialog.getByLabel('Email'));
  await page.keyboard.type(inviteeEmail);
  await tabTo(page, dialog.getByRole('button', { name: 'Send Invitation' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invitation sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await readMail(inviteeEmail, 'invited you')).subject).toBe(
    'Frances Allen invited you to Fortran Guild on Lumen',
  );
});
