import type { ClientEvent } from '@lumen/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createClientEventReporter } from './client-event-reporter';
import { useClientEvents } from './use-client-events';

function Reporting({ sent }: { sent: ClientEvent[] }) {
  useClientEvents(() =>
    createClientEventReporter({
      send: async (events) => {
        sent.push(...events);
      },
      intervalMs: 60_000,
    }),
  );
  return <Outlet />;
}

describe('useClientEvents', () => {
  it('reports page visits by route pattern, clicks by stable name, and uncaught errors', async () => {
    const sent: ClientEvent[] = [];
    const router = createMemoryRouter(
      [
        {
          element: <Reporting sent={sent} />,
          children: [
            {
              path: '/dashboard',
              element: (
                <Link to="/spaces/harbour" data-track="open-space">
                  Harbour
                </Link>
              ),
            },
            { path: '/spaces/:slug', element: <button type="button">Ask about Alan</button> },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    const { unmount } = render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Harbour' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ask about Alan' }));
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom for ada@example.com', error: new TypeError('x') }));
    });
    unmount();
    await act(async () => {});
    expect(sent.map(({ at: _at, ...event }) => event)).toEqual([
      { type: 'page_visit', route: '/dashboard' },
      { type: 'ui_interaction', route: '/dashboard', element: 'link', target: 'open-space' },
      { type: 'page_visit', route: '/spaces/:slug' },
      { type: 'ui_interaction', route: '/spaces/:slug', element: 'button' },
      { type: 'client_error', route: '/spaces/:slug', errorName: 'TypeError', errorMessage: 'boom for [email]' },
    ]);
    expect(JSON.stringify(sent)).not.toContain('Alan');
  });
});
