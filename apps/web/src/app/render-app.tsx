import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './index';

/** The whole app: providers and the router with every screen. */
export function renderApp(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
