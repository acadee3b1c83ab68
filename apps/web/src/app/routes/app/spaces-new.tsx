import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useRole } from '@/features/me/api/get-role';
import { CreateSpaceForm } from '@/features/spaces/components/create-space-form';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';

/**
 * /spaces/new: the Create Space page (docs/product-rules.md#spaces); a created space leads back to /spaces. Without a team, the way to
 * create or join a workspace instead.
 */
export function SpacesNewRoute() {
  const { t } = useTranslation('spaces');
  const navigate = useNavigate();
  const role = useRole();
  const goToSpaces = () => void navigate(paths.spaces.getHref());
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="grid gap-3">
        <BackLink to={paths.spaces.getHref()}>{t('backToSpaces')}</BackLink>
        <ScreenTitle>{t('create.title')}</ScreenTitle>
      </div>
      {role.data?.hasTeam === false ? (
        <NoTeamNotice />
      ) : (
        <Card>
          <CardHeader>
            <CardDescription>{t('create.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateSpaceForm onCreated={goToSpaces} onCancel={goToSpaces} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
