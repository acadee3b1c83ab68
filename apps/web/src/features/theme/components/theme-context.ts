import type { Theme } from '@lumen/contract';
import { createContext } from 'react';

export type ResolvedTheme = Exclude<Theme, 'system'>;

export type ThemeContextValue = {
  /** The chosen theme, possibly 'system'. */
  theme: Theme;
  /** The theme actually shown. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
};

export const ThemeContext = createContext<ThemeContextValue | null>(null);
