import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routes } from './router';

function collectPaths(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...collectPaths(route.children ?? [])]);
}

describe('router', () => {
  // The accessibility journey (e2e/tests/accessibility.spec.ts) visits every route of the paths module; this keeps
  // the module and the router in step, so a new screen cannot escape the check.
  it('has exactly the routes of the paths module, plus the not-found catch-all', () => {
    const routerPaths = collectPaths(routes).sort();
    const modulePaths = Object.values(paths)
      .map((route) => route.path)
      .sort();
    expect(routerPaths).toEqual([...modulePaths, '*'].sort());
  });
});
