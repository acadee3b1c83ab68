import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useTheme } from '../hooks/use-theme';
import { ThemeProvider } from './theme-provider';

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('light')}>
        light
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        system
      </button>
    </div>
  );
}

function stubColorScheme(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: prefersDark,
    addEventListener: (_event: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_event: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => media as unknown as MediaQueryList);
  return {
    change(nextPrefersDark: boolean) {
      media.matches = nextPrefersDark;
      for (const listener of listeners) listener();
    },
  };
}

describe('ThemeProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('defaults to dark and applies the class on <html>', () => {
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it("persists the choice under 'ui-theme' and restores it", () => {
    const { unmount } = render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    act(() => screen.getByRole('button', { name: 'light' }).click());
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    unmount();

    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('light/light')).toBeInTheDocument();
  });

  it("follows the operating system with 'system'", () => {
    const colorScheme = stubColorScheme(false);
    window.localStorage.setItem(STORAGE_KEYS.theme, 'system');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('system/light')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('light');

    act(() => colorScheme.change(true));
    expect(screen.getByText('system/dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('dark/dark')).toBeInTheDocument();
  });
});
