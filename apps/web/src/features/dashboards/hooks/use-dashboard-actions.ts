import {
  BookOpenIcon,
  BotIcon,
  Building2Icon,
  ChartColumnIcon,
  FolderKanbanIcon,
  ImagesIcon,
  LayersIcon,
  type LucideIcon,
  MessagesSquareIcon,
  ScrollTextIcon,
  SettingsIcon,
  SlidersHorizontalIcon,
  UserPlusIcon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { DashboardAction } from '../components/action-card';

/** /workspace opens on its Settings tab with ?tab=settings (config/paths has no typed query for it yet). */
export const WORKSPACE_SETTINGS_HREF = paths.workspace.getHref({ tab: 'settings' });

type ActionTextKey =
  | 'actions.aiChat'
  | 'actions.teamChat'
  | 'actions.spaces'
  | 'actions.assets'
  | 'actions.notion'
  | 'actions.workspace'
  | 'actions.teamManagement'
  | 'actions.inviteMember'
  | 'actions.spacesManagement'
  | 'actions.auditLogs'
  | 'actions.analytics'
  | 'getStarted.aiChat'
  | 'getStarted.enterpriseWorkspace'
  | 'administration.workspaceSettings'
  | 'administration.advancedSettings';

/** Every card a dashboard links from, by name. */
function useActionCatalog() {
  const { t } = useTranslation('dashboards');
  const action = (id: string, to: string, icon: LucideIcon, textKey: ActionTextKey): DashboardAction => ({
    id,
    to,
    icon,
    title: t(`${textKey}.title`),
    description: t(`${textKey}.description`),
  });
  return {
    aiChat: action('ai-chat', paths.chat.getHref(), BotIcon, 'actions.aiChat'),
    teamChat: action('team-chat', paths.teamChat.getHref(), MessagesSquareIcon, 'actions.teamChat'),
    spaces: action('spaces', paths.spaces.getHref(), LayersIcon, 'actions.spaces'),
    assets: action('assets', paths.assets.getHref(), ImagesIcon, 'actions.assets'),
    notion: action('notion', paths.notion.getHref(), BookOpenIcon, 'actions.notion'),
    workspace: action('workspace', paths.workspace.getHref(), Building2Icon, 'actions.workspace'),
    teamManagement: action('team-management', paths.teamManagement.getHref(), UsersIcon, 'actions.teamManagement'),
    inviteMember: action(
      'invite-member',
      paths.teamManagement.getHref({ action: 'invite' }),
      UserPlusIcon,
      'actions.inviteMember',
    ),
    spacesManagement: action(
      'spaces-management',
      paths.spacesManagement.getHref(),
      FolderKanbanIcon,
      'actions.spacesManagement',
    ),
    auditLogs: action('audit-logs', paths.audit.getHref(), ScrollTextIcon, 'actions.auditLogs'),
    analytics: action('analytics', paths.analytics.getHref(), ChartColumnIcon, 'actions.analytics'),
    aiChatCard: action('ai-chat-card', paths.chat.getHref(), BotIcon, 'getStarted.aiChat'),
    enterpriseWorkspace: action(
      'enterprise-workspace',
      paths.workspace.getHref(),
      Building2Icon,
      'getStarted.enterpriseWorkspace',
    ),
    workspaceSettings: action(
      'workspace-settings',
      WORKSPACE_SETTINGS_HREF,
      SettingsIcon,
      'administration.workspaceSettings',
    ),
    advancedSettings: action(
      'advanced-settings',
      paths.audit.getHref(),
      SlidersHorizontalIcon,
      'administration.advancedSettings',
    ),
  };
}

/** Leaves out the entries that are `false` (a card the role does not get). */
function only(actions: (DashboardAction | false)[]): DashboardAction[] {
  return actions.filter((action): action is DashboardAction => action !== false);
}

/** /dashboard's Quick Actions, for everyone (docs/product-rules.md#workspace-and-dashboard). */
export function useTeamDashboardQuickActions(): DashboardAction[] {
  const catalog = useActionCatalog();
  return [catalog.aiChat, catalog.teamChat, catalog.spaces, catalog.assets, catalog.notion];
}

/**
 * /dashboard's Team Management section (managers). Audit Logs only for admins: the audit screen refuses everyone
 * else, so a team lead is not offered a link that ends at 'Access Denied'.
 */
export function useTeamManagementActions(isAdmin: boolean): DashboardAction[] {
  const catalog = useActionCatalog();
  return only([catalog.teamManagement, catalog.inviteMember, catalog.spacesManagement, isAdmin && catalog.auditLogs]);
}

/** The AI Chat and Enterprise Workspace cards that members who do not manage the team see on /dashboard. */
export function useMemberStartActions(): DashboardAction[] {
  const catalog = useActionCatalog();
  return [catalog.aiChatCard, catalog.enterpriseWorkspace];
}

/** Workspace Settings and Advanced Settings: admins only (docs/product-rules.md#roles). */
export function useAdministrationActions(): DashboardAction[] {
  const catalog = useActionCatalog();
  return [catalog.workspaceSettings, catalog.advancedSettings];
}

/** /admin-dashboard's Quick Actions; Audit Logs for admins only. */
export function useAdminDashboardQuickActions(isAdmin: boolean): DashboardAction[] {
  const catalog = useActionCatalog();
  return only([
    catalog.inviteMember,
    catalog.teamManagement,
    catalog.spacesManagement,
    isAdmin && catalog.auditLogs,
    catalog.analytics,
  ]);
}

/** /employee-dashboard's Quick Actions. */
export function useEmployeeDashboardQuickActions(): DashboardAction[] {
  const catalog = useActionCatalog();
  return [catalog.aiChat, catalog.teamChat, catalog.workspace, catalog.assets];
}
