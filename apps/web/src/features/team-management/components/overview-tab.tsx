import { FolderPlusIcon, MessagesSquareIcon, UserPlusIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

type OverviewTabProps = {
  /** The team's latest events (the route passes the shared activity list). */
  recentActivity: ReactNode;
  /** The managers' pending invitations card; null for everyone else. */
  pendingInvitations: ReactNode;
  canManageTeam: boolean;
  onInviteClick: () => void;
};

/** Overview: Recent Activity, Quick Actions (Create New Space and Invite Team Member for managers) and invitations. */
export function OverviewTab({ recentActivity, pendingInvitations, canManageTeam, onInviteClick }: OverviewTabProps) {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const quickActionsId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>{t('teams:activity.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>{recentActivity}</CardContent>
      </Card>
      <aside aria-labelledby={quickActionsId}>
        <Card className="h-full">
          <CardHeader>
            <CardTitle className="text-lg">
              <h2 id={quickActionsId}>{t('overview.quickActions')}</h2>
            </CardTitle>
            <CardDescription>{t('overview.quickActionsDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {canManageTeam ? (
              <>
                <Button variant="outline" className="justify-start" asChild>
                  <Link to={paths.spacesNew.getHref()}>
                    <FolderPlusIcon aria-hidden="true" />
                    {t('overview.createSpace')}
                  </Link>
                </Button>
                <Button variant="outline" className="justify-start" onClick={onInviteClick}>
                  <UserPlusIcon aria-hidden="true" />
                  {t('overview.inviteMember')}
                </Button>
              </>
            ) : null}
            <Button variant="outline" className="justify-start" asChild>
              <Link to={paths.teamChat.getHref()}>
                <MessagesSquareIcon aria-hidden="true" />
                {t('overview.startChatting')}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </aside>
      {pendingInvitations ? <div className="lg:col-span-3">{pendingInvitations}</div> : null}
    </div>
  );
}
