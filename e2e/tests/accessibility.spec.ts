import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  applyTheme,
  checkPage,
  type Finding,
  isPathOfRoute,
  post,
  ROUTES,
  type RouteName,
  signUp,
  THEMES,
  waitForAnimations,
  waitForScreen,
} from '../support/a11y.ts';
import { uniqueEmail } from '../support/mailbox.ts';

type Who = 'signedOut' | 'admin' | 'employee' | 'noTeam';

/** How the journey reaches one route: as whom, and the URLs (tabs are extra URLs of the same route). */
type Visit = { who: Who; urls: string[] };

type Fixture = {
  spaceId: string;
  spaceSlug: string;
  openInvitationId: string;
  adminEmail: string;
  employeeEmail: string;
  noTeamEmail: string;
};

const TEAM_TABS = ['overview', 'members', 'spaces', 'activity', 'departments', 'permissions'] as const;
const WORKSPACE_TABS = ['overview', 'analytics', 'documents', 'team', 'settings'] as const;

/**
 * The visit of every route. A `Record` over the route names: a new route in the paths module fails the typecheck here
 * until it has a visit, and the journey fails at run time if a route was not reached.
 */
function planVisits(fixture: Fixture): Record<RouteName, Visit> {
  return {
    home: { who: 'signedOut', urls: ['/'] },
    auth: { who: 'signedOut', urls: ['/auth', '/auth?mode=signup', '/auth?mode=forgot'] },
    acceptInvitation: { who: 'signedOut', urls: [`/accept-invitation?id=${fixture.openInvitationId}`] },
    employeeLogin: { who: 'signedOut', urls: ['/employee-login'] },
    employeeSignup: { who: 'signedOut', urls: ['/employee-signup'] },
    dashboard: { who: 'admin', urls: ['/dashboard'] },
    adminDashboard: { who: 'admin', urls: ['/admin-dashboard'] },
    employeeDashboard: { who: 'employee', urls: ['/employee-dashboard'] },
    chat: { who: 'admin', urls: ['/chat'] },
    workspace: { who: 'admin', urls: WORKSPACE_TABS.map((tab) => `/workspace?tab=${tab}`) },
    workspaceNew: { who: 'noTeam', urls: ['/workspace-new'] },
    audit: { who: 'admin', urls: ['/audit'] },
    teamChat: { who: 'admin', urls: ['/team-chat'] },
    spaces: { who: 'admin', urls: ['/spaces'] },
    spacesNew: { who: 'admin', urls: ['/spaces/new'] },
    space: { who: 'admin', urls: [`/spaces/${fixture.spaceSlug}`] },
    analytics: { who: 'admin', urls: ['/analytics'] },
    assets: { who: 'admin', urls: ['/assets'] },
    teamManagement: { who: 'admin', urls: TEAM_TABS.map((tab) => `/team-management?tab=${tab}`) },
    roleManagement: { who: 'admin', urls: [`/role-management/${fixture.spaceId}`] },
    spacesManagement: { who: 'admin', urls: ['/spaces-management', `/spaces-management?space=${fixture.spaceId}`] },
    notion: { who: 'admin', urls: ['/notion'] },
  };
}

/** The popups a screen opens from a trigger: dialogs, popovers and menus. */
const POPUP = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * Opens each popup the screen offers (every visible, enabled `aria-haspopup` trigger whose name was not opened before),
 * checks the screen with it open, closes it with Escape and expects focus back on the trigger.
 */
