import type { RoleState } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getDocumentContentHref, useDocuments } from '@/features/documents/api/get-documents';
import { IntegrationRequestsPanel } from '@/features/integrations/components/integration-requests-panel';
import { usePreferences } from '@/features/preferences/api/get-preferences';
import { useUpdatePreferences } from '@/features/preferences/api/update-preferences';
import { useTeamStats } from '@/features/teams/api/get-team-stats';
import { ActivityList } from '@/features/teams/components/activity-list';
import { useMemberRows } from '@/features/teams/hooks/use-member-rows';
import { AnalyticsPanel } from '@/features/workspace/components/analytics-panel';
import { DocumentsPanel } from '@/features/workspace/components/documents-panel';
import { OverviewPanel } from '@/features/workspace/components/overview-panel';
import { SettingsPanel } from '@/features/workspace/components/settings-panel';
import { TeamPanel } from '@/features/workspace/components/team-panel';
import type { WorkspaceTab } from '@/features/workspace/types';

/*
 * The workspace screen's tabs, each composing a query of the teams, documents or preferences feature with the
 * workspace feature's panel (features do not import each other, so the composition lives here in app/).
 */

/** The Overview's Recent Activity shows this many events. */
const RECENT_ACTIVITY_LIMIT = 5;

export function OverviewTab({
  canManageTeam: isManager,
  onSelectTab,
}: {
  canManageTeam: boolean;
  onSelectTab: (tab: WorkspaceTab) => void;
}) {
  const stats = useTeamStats();
  return (
    <OverviewPanel
      stats={stats.data}
      isPending={stats.isPending}
      isError={stats.isError}
      onRetry={() => void stats.refetch()}
      canManageTeam={isManager}
      onSelectTab={onSelectTab}
      recentActivity={<ActivityList limit={RECENT_ACTIVITY_LIMIT} />}
    />
  );
}

export function AnalyticsTab() {
  const stats = useTeamStats();
  return (
    <AnalyticsPanel
      stats={stats.data}
      isPending={stats.isPending}
      isError={stats.isError}
      onRetry={() => void stats.refetch()}
    />
  );
}

export function DocumentsTab() {
  const { t } = useTranslation('workspace');
  const documents = useDocuments();
  const loadMore = async () => {
    const result = await documents.fetchNextPage();
    if (result.isFetchNextPageError) toast.error(t('documents.loadFailed'));
  };
  return (
    <DocumentsPanel
      documents={documents.data?.pages.flatMap((page) => page.documents) ?? []}
      isPending={documents.isPending}
      // A failed next page keeps the documents already shown (and says so in a toast).
      isError={documents.isError && !documents.data}
      onRetry={() => void documents.refetch()}
      hasMore={documents.hasNextPage}
      isLoadingMore={documents.isFetchingNextPage}
      onLoadMore={() => void loadMore()}
      getContentHref={getDocumentContentHref}
    />
  );
}

/** Team Management's preview for managers; admins also review the team's integration requests here. */
export function TeamTab({ isAdmin }: { isAdmin: boolean }) {
  const members = useMemberRows();
  return (
    <div className="grid gap-6">
      <TeamPanel
        members={members.rows}
        isPending={members.isPending}
        isError={members.isError}
        onRetry={() => void members.refetch()}
      />
      {isAdmin ? <IntegrationRequestsPanel /> : null}
    </div>
  );
}

export function SettingsTab({
  workspaceName,
  roleState,
  onSignOut,
  isSigningOut,
}: {
  workspaceName: string;
  roleState: RoleState;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const preferences = usePreferences();
  const { mutateAsync: savePreferences } = useUpdatePreferences();
  return (
    <SettingsPanel
      workspaceName={workspaceName}
      role={roleState.role}
      preferences={preferences.data}
      isPreferencesPending={preferences.isPending}
      savePreferences={savePreferences}
      onSignOut={onSignOut}
      isSigningOut={isSigningOut}
    />
  );
}
