import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/test-utils';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

function BrokenScreen(): never {
  throw new Error('The screen broke');
}

describe('error page', () => {
  it("shows the error with a 'Skip to main content' link as the first Tab stop", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoutes({
      path: '/broken',
      routes: [
        {
          Component: RootLayout,
          ErrorBoundary: RouteErrorBoundary,
          children: [{ path: '/broken', Component: BrokenScreen }],
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The screen broke')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