async function checkPopups(page: Page, screen: string, openedNames: Set<string>, findings: Finding[]) {
  const triggers = page.locator(
    'button[aria-haspopup="dialog"]:visible:enabled, button[aria-haspopup="menu"]:visible:enabled, button[aria-haspopup="true"]:visible:enabled',
  );
  const count = await triggers.count();
  for (let index = 0; index < count; index += 1) {
    const trigger = triggers.nth(index);
    // The list may change while popups open and close; a trigger that went away is skipped.
    const name = await trigger
      .evaluate((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', undefined, {
        timeout: 2000,
      })
      .catch(() => '');
    if (!name || openedNames.has(name)) continue;
    openedNames.add(name);
    await trigger.focus({ timeout: 2000 });
    await page.keyboard.press('Enter');
    const popup = page.locator(POPUP).filter({ visible: true }).last();
    const isOpen = await popup
      .waitFor({ state: 'visible', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (!isOpen) continue;
    await waitForAnimations(page);
    const found = await checkPage(page, `${screen} + '${name}' open`);
    findings.push(...found);
    console.log(`  + '${name}': ${found.length} violation(s)${found.map((item) => ` ${item.rule}`).join('')}`);
    await page.keyboard.press('Escape');
    await expect.soft(page.locator(POPUP).filter({ visible: true }), `'${name}' closes with Escape`).toHaveCount(0);
    await expect.soft(trigger, `focus returns to '${name}'`).toBeFocused();
  }
}

/**
 * The sweep's browsers ask for reduced motion (which the app honours): colours are checked at rest, never mid fade-in,
 * however loaded the machine is (waitForAnimations alone missed a dialog whose fade had not started yet).
 */
const A11Y_CONTEXT = { reducedMotion: 'reduce' } as const;

async function createFixture(browser: Browser): Promise<{ fixture: Fixture; contexts: Record<Who, BrowserContext> }> {
  const adminEmail = uniqueEmail('a11y-admin');
  const employeeEmail = uniqueEmail('a11y-employee');
  const noTeamEmail = uniqueEmail('a11y-no-team');

  const admin = await browser.newContext(A11Y_CONTEXT);
  await signUp(admin, adminEmail, 'Grace', 'Hopper');
  expect((await post(admin.request, '/api/teams', { name: 'Compiler Works' })).status()).toBe(201);
  const invite = async (email: string) => {
    const response = await post(admin.request, '/api/teams/current/invitations', { email });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { invitation: { id: string } }).invitation.id;
  };
  const employeeInvitation = await invite(employeeEmail);
  const openInvitationId = await invite(uniqueEmail('a11y-invited'));

  const employee = await browser.newContext(A11Y_CONTEXT);
  await signUp(employee, employeeEmail, 'Alan', 'Turing', employeeInvitation);
  const noTeam = await browser.newContext(A11Y_CONTEXT);
  await signUp(noTeam, noTeamEmail, 'Edsger', 'Dijkstra');

  const created = await post(admin.request, '/api/spaces', {
    name: 'Compiler Notes',
    description: 'Notes on the first compilers.',
  });
  expect(created.status()).toBe(201);
  const space = (await created.json()) as { id: string; slug: string };
  const signedOut = await browser.newContext(A11Y_CONTEXT);
  return {
    fixture: { spaceId: space.id, spaceSlug: space.slug, openInvitationId, adminEmail, employeeEmail, noTeamEmail },
    contexts: { admin, employee, noTeam, signedOut },
  };
}

// One test per theme, so the two run side by side on CI's two workers (playwright.config.ts); each builds its own team.
for (const theme of THEMES) {
  test(`every route in the ${theme} theme, with its popups open, has no WCAG 2.2 A/AA violation`, async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const { fixture, contexts } = await createFixture(browser);
    const visits = planVisits(fixture);
    const findings: Finding[] = [];
    const reached = new Set<RouteName>();

    const pages = {} as Record<Who, Page>;
    for (const who of Object.keys(contexts) as Who[]) {
      await applyTheme(contexts[who], theme, who !== 'signedOut');
      pages[who] = await contexts[who].newPage();
    }
    // A trigger seen on several screens (the account menu) is opened once.
    const openedNames = new Set<string>();

    for (const { name, pattern } of ROUTES) {
      const visit = visits[name];
      const page = pages[visit.who];
      for (const url of visit.urls) {
        await page.goto(url);
        await waitForScreen(page);
        const { pathname } = new URL(page.url());
        expect(isPathOfRoute(pathname, pattern), `${url} stays on ${pattern} (reached ${pathname})`).toBe(true);
        reached.add(name);
        const screen = `${theme} ${url}`;
        const found = await checkPage(page, screen);
        findings.push(...found);
        console.log(`${screen}: ${found.length} violation(s)${found.map((item) => ` ${item.rule}`).join('')}`);
        // The chat's first visit opens the welcome dialog (checked above, open); it is closed before the others.
        const welcome = page.getByRole('dialog', { name: /welcome/i });
        if (await welcome.isVisible()) {
          await page.keyboard.press('Escape');
          await expect(welcome).toBeHidden();
        }
        await checkPopups(page, screen, openedNames, findings);
      }
    }

    // The not-found page (the router's '*').
    await pages.signedOut.goto('/no/such/page');
    await waitForScreen(pages.signedOut);
    findings.push(...(await checkPage(pages.signedOut, `${theme} 404`)));

    await test.info().attach(`axe-findings-${theme}.json`, {
      body: JSON.stringify(findings, null, 2),
      contentType: 'application/json',
    });
    for (const context of Object.values(contexts)) await context.close();
    if (findings.length > 0) console.log(JSON.stringify(findings, null, 2));

    expect(
      ROUTES.map((route) => route.name).filter((routeName) => !reached.has(routeName)),
      'routes the journey did not reach',
    ).toEqual([]);
    expect(
      findings.map(
        (finding) => `${finding.screen}: ${finding.rule} (${finding.impact}) ${finding.targets.join(' | ')}`,
      ),
    ).toEqual([]);
  });
}
