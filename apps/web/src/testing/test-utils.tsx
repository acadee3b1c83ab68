import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { routes as appRoutes } from '@/app/router';
import { RootLayout } from '@/app/routes/root-layout';

type RenderRoutesOptions = {
  /** The URL to start at. */
  path?: string;
  /** Defaults to the app's real route tree. */
  routes?: RouteObject[];
};

/** Renders a route tree (the real one by default) in a memory router with the app's providers and toaster. */
export function renderRoutes({ path = '/', routes = appRoutes }: RenderRoutesOptions = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user };
}

/** Renders one element at `path` with providers, toaster and a router (so links work); other paths render nothing. */
export function renderWithProviders(ui: ReactNode, { path = '/test' }: { path?: string } = {}) {
  return renderRoutes({
    path,
    routes: [{ Component: RootLayout, children: [{ path: '*', element: ui }] }],
  });
}

/** The current location of a memory router, as path + search. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
