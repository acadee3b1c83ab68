import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { DashboardSection } from './dashboard-section';

type YourWorkspaceCardProps = {
  teamName: string | null;
  /** The teams feature's role badge, passed in by the route. */
  roleBadge: ReactNode;
  /** The user's department (or its loading state); left out on dashboards that do not show it. */
  department?: ReactNode;
  /** A link or button at the end of the card ('Open Workspace'). */
  action?: ReactNode;
};

/** 'Your Workspace': the user's team and role, optionally their department, and an optional action. */
export function YourWorkspaceCard({ teamName, roleBadge, department, action }: YourWorkspaceCardProps) {
  const { t } = useTranslation('dashboards');
  return (
    <DashboardSection title={t('yourWorkspace.title')} description={t('yourWorkspace.description')}>
      <Card className="py-4">
        <CardContent className="flex flex-wrap items-center justify-between gap-4 px-4">
          <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('yourWorkspace.team')}</dt>
              <dd className="font-medium">{teamName}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('yourWorkspace.role')}</dt>
              <dd>{roleBadge}</dd>
            </div>
            {department === undefined ? null : (
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t('yourWorkspace.department')}</dt>
                <dd className="font-medium">{department}</dd>
              </div>
            )}
          </dl>
          {action}
        </CardContent>
      </Card>
    </DashboardSection>
  );
}
