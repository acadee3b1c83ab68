import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/test-utils';

describe('not-found page', () => {
  it('shows 404 with a link home and logs the attempted path', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes({ path: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The path is logged from an effect, which may run just after the heading appears.
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        '404 Error: User attempted to access non-existent route:',
        '/no/such/page',
      ),
    );
  });

  it("has a 'Skip to main content' link as the first Tab stop", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoutes({ path: '/no/such/page' });
    await screen.findByRole('heading', { name: '404' });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
