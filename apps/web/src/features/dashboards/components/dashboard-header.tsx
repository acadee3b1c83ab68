import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '@/components/screen-title';

type DashboardHeaderProps = {
  title: string;
  /** Who is greeted: 'Welcome back, {name}'. */
  greetingName: string;
  /** Shown beside the title on wide screens (the team name, the role badge). */
  children?: ReactNode;
};

/** A dashboard's title with the 'Welcome back' greeting. */
export function DashboardHeader({ title, greetingName, children }: DashboardHeaderProps) {
  const { t } = useTranslation('dashboards');
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <ScreenTitle>{title}</ScreenTitle>
        <p className="text-lg text-muted-foreground">{t('greeting', { name: greetingName })}</p>
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </header>
  );
}
