import { expect, type Page, test } from '@playwright/test';
import { CONNECTOR_JOURNEYS } from '../support/connector-fakes.ts';
import { ask, signUp } from '../support/session.ts';

/** A new user on /chat with the welcome dialog closed and the connected-services dialog open. */
async function openConnectedServices(page: Page, prefix: string) {
  await signUp(page, prefix);
  await expect(page).toHaveURL(/\/chat/);
  await page.getByRole('dialog', { name: 'Welcome to Lumen' }).getByRole('button', { name: 'Get Started' }).click();
  await page.getByRole('button', { name: 'Connected services' }).click();
  return page.getByRole('dialog', { name: 'Connected services' });
}

/** The signed-in user's search results for a query, through the API. */
async function searchResults(page: Page, query: string): Promise<unknown[]> {
  const response = await page.request.get(`/api/search?q=${encodeURIComponent(query)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: unknown[] }).results;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

for (const journey of CONNECTOR_JOURNEYS) {
  test(`${journey.label}: connect through the popup, sync, cite a synced item in chat${journey.change ? ', change it at the source and sync again' : ''}, then disconnect`, async ({
    page,
  }) => {
    const dialog = await openConnectedServices(page, `connect-${journey.provider}`);
    const card = dialog.getByTestId(`integration-${journey.provider}`);
    await expect(card.getByRole('heading', { name: journey.label })).toBeVisible();
    await expect(card.getByRole('status')).toHaveText('Not connected');

    // The popup goes app -> provider's consent page (the fake consents at once) -> app's callback page, which posts
    // the result to this window and closes itself. The context sees every hop of the popup's redirects.
    const requestedUrls: string[] = [];
    page.context().on('request', (request) => requestedUrls.push(request.url()));
    const popupPromise = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Connect' }).click();
    const popup = await popupPromise;
    await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
    const hops = requestedUrls.map((url) => new URL(url));
    const connectAt = hops.findIndex((url) => url.pathname === `/api/integrations/${journey.provider}/connect`);
    const consentAt = hops.findIndex((url) => url.pathname === journey.consentPath);
    const callbackAt = hops.findIndex((url) => url.pathname === `/api/integrations/${journey.provider}/callback`);
    expect(connectAt).toBeGreaterThanOrEqual(0);
    expect(consentAt).toBeGreaterThan(connectAt);
    expect(callbackAt).toBeGreaterThan(consentAt);
    expect(hops[callbackAt]?.searchParams.has('code')).toBe(true);

    await expect(card).toContainText(`Connected as ${journey.accountEmail}`);
    await expect(card.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
    await expect(card).toContainText(`${journey.fileCount} seen · ${journey.fileCount} indexed · 0 failed`);
    await expect(card).toContainText('Last synced');
    await expect(card.getByRole('button', { name: 'Sync now' })).toBeEnabled();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const answer = await ask(page, journey.question);
    await expect(answer).toContainText(journey.answer);
    const chip = answer.getByRole('link', {
      name: new RegExp(`\\[\\d+\\] ${escapeRegExp(journey.fileName)} \\(${escapeRegExp(journey.label)}\\)`),
    });
    await expect(chip).toBeVisible();
    await expect(chip).toHaveAttribute('target', '_blank');
    // The chip opens the file at the source: the document's content address redirects to the provider's page.
    const chipUrl = await chip.getAttribute('href');
    expect(chipUrl).toMatch(/^\/api\/documents\/[0-9a-f-]{36}\/content$/);
    const opened = await page.request.get(chipUrl ?? '', { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers().location).toMatch(journey.sourceUrl);

    if (journey.change) {
      // Changes at the source, then a sync on demand: the edit is found, the deleted and the unshared items are not.
      const { change } = journey;
      const applied = await page.request.post(`${process.env.E2E_SOURCE_CHANGES_URL}/${journey.provider}`);
      expect(applied.status()).toBe(204);
      await page.getByRole('button', { name: 'Connected services' }).click();
      await card.getByRole('button', { name: 'Sync now' }).click();
      await expect
        .poll(async () => (await searchResults(page, change.term)).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect(card.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      const second = await ask(page, journey.question);
      await expect(second).toContainText(change.answer);
      for (const term of change.goneTerms) expect(await searchResults(page, term)).toEqual([]);
    }

    await page.getByRole('button', { name: 'Connected services' }).click();
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Disconnect ${journey.label}?` });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(confirm).toBeHidden();
    await expect(card.getByRole('status')).toHaveText('Not connected');
    await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
    await expect(card).not.toContainText(journey.accountEmail);
    // Disconnecting removed the synced files at once.
    expect((await page.request.get(chipUrl ?? '', { maxRedirects: 0 })).status()).toBe(404);
  });
}

test('a blocked popup is reported and the card stays ready to connect', async ({ page }) => {
  // What a browser's popup blocker does: window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const dialog = await openConnectedServices(page, 'connect-blocked');
  const card = dialog.getByTestId('integration-dropbox');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Popup blocked. Please allow popups for this site.')).toBeVisible();
  await expect(card.getByRole('status')).toHaveText('Not connected');
  await expect(card.getByRole('button', { name: 'Connect' })).toBeEnabled();
});
