// Applies the stored theme before the app loads, so the page does not flash. Mirrors features/theme (key 'ui-theme').
(() => {
  const root = document.documentElement;
  let theme = 'dark';
  try {
    const stored = window.localStorage.getItem('ui-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage can be unavailable (privacy mode); keep the default.
  }
  if (theme === 'system') {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
