import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useRole } from '@/features/me/api/get-role';
import { TeamChatRoom } from '@/features/team-chat/components/team-chat-room';

/**
 * /team-chat: the team's room with 'Back to Workspace' (spec 001). Someone without a team is told to join one; the
 * room itself is the team-chat feature, given who is reading and whether they may delete others' messages.
 */
export function TeamChatRoute() {
  const { t } = useTranslation(['translation', 'teamChat']);
  const { user } = useSession();
  const role = useRole();
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <BackLink to={paths.workspace.getHref()}>{t('teamChat:backToWorkspace')}</BackLink>
      <div className="grid gap-1">
        <ScreenTitle>{t('pages.teamChat', { name: '' })}</ScreenTitle>
        {role.data?.teamName && (
          <p className="text-muted-foreground">{t('teamChat:intro', { team: role.data.teamName })}</p>
        )}
      </div>
      {role.isPending || !user ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('teamChat:loading')} />
        </div>
      ) : role.data?.hasTeam ? (
        <TeamChatRoom currentUserId={user.id} isTeamAdmin={role.data.isAdmin} />
      ) : (
        <p className="text-muted-foreground">{t('teamChat:noTeam')}</p>
      )}
    </div>
  );
}
