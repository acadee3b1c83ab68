import { lazy, Suspense } from 'react';

// The toggle pulls in the dropdown menu; loading it after first paint keeps the landing page within its JS budget.
const ThemeToggle = lazy(() =>
  import('@/features/theme/components/theme-toggle').then((module) => ({ default: module.ThemeToggle })),
);

export function LazyThemeToggle() {
  return (
    <Suspense fallback={<span className="inline-block size-9" aria-hidden="true" />}>
      <ThemeToggle />
    </Suspense>
  );
}
