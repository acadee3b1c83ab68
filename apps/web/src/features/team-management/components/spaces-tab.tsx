import { FolderPlusIcon, FoldersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * Spaces. The team's spaces come with the spaces issue (there is no spaces API yet), so the tab shows the spec's
 * empty state rather than sample spaces; managers get 'Create Space'.
 */
export function SpacesTab({ canManageTeam }: { canManageTeam: boolean }) {
  const { t } = useTranslation('teamManagement');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('spaces.title')}</h2>
        </CardTitle>
        <CardDescription>{t('spaces.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
        <FoldersIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">{t('spaces.empty')}</p>
        {canManageTeam ? (
          <Button asChild>
            <Link to={paths.spacesNew.getHref()}>
              <FolderPlusIcon aria-hidden="true" />
              {t('spaces.createSpace')}
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
