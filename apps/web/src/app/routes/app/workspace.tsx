import {
  canManageTeam,
  NO_TEAM_ROLE_STATE,
  type RoleState,
  type TeamMember,
  type TeamSearchResult,
} from '@lumen/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { getDocumentContentHref, useDocuments } from '@/features/documents/api/get-documents';
import { useRole } from '@/features/me/api/get-role';
import { usePreferences } from '@/features/preferences/api/get-preferences';
import { useUpdatePreferences } from '@/features/preferences/api/update-preferences';
import { useMembers } from '@/features/teams/api/get-members';
import { useTeamStats } from '@/features/teams/api/get-team-stats';
import { useTeamSearch } from '@/features/teams/api/search-team';
import { ActivityList } from '@/features/teams/components/activity-list';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';
import { MemberAvatar } from '@/features/teams/components/member-avatar';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { getMemberName } from '@/features/teams/utils/member-name';
import { AnalyticsPanel } from '@/features/workspace/components/analytics-panel';
import { DocumentsPanel } from '@/features/workspace/components/documents-panel';
import { JoinWorkspaceForm } from '@/features/workspace/components/join-workspace-form';
import { OverviewPanel } from '@/features/workspace/components/overview-panel';
import { SettingsPanel } from '@/features/workspace/components/settings-panel';
import { TeamPanel } from '@/features/workspace/components/team-panel';
import { WorkspaceHeader } from '@/features/workspace/components/workspace-header';
import { WorkspaceLoading } from '@/features/workspace/components/workspace-loading';
import { WorkspaceSearch } from '@/features/workspace/components/workspace-search';
import { WorkspaceSetup } from '@/features/workspace/components/workspace-setup';
import { isWorkspaceTab, useWorkspaceTab } from '@/features/workspace/hooks/use-workspace-tab';
import {
  WORKSPACE_TABS,
  type WorkspaceMemberRow,
  type WorkspaceSearchResults,
  type WorkspaceTab,
} from '@/features/workspace/types';
import { getDocumentType } from '@/features/workspace/utils/get-document-type';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** The search runs once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 250;
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * /workspace (spec 000 §2 "Enterprise Workspace screen"): a spinner while the role loads, the create-workspace form
 * for a user without a team (the page turns into the workspace once the role refetches), else the workspace with its
 * header, search and tabs. Composes the teams, me, auth, preferences, documents and workspace features.
 */
export function WorkspaceRoute() {
  const roleQuery = useRole();
  if (roleQuery.isPending) return <WorkspaceLoading />;
  const roleState = roleQuery.data ?? NO_TEAM_ROLE_STATE;
  if (!roleState.hasTeam) return <NoTeamWorkspace />;
  return <TeamWorkspace roleState={roleState} />;
}

function NoTeamWorkspace() {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  return (
    <WorkspaceSetup
      title={t('title')}
      // Creating the team refetches the role, and this page then shows the workspace: no reload needed.
      createForm={<CreateTeamForm />}
      joinForm={<JoinWorkspaceForm onJoin={(invitationId) => navigate(paths.acceptInvitation.getHref(invitationId))} />}
    />
  );
}

function TeamWorkspace({ roleState }: { roleState: RoleState }) {
  const { t } = useTranslation('workspace');
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const isManager = canManageTeam(roleState.role);
  const availableTabs = useMemo<readonly WorkspaceTab[]>(
    () => (isManager ? WORKSPACE_TABS : WORKSPACE_TABS.filter((tab) => tab !== 'team')),
    [isManager],
  );
  const { tab, selectTab } = useWorkspaceTab(availableTabs);
  const search = useWorkspaceSearch();
  const workspaceName = roleState.teamName?.trim() || t('defaultName');
  const handleSignOut = () => void signOut();

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <WorkspaceHeader
        teamName={workspaceName}
        roleBadge={<RoleBadge role={roleState.role} />}
        search={<WorkspaceSearch {...search} />}
        email={user?.email ?? null}
        onSignOut={handleSignOut}
        isSigningOut={isSigningOut}
      />
      <Tabs value={tab} onValueChange={(value) => isWorkspaceTab(value) && selectTab(value)} className="gap-4">
        <TabsList aria-label={t('tabs.label')} className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {availableTabs.map((value) => (
            <TabsTrigger key={value} value={value} className="h-8 flex-none">
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab canManageTeam={isManager} onSelectTab={selectTab} />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="documents">
          <DocumentsTab />
        </TabsContent>
        {isManager ? (
          <TabsContent value="team">
            <TeamTab />
          </TabsContent>
        ) : null}
        <TabsContent value="settings">
          <SettingsTab
            workspaceName={workspaceName}
            roleState={roleState}
            onSignOut={handleSignOut}
            isSigningOut={isSigningOut}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The search box's state: the typed text, searched once typing pauses, and the answer ready to list. */
function useWorkspaceSearch() {
  const { t } = useTranslation('teams');
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const searchedQuery = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useTeamSearch(searchedQuery);
  const results = useMemo(
    () =>
      search.data &&
      toSearchResults(search.data, {
        getName: (member) => getMemberName(member, t('unknownUser')),
        getRoleLabel: (member) => t(`roles.${member.role}`),
      }),
    [search.data, t],
  );
  return {
    query,
    onQueryChange: setQuery,
    searchedQuery,
    results: searchedQuery === '' ? undefined : results,
    isSearching: search.isFetching || typed !== searchedQuery,
    isError: search.isError && typed === searchedQuery,
  };
}

function toSearchResults(
  result: TeamSearchResult,
  labels: { getName: (member: TeamMember) => string; getRoleLabel: (member: TeamMember) => string },
): WorkspaceSearchResults {
  return {
    members: result.members.map((member) => ({
      id: member.userId,
      name: labels.getName(member),
      email: member.email,
      roleLabel: labels.getRoleLabel(member),
    })),
    spaces: result.spaces,
    documents: result.documents.map((document) => ({
      id: document.id,
      title: document.title,
      typeLabel: getDocumentType(document.mimeType, document.title),
      href: getDocumentContentHref(document.id),
    })),
  };
}

function OverviewTab({
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

function AnalyticsTab() {
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

function DocumentsTab() {
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

function TeamTab() {
  const { t } = useTranslation('teams');
  const members = useMembers();
  const rows = useMemo<WorkspaceMemberRow[]>(
    () =>
      (members.data ?? []).map((member) => {
        const name = getMemberName(member, t('unknownUser'));
        return {
          id: member.userId,
          name,
          email: member.email,
          department: member.department ?? member.customDepartment ?? t('general'),
          avatar: (
            <MemberAvatar
              name={name}
              avatarUrl={member.avatarUrl}
              isActive={member.status === 'active'}
              className="size-9"
            />
          ),
          roleBadge: <RoleBadge role={member.role} />,
        };
      }),
    [members.data, t],
  );
  return (
    <TeamPanel
      members={rows}
      isPending={members.isPending}
      isError={members.isError}
      onRetry={() => void members.refetch()}
    />
  );
}

function SettingsTab({
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
