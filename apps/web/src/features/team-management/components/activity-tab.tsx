import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Activity: the team's events from the audit log (the route passes the shared activity list, with 'Load more'). */
export function ActivityTab({ activity }: { activity: ReactNode }) {
  const { t } = useTranslation('teamManagement');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('activity.title')}</h2>
        </CardTitle>
        <CardDescription>{t('activity.description')}</CardDescription>
      </CardHeader>
      <CardContent>{activity}</CardContent>
    </Card>
  );
}
