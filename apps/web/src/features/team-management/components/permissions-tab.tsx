import { ROLES, type TeamMember } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { MemberDisplay } from '../types';
import { countMembersByRole } from '../utils/team-counts';

type PermissionsTabProps = {
  members: readonly TeamMember[];
  renderRoleBadge: MemberDisplay['renderRoleBadge'];
};

/** Permissions: each role with what it may do and how many members hold it. */
export function PermissionsTab({ members, renderRoleBadge }: PermissionsTabProps) {
  const { t, i18n } = useTranslation(['teamManagement', 'teams']);
  const counts = countMembersByRole(members);
  const formatNumber = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('permissions.title')}</h2>
        </CardTitle>
        <CardDescription>{t('permissions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 md:grid-cols-2">
          {ROLES.map((role) => (
            <li key={role}>
              <article aria-label={t(`teams:roles.${role}`)} className="grid h-full gap-3 rounded-lg border p-4">
                <h3>{renderRoleBadge(role)}</h3>
                <p className="text-muted-foreground text-sm">{t(`teams:roleDescriptions.${role}`)}</p>
                <dl className="flex items-baseline gap-2 text-sm">
                  <dt className="text-muted-foreground">{t('permissions.members')}</dt>
                  <dd className="font-semibold">{formatNumber.format(counts[role])}</dd>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
