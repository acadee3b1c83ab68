import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/test-utils';

describe('landing page', () => {
  it('shows the product, the two calls to action and the four features', async () => {
    renderRoutes({ path: '/' });

    expect(await screen.findByRole('link', { name: 'Admin Get Started' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: 'Employee Sign Up' })).toHaveAttribute('href', '/employee-signup');
    expect(screen.getByRole('heading', { name: 'Supercharge your marketing team' })).toBeInTheDocument();
    for (const title of ['Campaign Intelligence', 'Content Discovery', 'Brand Consistency', 'Omnichannel Insights']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(
      screen.getByText('© 2024 Lumen. Empowering marketing teams with intelligent automation.'),
    ).toBeInTheDocument();
  });

  it('switches and remembers the language', async () => {
    const { user } = renderRoutes({ path: '/' });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'es');

    expect(await screen.findByRole('link', { name: 'Empezar como administrador' })).toBeInTheDocument();
    expect(window.localStorage.getItem('app-language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });
});
