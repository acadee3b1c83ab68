import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider } from '@/features/theme/components/theme-provider';
import { LandingRoute } from './routes/landing';

/**
 * The landing page when a visit starts there: the page and the theme, without the router and the query client, which
 * would double its JavaScript (ADR 0118). Its links load the app by a normal navigation.
 */
export function renderLanding(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider storageKey={STORAGE_KEYS.theme}>
        <LandingRoute />
      </ThemeProvider>
    </StrictMode>,
  );
}
