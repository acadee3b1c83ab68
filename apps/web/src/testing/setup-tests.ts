import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n, loadAppTexts } from '@/lib/i18n';

// jsdom lacks a few browser APIs that Radix and the theme code use.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Lazy routes load on first use; give findBy* queries room on a busy machine.
// Text queries skip the chat's live region (it repeats the visible answer for screen readers; its own tests read it
// by its test id).
configure({ asyncUtilTimeout: 10_000, defaultIgnore: 'script, style, [data-testid="answer-announcer"]' });

beforeAll(async () => {
  await initI18n();
  await loadAppTexts();
});

afterEach(async () => {
  cleanup();
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  vi.useRealTimers();
  window.localStorage.clear();
  document.documentElement.className = '';
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
