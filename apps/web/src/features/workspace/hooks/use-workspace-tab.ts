import { useCallback } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import { WORKSPACE_TABS, type WorkspaceTab } from '../types';

export function isWorkspaceTab(value: unknown): value is WorkspaceTab {
  return typeof value === 'string' && (WORKSPACE_TABS as readonly string[]).includes(value);
}

/**
 * The active tab lives in the URL (?tab=), so a link or a reload opens the same tab. A tab the user may not see (or an
 * unknown value) shows the overview.
 */
export function useWorkspaceTab(availableTabs: readonly WorkspaceTab[]) {
  const { searchParams, updateParams } = useUrlParams();
  const requested = searchParams.get('tab');
  const tab: WorkspaceTab = isWorkspaceTab(requested) && availableTabs.includes(requested) ? requested : 'overview';

  const selectTab = useCallback(
    (next: WorkspaceTab) => {
      // Replace (the default), not push: moving through the tabs (arrow keys included) should not fill the history.
      updateParams((params) => params.set('tab', next));
    },
    [updateParams],
  );

  return { tab, selectTab };
}
