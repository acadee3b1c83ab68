import { useTranslation } from 'react-i18next';
import { useMembers } from '../api/get-members';
import { getMemberName } from '../utils/member-name';

type TeamMemberOptionsOptions = {
  /** Loads the members only when they can be picked (managers). */
  isEnabled: boolean;
  /** Leaves this user out (the caller, who is always in what they create). */
  excludedUserId?: string | null | undefined;
};

/** The team's active members as choices (id, display name, email), with whether the list failed to load. */
export function useTeamMemberOptions({ isEnabled, excludedUserId }: TeamMemberOptionsOptions) {
  const { t } = useTranslation('teams');
  const members = useMembers({ queryConfig: { enabled: isEnabled } });
  const unknownUser = t('unknownUser');
  const options = members.data
    ?.filter((member) => member.status === 'active' && member.userId !== excludedUserId)
    .map((member) => ({ userId: member.userId, name: getMemberName(member, unknownUser), email: member.email }));
  return { options, isError: members.isError, refetch: members.refetch };
}
