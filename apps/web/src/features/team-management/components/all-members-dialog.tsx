import type { TeamMember } from '@lumen/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { MemberDisplay } from '../types';
import { getDepartmentLabel } from '../utils/department-label';
import { filterBySearch } from '../utils/filter-members';
import { SearchField } from './search-field';

type AllMembersDialogProps = {
  members: readonly TeamMember[];
  display: MemberDisplay;
};

/** 'View All N Members': every member in a scrolling dialog (at most 80% of the screen high) with its own search. */
export function AllMembersDialog({ members, display }: AllMembersDialogProps) {
  const { t } = useTranslation(['teamManagement', 'teams', 'translation']);
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const general = t('teams:general');
  const visibleMembers = filterBySearch(members, search, (member) => [
    display.getName(member),
    member.role,
    t(`teams:roles.${member.role}`),
    member.customRole,
    getDepartmentLabel(member, general),
  ]);

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(nextIsOpen) => {
        setIsOpen(nextIsOpen);
        if (!nextIsOpen) setSearch('');
      }}
      title={t('members.allTitle')}
      description={t('members.allDescription')}
      trigger={<Button variant="outline">{t('members.viewAll', { total: members.length })}</Button>}
      className="flex max-h-[80vh] flex-col sm:max-w-2xl"
    >
      <SearchField
        label={t('members.allSearchLabel')}
        placeholder={t('members.allSearchPlaceholder')}
        value={search}
        onValueChange={setSearch}
      />
      {visibleMembers.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('members.empty')}</p>
      ) : (
        <ul aria-label={t('members.allTitle')} className="-mx-2 min-h-0 flex-1 divide-y overflow-y-auto px-2">
          {visibleMembers.map((member) => {
            const name = display.getName(member);
            return (
              <li key={member.userId} className="flex items-center gap-3 py-3">
                {display.renderAvatar(member, name)}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-sm">{name}</p>
                  <p className="truncate text-muted-foreground text-xs">{member.email}</p>
                </div>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {display.renderRoleBadge(member.role)}
                  {member.customRole ? <Badge variant="outline">{member.customRole}</Badge> : null}
                  <Badge variant="outline">{getDepartmentLabel(member, general)}</Badge>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </FormDialog>
  );
}
