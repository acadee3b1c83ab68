import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth/hooks/use-session';
import type { DashboardAction } from '@/features/dashboards/components/action-card';
import { useTeamChatUnread } from '@/features/team-chat/api/get-team-chat-unread';

/** The dashboards' actions with the reader's unread team chat count on the Team Chat card (composes two features). */
export function useWithTeamChatBadge(actions: readonly DashboardAction[], hasTeam: boolean): DashboardAction[] {
  const { t } = useTranslation('dashboards');
  const { user } = useSession();
  const unread = useTeamChatUnread({ currentUserId: user?.id ?? null, isEnabled: hasTeam && user !== null });
  const count = unread.data?.count ?? 0;
  if (count === 0) return [...actions];
  const text = unread.data?.isCapped ? `${count}+` : String(count);
  return actions.map((action) =>
    action.id === 'team-chat' ? { ...action, badge: { text, label: t('actions.teamChat.unread', { count }) } } : action,
  );
}
