import { act, screen } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SKIP_TARGETS } from '@/config/ui';
import { renderRoutes } from '@/testing/test-utils';
import { RootLayout } from '../routes/root-layout';
import { focusMainHeading } from './use-focus-on-route-change';

function Screen({ title, to }: { title: string; to: string }) {
  return (
    <>
      <h1>{title}</h1>
      <Link to={to}>Go on</Link>
    </>
  );
}

function Shell() {
  return (
    <main id={SKIP_TARGETS.main}>
      <Outlet />
    </main>
  );
}

const routes = [
  {
    Component: RootLayout,
    children: [
      {
        Component: Shell,
        children: [
          { path: '/first', element: <Screen title="First screen" to="/second" /> },
          { path: '/second', element: <Screen title="Second screen" to="/second?tab=b" /> },
        ],
      },
    ],
  },
];

/** A bare `<main>` outside React, for the loading cases. */
function mountMain(html: string): HTMLElement {
  const main = document.createElement('main');
  main.id = SKIP_TARGETS.main;
  main.innerHTML = html;
  document.body.append(main);
  return main;
}

afterEach(() => {
  for (const main of document.querySelectorAll('body > main')) main.remove();
});

describe('focus after a route change', () => {
  it('leaves focus alone on the first load', async () => {
    renderRoutes({ path: '/first', routes });
    expect(await screen.findByRole('heading', { name: 'First screen' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it("moves focus to the new screen's heading, and not on a change of the query only", async () => {
    const { user } = renderRoutes({ path: '/first', routes });
    await user.click(await screen.findByRole('link', { name: 'Go on' }));

    const heading = await screen.findByRole('heading', { name: 'Second screen' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');

    const link = screen.getByRole('link', { name: 'Go on' });
    await user.click(link);
    expect(link).toHaveFocus();
  });

  it('focuses the main landmark while the screen loads, then its heading once it appears', async () => {
    const main = mountMain('<p>Loading…</p>');
    focusMainHeading();
    expect(main).toHaveFocus();

    const heading = document.createElement('h1');
    heading.textContent = 'Loaded';
    await act(async () => {
      main.append(heading);
      await Promise.resolve();
    });
    expect(heading).toHaveFocus();
  });

  it('does not take focus back from a control the user moved to while the screen loaded', async () => {
    const main = mountMain('<button type="button">Early</button>');
    focusMainHeading();
    screen.getByRole('button', { name: 'Early' }).focus();

    const heading = document.createElement('h1');
    heading.textContent = 'Loaded';
    await act(async () => {
      main.append(heading);
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Early' })).toHaveFocus();
  });
});
