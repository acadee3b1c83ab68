import { canManageTeam, NO_TEAM_ROLE_STATE, type RoleState } from '@lumen/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { getDocumentContentHref } from '@/features/documents/api/get-documents';
import { ConnectedServicesDialog } from '@/features/integrations/components/connected-services-dialog';
import { useRole } from '@/features/me/api/get-role';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { useTeamSearchResults } from '@/features/teams/hooks/use-team-search-results';
import { JoinWorkspaceForm } from '@/features/workspace/components/join-workspace-form';
import { WorkspaceHeader } from '@/features/workspace/components/workspace-header';
import { WorkspaceLoading } from '@/features/workspace/components/workspace-loading';
import { WorkspaceSearch } from '@/features/workspace/components/workspace-search';
import { WorkspaceSetup } from '@/features/workspace/components/workspace-setup';
import { isWorkspaceTab, useWorkspaceTab } from '@/features/workspace/hooks/use-workspace-tab';
import { WORKSPACE_TABS, type WorkspaceTab } from '@/features/workspace/types';
import { getDocumentType } from '@/features/workspace/utils/get-document-type';
import { AnalyticsTab, DocumentsTab, OverviewTab, SettingsTab, TeamTab } from './workspace-tabs';

/**
 * /workspace (docs/product-rules.md#workspace-and-dashboard): a spinner while the role loads, the create-workspace form
 * for a user without a team (the page turns into the workspace once the role refetches), else the workspace with its
 * header, search and tabs. Composes the teams, me, auth, preferences, documents, integrations and workspace features.
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
  const search = useTeamSearchResults({ describeDocument: describeSearchedDocument });
  const workspaceName = roleState.teamName?.trim() || t('defaultName');
  const handleSignOut = () => void signOut();

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <WorkspaceHeader
        teamName={workspaceName}
        roleBadge={<RoleBadge role={roleState.role} />}
        search={<WorkspaceSearch {...search} />}
        email={user?.email ?? null}
        connectedServices={<ConnectedServicesDialog isSignedIn={user !== null} triggerVariant="button" />}
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
            <TeamTab isAdmin={roleState.isAdmin} />
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

/** Where a searched document opens and what type it is. A module-level function, so the search's results stay stable. */
function describeSearchedDocument(document: { id: string; title: string; mimeType: string | null }) {
  return { typeLabel: getDocumentType(document.mimeType, document.title), href: getDocumentContentHref(document.id) };
}
