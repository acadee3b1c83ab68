import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths.ts';
import { E2E_APP_URL } from '../playwright.config.ts';
import { findLink, readMail } from './mailbox.ts';

/** The rules the journeys hold every screen to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const PASSWORD = 'correct horse battery';

export const THEMES = ['dark', 'light'] as const;
export type ThemeName = (typeof THEMES)[number];

export type RouteName = keyof typeof paths;

/** Every route of the web router, from the typed paths module the router is built from (router.test.tsx checks both agree). */
export const ROUTES = Object.entries(paths).map(([name, route]) => ({ name: name as RouteName, pattern: route.path }));

/** True when `pathname` is a URL of the route pattern (`/spaces/:spaceName`); literal segments win over parameters. */
export function isPathOfRoute(pathname: string, pattern: string): boolean {
  const literal = ROUTES.find((route) => route.pattern === pathname);
  if (literal) return literal.pattern === pattern;
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(pathname);
}

/** One axe finding, short enough to read in a test report. */
export type Finding = { screen: string; rule: string; impact: string; targets: string[]; summary: string };

/** Runs axe with the WCAG tags on the page as it is and returns its violations, labelled with the screen. */
export async function checkPage(page: Page, screen: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? violation.help,
  }));
}

/** State-changing API calls carry the app's Origin, as the browser would. */
export function post(request: APIRequestContext, url: string, data: object) {
  return request.post(url, { data, headers: { origin: E2E_APP_URL } });
}

/** Signs up through the API (optionally with an invite code) and confirms by mail in this context: it is signed in. */
export async function signUp(
  context: BrowserContext,
  email: string,
  firstName: string,
  lastName: string,
  inviteCode?: string,
) {
  const response = await context.request.post('/api/auth/sign-up/email', {
    data: { firstName, lastName, email, password: PASSWORD, callbackURL: '/employee-dashboard', inviteCode },
  });
  expect(response.ok()).toBeTruthy();
  await context.request.get(findLink(await readMail(email, 'confirm'), '/api/auth/verify-email'), { maxRedirects: 0 });
}

/**
 * Makes `theme` the one the app paints: in storage before any script runs (what public/theme-init.js reads), and as
 * the signed-in user's saved preference, which the chat applies when it loads.
 */
export async function applyTheme(context: BrowserContext, theme: ThemeName, isSignedIn: boolean) {
  await context.addInitScript((value) => window.localStorage.setItem('ui-theme', value), theme);
  if (isSignedIn) {
    const response = await context.request.put('/api/me/preferences', {
      data: { theme },
      headers: { origin: E2E_APP_URL },
    });
    expect(response.ok()).toBeTruthy();
  }
}

/** Waits until the screen has rendered its heading and the spinners are gone. */
export async function waitForScreen(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  // A named spinner is a loading screen or list; one that stays (a document still processing) does not block the check.
  await expect(page.locator('[role="status"] > svg.animate-spin'))
    .toHaveCount(0, { timeout: 5000 })
    .catch(() => undefined);
  // Let entrance transitions finish, so colours are measured at rest.
  await waitForAnimations(page);
}

/**
 * Waits until every finite animation and transition on the page has finished (spinners repeat forever and are not
 * waited for): a dialog checked while it fades in reads as low contrast, and a loaded machine stretches the fade.
 */
export async function waitForAnimations(page: Page) {
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.waitForTimeout(100);
}
