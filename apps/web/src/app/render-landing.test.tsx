import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import landingEnglish from '@/locales/en.json';
import { renderLanding } from './render-landing';

/**
 * The landing page on its own (ADR 0118): no router or query client around it. A router link or a query added to it
 * would throw here ("useHref() may be used only in the context of a <Router>"), and it would double the page's
 * JavaScript; its links are plain ones that load the app by a normal navigation.
 */
describe('the landing page rendered without the app', () => {
  beforeAll(() => {
    // Only the English the entry carries: the app's texts (en-app.json) are not loaded on the landing page.
    i18n.removeResourceBundle('en', 'translation');
    i18n.addResourceBundle('en', 'translation', landingEnglish);
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the page, its plain links and the theme and language controls', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    renderLanding(root);

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Admin Get Started/ })).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: /Employee Sign Up/ })).toHaveAttribute('href', '/employee-signup');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Lumen home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(await within(header).findByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
    // A text missing from en.json would show as its key ("landing.headline").
    expect(document.body.textContent).not.toMatch(/\b(common|landing|languages|theme|[a-z]+[A-Z]\w*)\.\w+/);
  });
});
