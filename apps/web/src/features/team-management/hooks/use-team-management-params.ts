import { useUrlParams } from '@/hooks/use-url-params';
import {
  DEFAULT_TEAM_MANAGEMENT_TAB,
  INVITE_ACTION,
  type TeamManagementTab,
  toTeamManagementTab,
} from '../utils/team-management-tabs';

/**
 * The active tab (`?tab=`) and the invite request (`?action=invite`) kept in the URL, so that links (the chat
 * sidebar's Members, Departments and Invite members) open the screen in that state and a reload keeps it.
 */
export function useTeamManagementParams() {
  // Changes replace the history entry: Back leaves the screen rather than stepping through tabs (arrow keys switch
  // tabs, so pushing would add an entry per key press) or reopening a dialog.
  const { searchParams, updateParams } = useUrlParams();
  const tab = toTeamManagementTab(searchParams.get('tab'));
  const isInviteRequested = searchParams.get('action') === INVITE_ACTION;

  const selectTab = (nextTab: TeamManagementTab) => {
    updateParams((params) => {
      if (nextTab === DEFAULT_TEAM_MANAGEMENT_TAB) params.delete('tab');
      else params.set('tab', nextTab);
    });
  };

  const setInviteRequested = (isRequested: boolean) => {
    updateParams((params) => {
      if (isRequested) params.set('action', INVITE_ACTION);
      else params.delete('action');
    });
  };

  return { tab, selectTab, isInviteRequested, setInviteRequested };
}
