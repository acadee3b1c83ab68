import type { Department, TeamMember } from '@lumen/contract';
import { Building2Icon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRunWithToasts } from '../hooks/use-run-with-toasts';
import type { TeamManagementActions } from '../types';
import { countMembersByDepartment, type DepartmentCount } from '../utils/team-counts';
import { DepartmentNameDialog } from './department-name-dialog';

type DepartmentsTabProps = {
  departments: readonly Department[];
  members: readonly TeamMember[];
  canManageTeam: boolean;
  actions: Pick<TeamManagementActions, 'createDepartment' | 'renameDepartment' | 'deleteDepartment'>;
};

/**
 * Departments: members and admins of each (counted from the member list), the members without one under 'General';
 * managers add, rename and delete departments.
 */
export function DepartmentsTab({ departments, members, canManageTeam, actions }: DepartmentsTabProps) {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const rows = countMembersByDepartment(members, departments);

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">
            <h2>{t('departments.title')}</h2>
          </CardTitle>
          <CardDescription>{t('departments.description')}</CardDescription>
        </div>
        {canManageTeam ? (
          <DepartmentNameDialog
            trigger={
              <Button>
                <PlusIcon aria-hidden="true" />
                {t('departments.add')}
              </Button>
            }
            title={t('departments.add')}
            description={t('departments.addDescription')}
            initialName=""
            submitLabel={t('departments.create')}
            pendingLabel={t('departments.creating')}
            successMessage={t('departments.created')}
            failureMessage={t('departments.createFailed')}
            onSubmit={actions.createDepartment}
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t('departments.empty')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((row) => (
              <li key={row.department?.id ?? 'general'}>
                <DepartmentCard row={row} canManageTeam={canManageTeam} actions={actions} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type DepartmentCardProps = {
  row: DepartmentCount;
  canManageTeam: boolean;
  actions: DepartmentsTabProps['actions'];
};

function DepartmentCard({ row, canManageTeam, actions }: DepartmentCardProps) {
  const { t, i18n } = useTranslation(['teamManagement', 'teams']);
  const runWithToasts = useRunWithToasts();
  const { department } = row;
  const name = department?.name ?? t('teams:general');
  const formatNumber = new Intl.NumberFormat(i18n.language);

  const remove = (departmentId: string) =>
    runWithToasts(() => actions.deleteDepartment(departmentId), {
      success: t('departments.deleted'),
      failure: t('departments.deleteFailed'),
      logMessage: 'Failed to delete department:',
    });

  return (
    <article aria-label={name} className="grid h-full gap-3 rounded-lg border p-4">
      <div className="flex items-start gap-2">
        <Building2Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium">{name}</h3>
          {department ? null : <p className="text-muted-foreground text-xs">{t('departments.generalCaption')}</p>}
        </div>
        {department && canManageTeam ? (
          <div className="-my-1 flex gap-1">
            <DepartmentNameDialog
              trigger={
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t('departments.renameLabel', { name: department.name })}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
              }
              title={t('departments.renameTitle')}
              description={t('departments.renameDescription', { name: department.name })}
              initialName={department.name}
              submitLabel={t('departments.save')}
              pendingLabel={t('departments.saving')}
              successMessage={t('departments.renamed')}
              failureMessage={t('departments.renameFailed')}
              onSubmit={(newName) => actions.renameDepartment({ id: department.id, name: newName })}
            />
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  aria-label={t('departments.deleteLabel', { name: department.name })}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              }
              title={t('departments.deleteTitle')}
              description={t('departments.deleteDescription', { name: department.name })}
              cancelLabel={t('cancel')}
              confirmLabel={t('departments.delete')}
              onConfirm={() => remove(department.id)}
            />
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('departments.members')}</dt>
          <dd className="font-semibold text-lg">{formatNumber.format(row.memberCount)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('departments.admins')}</dt>
          <dd className="font-semibold text-lg">{formatNumber.format(row.adminCount)}</dd>
        </div>
      </dl>
    </article>
  );
}
