import type { TeamMember } from '@lumen/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { MemberDisplay, TeamManagementActions, Viewer } from '../types';
import { getDepartmentLabel } from '../utils/department-label';
import { filterBySearch } from '../utils/filter-members';
import { AllMembersDialog } from './all-members-dialog';
import { MemberCard } from './member-card';
import { SearchField } from './search-field';
import { SimpleInviteDialog } from './simple-invite-dialog';

/** The tab shows this many cards; 'View All N Members' lists everyone. */
export const MEMBER_CARDS_LIMIT = 12;

type MembersTabProps = {
  members: readonly TeamMember[];
  viewer: Viewer;
  display: MemberDisplay;
  actions: Pick<TeamManagementActions, 'changeMemberRole' | 'removeMember' | 'inviteMember'>;
};

/** Members: search by name, email, department or role; member cards; View All; 'Invite by email' for managers. */
export function MembersTab({ members, viewer, display, actions }: MembersTabProps) {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const [search, setSearch] = useState('');
  const general = t('teams:general');
  const matchingMembers = filterBySearch(members, search, (member) => [
    display.getName(member),
    member.email,
    getDepartmentLabel(member, general),
    member.role,
    t(`teams:roles.${member.role}`),
    member.customRole,
  ]);
  const shownMembers = matchingMembers.slice(0, MEMBER_CARDS_LIMIT);

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">
            <h2>{t('members.title')}</h2>
          </CardTitle>
          <CardDescription>{t('members.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {members.length > 0 ? <AllMembersDialog members={members} display={display} /> : null}
          {viewer.canManageTeam ? <SimpleInviteDialog inviteMember={actions.inviteMember} /> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          label={t('members.searchLabel')}
          placeholder={t('members.searchPlaceholder')}
          value={search}
          onValueChange={setSearch}
          className="max-w-md"
        />
        {shownMembers.length === 0 ? (
          <div className="grid gap-1 py-6 text-center">
            <p className="text-muted-foreground">{t('members.empty')}</p>
            {viewer.canManageTeam ? <p className="text-muted-foreground text-sm">{t('members.inviteHint')}</p> : null}
          </div>
        ) : (
          <>
            <ul aria-label={t('members.title')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {shownMembers.map((member) => (
                <li key={member.userId}>
                  <MemberCard member={member} viewer={viewer} display={display} actions={actions} />
                </li>
              ))}
            </ul>
            {matchingMembers.length > shownMembers.length ? (
              <p className="text-muted-foreground text-sm">
                {t('members.showingSome', { shown: shownMembers.length, total: matchingMembers.length })}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
