/** The screen's tabs, in order; the active one is kept in the URL (?tab=…) so sidebar links can open it. */
export const TEAM_MANAGEMENT_TABS = [
  'overview',
  'members',
  'spaces',
  'activity',
  'departments',
  'permissions',
] as const;
export type TeamManagementTab = (typeof TEAM_MANAGEMENT_TABS)[number];
export const DEFAULT_TEAM_MANAGEMENT_TAB: TeamManagementTab = 'overview';

/** The `?action=` value that opens the full invite dialog (the sidebar's 'Invite members' link). */
export const INVITE_ACTION = 'invite';

export function isTeamManagementTab(value: unknown): value is TeamManagementTab {
  return typeof value === 'string' && (TEAM_MANAGEMENT_TABS as readonly string[]).includes(value);
}

/** The tab named in the URL, or Overview when it names none (or an unknown one). */
export function toTeamManagementTab(value: string | null): TeamManagementTab {
  return isTeamManagementTab(value) ? value : DEFAULT_TEAM_MANAGEMENT_TAB;
}
