import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * What a team screen shows instead of its content when the user has no team yet (the server answers 404): the way to
 * /workspace-new, where they create a workspace or join one with an invitation.
 */
export function NoTeamNotice() {
  const { t } = useTranslation('teams');
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('noTeam.title')}</h2>
        </CardTitle>
        <CardDescription>{t('noTeam.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={paths.workspaceNew.getHref()}>{t('noTeam.action')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
